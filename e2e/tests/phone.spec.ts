import { expect, test } from '@playwright/test';
import { scan } from './axe';
import { closeToast, createPost, createUser, logIn, postCard, uniqueName } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('the core flow on a phone, navigating with the drawer', async ({ page, request }) => {
  const author = await createUser(request, 'Phone', 'Friend');
  const theirs = `From a friend ${uniqueName('p')}`;
  await createPost(request, author, theirs);
  const user = await createUser(request, 'Pocket', 'User');
  await logIn(page, user.username);

  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const text = `Posted on the go ${uniqueName('m')}`;
  await page.getByPlaceholder('Create a post....').fill(text);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(postCard(page, text)).toBeVisible();

  await postCard(page, theirs).getByRole('button', { name: 'Like', exact: true }).click();
  await expect(postCard(page, theirs).getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(postCard(page, theirs).getByTestId('like-count')).toHaveText('1');
  await postCard(page, theirs).getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(postCard(page, theirs).getByRole('button', { name: 'Bookmark', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Sync' });
  await drawer.getByRole('link', { name: 'Bookmark' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL('/bookmark');
  await expect(postCard(page, theirs)).toBeVisible();

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await drawer.getByRole('link', { name: 'Network' }).click();
  await expect(page).toHaveURL('/network');
  await page.getByRole('button', { name: 'Show Trending' }).click();
  await expect(page.getByRole('list', { name: 'Trending posts' })).toBeVisible();

  await page.getByRole('button', { name: 'Open navigation' }).click();
  await drawer.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(`/profile/${user.username}`);
  await expect(page.getByRole('heading', { name: 'Pocket User' })).toBeVisible();
  const mine = page.getByRole('list', { name: `Posts by @${user.username}` });
  await expect(mine.getByRole('article')).toHaveCount(1);
  await expect(mine.getByText(text)).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
});

for (const mode of ['light', 'dark'] as const) {
  test.describe(`names in the feed (${mode})`, () => {
    test.use({ colorScheme: mode });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((m) => localStorage.setItem('sync-color-mode', m), mode);
    });

    test('a name is shown whole, with the time under it rather than squeezing it', async ({
      page,
      request,
    }) => {
      const author = await createUser(request, 'Maya', 'Sunderland-Okafor');
      const text = `A name to read whole ${uniqueName('n')}`;
      await createPost(request, author, text);
      await logIn(page, author.username);
      await closeToast(page);

      const card = postCard(page, text);
      const name = card.getByRole('link', { name: 'Maya Sunderland-Okafor' });
      const time = card.locator('time');
      await expect(name).toBeVisible();
      // Not cut short with an ellipsis: all of its text fits in the width it is given.
      expect(await name.evaluate((link) => link.scrollWidth <= link.clientWidth)).toBe(true);
      const [nameBox, timeBox] = [(await name.boundingBox())!, (await time.boundingBox())!];
      expect(timeBox.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height - 2);
      await scan(page, `phone feed bylines (${mode})`);

      // On a wide screen the line has room: name, @username and time on one line.
      await page.setViewportSize({ width: 1280, height: 800 });
      const [wideName, wideTime] = [(await name.boundingBox())!, (await time.boundingBox())!];
      expect(Math.abs(wideTime.y + wideTime.height / 2 - (wideName.y + wideName.height / 2))).toBeLessThan(4);
      await scan(page, `wide feed bylines (${mode})`);
    });
  });
}
