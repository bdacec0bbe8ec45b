import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scan } from './axe';
import { closeToast, createPost, createUser, logIn, type TestUser, uniqueName } from './helpers';

/**
 * Notifications a person chooses (issue 29, item 6): the All / Mentions tabs kept in the address,
 * Follow back on a follow notification, Settings → Notifications taking effect, and on a phone one
 * bell, in the tab bar, with the unread count; each screen axe-clean in both colour modes.
 */

async function act(request: APIRequestContext, who: TestUser, path: string) {
  const response = await request.post(path, { headers: { authorization: who.token } });
  expect(response.status(), path).toBeLessThan(300);
}

/** Scans the screen as it is, then in the other colour mode (the top bar's switch), and back. */
async function scanBothModes(page: Page, screen: string) {
  await scan(page, `${screen} light`);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await scan(page, `${screen} dark`);
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
}

test('All and Mentions tabs, Follow back, and the settings of what notifies', async ({ page, request }) => {
  test.setTimeout(120_000);
  const me = await createUser(request, 'Noti', 'Fied');
  const fan = await createUser(request, 'Fan', uniqueName('Fan').slice(0, 20));
  const mine = await createPost(request, me, `Something to like ${uniqueName('n')}`);
  await act(request, fan, `/api/posts/like/${mine._id}`);
  const mention = `Hello @${me.username} ${uniqueName('m')}`;
  await createPost(request, fan, mention);
  await act(request, fan, `/api/users/follow/${me._id}`);

  await logIn(page, me.username);
  await closeToast(page);
  await page.goto('/notifications');
  const tabs = page.getByRole('tablist', { name: 'Notification filters' });
  const list = page.getByRole('list', { name: 'Notifications' });
  const fanName = `${fan.firstName} ${fan.lastName}`;
  await expect(tabs.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  await expect(list.getByText(`${fanName} liked your post`)).toBeVisible();
  await expect(list.getByText(`${fanName} mentioned you`)).toBeVisible();
  await expect(list.getByText(`${fanName} followed you`)).toBeVisible();
  await scanBothModes(page, 'notifications all');

  await tabs.getByRole('tab', { name: 'Mentions' }).click();
  await expect(page).toHaveURL(/\/notifications\?filter=mentions$/);
  await expect(list.getByText(`${fanName} mentioned you`)).toBeVisible();
  await expect(list.getByText(`${fanName} liked your post`)).toHaveCount(0);
  await expect(list.getByText(`${fanName} followed you`)).toHaveCount(0);
  await page.reload();
  await expect(tabs.getByRole('tab', { name: 'Mentions' })).toHaveAttribute('aria-selected', 'true');
  await expect(list.getByText(`${fanName} mentioned you`)).toBeVisible();
  await scanBothModes(page, 'notifications mentions');
  // The arrow keys move between the tabs (the tabs pattern), and the address follows.
  await tabs.getByRole('tab', { name: 'Mentions' }).press('ArrowLeft');
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(tabs.getByRole('tab', { name: 'All' })).toBeFocused();

  await list.getByRole('button', { name: `Follow back ${fanName}` }).click();
  // The follow state the app shows everywhere, in the spec's word, so it can be taken back from here.
  await expect(list.getByRole('button', { name: `UnFollow ${fanName}` })).toBeVisible();
  // Shown again (the follow stored), the entry has nobody left to follow back.
  await page.reload();
  await expect(list.getByText(`${fanName} followed you`)).toBeVisible();
  await expect(list.getByRole('button', { name: /Follow/ })).toHaveCount(0);

  await page.goto('/settings');
  const settings = page.getByRole('region', { name: 'Notifications' });
  const likes = settings.getByRole('checkbox', { name: 'Likes of my posts' });
  await expect(likes).toBeChecked();
  await scanBothModes(page, 'settings notifications');
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/account/notification-settings') && response.request().method() === 'PUT',
  );
  await likes.uncheck();
  expect((await saved).status()).toBe(200);
  await expect(likes).not.toBeChecked();
  await page.reload();
  await expect(settings.getByRole('checkbox', { name: 'Likes of my posts' })).not.toBeChecked();
  await page.goto('/notifications');
  await expect(list.getByText(`${fanName} mentioned you`)).toBeVisible();
  await expect(list.getByText(`${fanName} liked your post`)).toHaveCount(0);

  await page.goto('/settings');
  await settings.getByRole('checkbox', { name: 'Likes of my posts' }).check();
  await expect(settings.getByRole('checkbox', { name: 'Likes of my posts' })).toBeChecked();
  await page.goto('/notifications');
  await expect(list.getByText(`${fanName} liked your post`)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('one bell, in the tab bar, with the unread count', async ({ page, request }) => {
    const me = await createUser(request, 'Phone', 'Bell');
    const fan = await createUser(request, 'Phone', 'Fan');
    const mine = await createPost(request, me, `Ring on the go ${uniqueName('p')}`);
    await act(request, fan, `/api/posts/like/${mine._id}`);
    await act(request, fan, `/api/users/follow/${me._id}`);

    await logIn(page, me.username);
    await closeToast(page);
    const bells = page.getByRole('link', { name: /^Notifications/ });
    await expect(bells).toHaveCount(1);
    const bell = page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(/^Notifications\s+2 unread$/);
    await expect(bell.getByTestId('unread-badge')).toHaveText('2');
    await expect(page.getByRole('banner').getByRole('link', { name: /^Notifications/ })).toHaveCount(0);
    await scanBothModes(page, 'phone bell');

    await bell.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(bell.getByTestId('unread-badge')).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: `Follow back ${fan.firstName} ${fan.lastName}` }),
    ).toBeVisible();
    await scanBothModes(page, 'phone notifications');
    await expect(bells).toHaveCount(1);
  });
});
