import { expect, test } from '@playwright/test';
import { scan } from './axe';
import { closeToast, createPost, createUser, logIn, postCard, type TestUser, uniqueName } from './helpers';

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    test.use({ colorScheme: mode });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((m) => localStorage.setItem('sync-color-mode', m), mode);
    });

    test(`signed-out screens pass axe (${mode})`, async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Log in to Sync' })).toBeVisible();
      await scan(page, `login ${mode}`);
      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: 'Join Sync' })).toBeVisible();
      await scan(page, `signup ${mode}`);
    });

    test(`signed-in screens and dialogs pass axe (${mode})`, async ({ page, request }) => {
      // Some twenty scans: 1.2 min alone on a two-core machine, 2 min beside another test, and past
      // 3 min once in the full suite (on /people, the last screens).
      test.setTimeout(300_000);
      const other: TestUser = await createUser(request, 'Axe', 'Author');
      const user = await createUser(request, 'Axe', 'Reader');
      const text = `Scanned ${uniqueName('axe')}`;
      const post = await createPost(request, user, text);
      // Linked text, and a mention that puts an entry on the reader's notifications.
      await createPost(
        request,
        other,
        `Someone else ${uniqueName('axe')} #axetag @${user.username} https://example.com/axe`,
      );
      await logIn(page, user.username);
      await closeToast(page);

      await expect(postCard(page, text)).toBeVisible();
      await scan(page, `home ${mode}`);
      await page.getByRole('tab', { name: 'Following' }).click();
      await expect(page.getByRole('heading', { name: 'You don’t follow anyone yet' })).toBeVisible();
      await scan(page, `home following ${mode}`);
      await page.getByRole('tab', { name: 'Everyone' }).click();

      await postCard(page, text).getByRole('button', { name: 'Post options' }).click();
      await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
      await scan(page, `post menu ${mode}`);
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Post' })).toBeVisible();
      await scan(page, `edit post dialog ${mode}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Edit Post' })).toBeHidden();

      await page.getByRole('button', { name: 'Account menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await scan(page, `account menu ${mode}`);
      await page.keyboard.press('Escape');

      await page.goto(`/post/${post._id}`);
      await expect(page.getByRole('heading', { name: 'Post', exact: true })).toBeVisible();
      await page.getByPlaceholder('Post your comment here...').fill('A comment to scan');
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      await expect(page.getByRole('article', { name: 'Comment by Axe Reader' })).toBeVisible();
      await scan(page, `post ${mode}`);
      await page
        .getByRole('article', { name: 'Comment by Axe Reader' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await scan(page, `delete comment dialog ${mode}`);
      await page.keyboard.press('Escape');

      await page.goto(`/profile/${user.username}`);
      await expect(page.getByRole('heading', { name: 'Axe Reader' })).toBeVisible();
      await expect(postCard(page, text)).toBeVisible();
      await scan(page, `own profile ${mode}`);
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await expect(page.getByRole('dialog', { name: 'Update Profile' })).toBeVisible();
      await scan(page, `edit profile dialog ${mode}`);
      await page.keyboard.press('Escape');

      await page.goto(`/profile/${other.username}`);
      await expect(page.getByRole('heading', { name: 'Axe Author' })).toBeVisible();
      await scan(page, `other profile ${mode}`);

      // The social screens, scanned once their lists have shown.
      for (const [path, heading, shown] of [
        ['/notifications', 'Notifications', 'Axe Author mentioned you'],
        ['/search?q=Scanned', 'Search: Scanned', text],
        ['/search?q=Axe&type=users', 'Search: Axe', 'Axe Author'],
        ['/tag/axetag', '#axetag', 'Someone else'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('main').getByText(shown).first()).toBeVisible();
        await scan(page, `${path} ${mode}`);
      }

      for (const [path, heading] of [
        ['/network', 'Network'],
        ['/bookmark', 'Bookmarks'],
        ['/settings', 'Settings'],
        ['/people', 'People'],
        [`/profile/${user.username}/followers`, 'Followers'],
        ['/no-such-page', 'Page not found'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await scan(page, `${path} ${mode}`);
      }
    });
  });
}

/** The same screens at a phone's size, where the layout differs: the drawer and the bottom tab bar. */
for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode on a phone`, () => {
    test.use({ colorScheme: mode, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((m) => localStorage.setItem('sync-color-mode', m), mode);
    });

    test(`phone screens and the drawer pass axe (${mode})`, async ({ page, request }) => {
      // 42 s alone on a two-core machine, past 90 s beside another test in the full suite.
      test.setTimeout(240_000);
      const user = await createUser(request, 'Axe', 'Phone');
      const text = `Scanned on a phone ${uniqueName('axe')}`;
      const post = await createPost(request, user, text);
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Log in to Sync' })).toBeVisible();
      await scan(page, `phone login ${mode}`);
      await logIn(page, user.username);
      await closeToast(page);
      await expect(postCard(page, text)).toBeVisible();
      await scan(page, `phone home ${mode}`);

      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(page.getByRole('dialog', { name: 'Sync' })).toBeVisible();
      await scan(page, `phone drawer ${mode}`);
      await page.keyboard.press('Escape');

      for (const [path, heading] of [
        [`/post/${post._id}`, 'Post'],
        [`/profile/${user.username}`, 'Axe Phone'],
        ['/network', 'Network'],
        ['/bookmark', 'Bookmarks'],
        ['/settings', 'Settings'],
        ['/people', 'People'],
        ['/notifications', 'Notifications'],
        ['/search', 'Search'],
        ['/tag/axetag', '#axetag'],
        ['/no-such-page', 'Page not found'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
        await scan(page, `phone ${path} ${mode}`);
      }
    });
  });
}
