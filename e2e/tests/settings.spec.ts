import { expect, test } from '@playwright/test';
import { createPost, createUser, logIn, PASSWORD, uniqueName } from './helpers';
import fs from 'node:fs';

test('colour mode: system by default, following the device; light or dark when chosen', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await page.emulateMedia({ colorScheme: 'dark' });
  await logIn(page, user.username);
  const html = page.locator('html');
  await expect(html).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(/dark/);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/settings');
  await expect(page.getByRole('radio', { name: /^System/ })).toBeChecked();
  await page.getByRole('radio', { name: /^Dark/ }).check();
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await expect(page.getByRole('radio', { name: /^Dark/ })).toBeChecked();
  await page.getByRole('radio', { name: /^System/ }).check();
  await expect(html).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/dark/);
});

test('change password: wrong current password is refused at its field', async ({ page, request }) => {
  const user = await createUser(request);
  await logIn(page, user.username);
  await page.goto('/settings');
  const current = page.getByLabel('Current password');
  const next = page.getByLabel('New password');
  await expect(next).toHaveAccessibleDescription(/At least 8 characters/);
  await next.fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(current).toBeFocused();
  await expect(current).toHaveAccessibleDescription('Enter your current password.');
  await current.fill('not-my-password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(next).toBeFocused();
  await expect(next).toHaveAttribute('aria-invalid', 'true');

  await next.fill('a-new-password-456');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toBeFocused();
});

test('change password: the old token stops working, this browser stays signed in', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await logIn(page, user.username);
  await page.goto('/settings');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password').fill('a-new-password-456');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).not.toBe(user.token);
  const old = await request.get('/api/users/bookmark', { headers: { authorization: user.token } });
  expect(old.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.goto('/bookmark');
  await expect(page.getByText('No bookmarks yet')).toBeVisible();
});

test('export my data downloads a JSON file named by the server', async ({ page, request }) => {
  const user = await createUser(request);
  const text = `Exported ${uniqueName('x')}`;
  await createPost(request, user, text);
  await logIn(page, user.username);
  await page.goto('/settings');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  expect(data.profile.username).toBe(user.username);
  expect(data.posts.map((p: { content: string }) => p.content)).toContain(text);
});

test('delete my account: password confirmation, then /login says so', async ({ page, request }) => {
  const user = await createUser(request);
  const friend = await createUser(request);
  const post = await createPost(request, friend, `Liked by a leaver ${uniqueName('d')}`);
  await request.post(`/api/posts/like/${post._id}`, { headers: { authorization: user.token } });
  await logIn(page, user.username);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByLabel('Password')).toHaveAccessibleDescription('Enter your password to confirm.');
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted.' })).toBeVisible();
  const liked = await (await request.get(`/api/posts/${post._id}`)).json();
  expect(liked.post.likes.likeCount).toBe(0);
  const login = await request.post('/api/auth/login', {
    data: { username: user.username, password: PASSWORD },
  });
  expect(login.status()).toBe(404);
});
