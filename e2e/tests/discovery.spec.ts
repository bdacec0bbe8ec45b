import { expect, test, type Page } from '@playwright/test';
import { createPost, createUser, logIn, postCard, uniqueName } from './helpers';

/** The People page: its heading and suggested people to follow. */
async function expectPeoplePage(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await expect(
    page
      .getByRole('main')
      .getByRole('button', { name: /^Follow / })
      .first(),
  ).toBeVisible();
}

test('Recommended People has Follow buttons; the People page lists more', async ({ page, request }) => {
  const user = await createUser(request);
  await logIn(page, user.username);
  const panel = page.getByRole('complementary').getByRole('region', { name: 'Recommended People' });
  const first = panel.getByRole('button', { name: /^Follow / }).first();
  const name = (await first.textContent())!.replace(/^Follow\s*/, '').trim();
  await first.click();
  await expect(panel.getByRole('button', { name: `UnFollow ${name}` })).toBeVisible();

  await panel.getByRole('link', { name: 'Show more people' }).click();
  await expectPeoplePage(page);

  await page.goto(`/profile/${user.username}`);
  await expect(page.getByTestId('following-count')).toHaveText('1');
  await page.getByRole('link', { name: /1 Following/ }).click();
  await expect(page).toHaveURL(`/profile/${user.username}/following`);
  await expect(page.getByRole('heading', { level: 1, name: 'Following' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name })).toBeVisible();
});

test('follower counts and like counts link to their lists', async ({ page, request }) => {
  const author = await createUser(request, 'Liked', 'Writer');
  const fan = await createUser(request, 'Big', 'Fan');
  const text = `Who liked this ${uniqueName('w')}`;
  const post = await createPost(request, author, text);
  await request.post(`/api/posts/like/${post._id}`, { headers: { authorization: fan.token } });
  await request.post(`/api/users/follow/${author._id}`, { headers: { authorization: fan.token } });
  await logIn(page, author.username);

  await postCard(page, text).getByRole('link', { name: '1 like', exact: true }).click();
  await expect(page).toHaveURL(`/post/${post._id}/likes`);
  await expect(page.getByRole('heading', { level: 1, name: 'Liked by' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Big Fan' })).toBeVisible();

  await page.goto(`/profile/${author.username}`);
  await page.getByRole('link', { name: /1 Follower/ }).click();
  await expect(page).toHaveURL(`/profile/${author.username}/followers`);
  await expect(page.getByRole('main').getByRole('link', { name: 'Big Fan' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a bottom tab bar links Home, Search, Notifications and Profile', async ({ page, request }) => {
    const user = await createUser(request, 'Thumb', 'User');
    await logIn(page, user.username);
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await expect(tabs).toBeVisible();
    await tabs.getByRole('link', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    // The top bar has no room for the field on a phone: the screen has its own.
    await page.getByRole('main').getByLabel('Search posts and people').fill('Thumb');
    // Suggestions show while typing; the results replace them, or they would cover the tabs.
    await expect(page.getByRole('main').getByRole('listbox')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main').getByRole('listbox')).toBeHidden();
    await page.getByRole('tab', { name: 'People' }).click();
    await expect(page.getByRole('main').getByRole('link', { name: 'Thumb User' }).first()).toBeVisible();
    await tabs.getByRole('link', { name: 'Notifications' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await tabs.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thumb User' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  });

  test('no tab bar on a wide screen', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const user = await createUser(request);
    await logIn(page, user.username);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Tabs' })).toBeHidden();
  });
});
