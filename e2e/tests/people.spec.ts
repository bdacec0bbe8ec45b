import { expect, test } from '@playwright/test';
import { createUser, logIn } from './helpers';

test('follow and unfollow from a profile, with the counts changing', async ({ page, request }) => {
  const target = await createUser(request, 'Followed', 'Person');
  const user = await createUser(request, 'Fan', 'Club');
  await logIn(page, user.username);

  await page.goto(`/profile/${target.username}`);
  await expect(page.getByRole('heading', { name: 'Followed Person' })).toBeVisible();
  await expect(page.getByTestId('follower-count')).toHaveText('0');
  await page.getByRole('button', { name: 'Follow Followed Person' }).click();
  await expect(page.getByRole('button', { name: 'UnFollow Followed Person' })).toBeVisible();
  await expect(page.getByTestId('follower-count')).toHaveText('1');

  await page.goto(`/profile/${user.username}`);
  await expect(page.getByTestId('following-count')).toHaveText('1');

  await page.goto(`/profile/${target.username}`);
  await expect(page.getByTestId('follower-count')).toHaveText('1');
  await page.getByRole('button', { name: 'UnFollow Followed Person' }).click();
  await expect(page.getByRole('button', { name: 'Follow Followed Person' })).toBeVisible();
  await expect(page.getByTestId('follower-count')).toHaveText('0');
  await page.reload();
  await expect(page.getByTestId('follower-count')).toHaveText('0');
});

test('edit my profile', async ({ page, request }) => {
  const user = await createUser(request, 'Profile', 'Owner');
  await logIn(page, user.username);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(`/profile/${user.username}`);
  // One's own profile has no Follow button; the side column's suggested people (an aside) have theirs.
  await expect(page.locator('main button:not(aside button)').filter({ hasText: /^(Un)?Follow/ })).toHaveCount(
    0,
  );
  await expect(
    page
      .getByRole('complementary')
      .getByRole('button', { name: /^Follow/ })
      .first(),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Profile' });
  await expect(dialog.getByLabel('First name')).toHaveValue('Profile');
  await expect(dialog.getByLabel('First name')).toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('Last name')).toHaveAttribute('readonly', '');

  await dialog.getByLabel('Link').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Link').fill('https://example.org/me');
  await dialog.getByLabel('Bio').fill('Writes end-to-end tests.');
  await dialog.getByLabel('City').fill('Lisbon');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByText('Writes end-to-end tests.')).toBeVisible();
  await expect(page.getByText('Lisbon')).toBeVisible();
  const link = page.getByRole('link', { name: 'example.org' });
  await expect(link).toHaveAttribute('href', 'https://example.org/me');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');

  await page.reload();
  await expect(page.getByText('Writes end-to-end tests.')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('dialog', { name: 'Update Profile' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog', { name: 'Update Profile' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeFocused();
});
