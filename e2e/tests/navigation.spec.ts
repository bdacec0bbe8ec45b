import { expect, test } from '@playwright/test';
import { createPost, createUser, holdChunk, logIn, postCard, uniqueName } from './helpers';

test('/login and /signup while signed in go home', async ({ page, request }) => {
  const user = await createUser(request);
  await logIn(page, user.username);
  await page.goto('/login');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.goto('/signup');
  await expect(page).toHaveURL('/');
});

test('an unknown profile shows the missing-page screen with a link home', async ({ page, request }) => {
  const user = await createUser(request);
  await logIn(page, user.username);
  await page.goto('/profile/nobody_by_this_name');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Sync');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('each screen has its own title and an h1, and navigation moves focus to it', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'Ada', 'Lovelace');
  await logIn(page, user.username);
  await expect(page).toHaveTitle('Home · Sync');

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [link, heading, title] of [
    ['Network', 'Network', 'Network · Sync'],
    ['Bookmark', 'Bookmarks', 'Bookmarks · Sync'],
    ['People', 'People', 'People · Sync'],
    ['Settings', 'Settings', 'Settings · Sync'],
    ['Profile', 'Ada Lovelace', `Ada Lovelace (@${user.username}) · Sync`],
  ] as const) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    const h1 = page.getByRole('heading', { level: 1, name: heading });
    await expect(h1).toBeFocused();
    await expect(page).toHaveTitle(title);
  }
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page not found · Sync');
  await page.goto('/login');
  await expect(page).toHaveURL('/');
});

test('the client is served precompressed: brotli when asked for, gzip otherwise', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  const script = await page.locator('script[type="module"]').first().getAttribute('src');
  expect(script).toMatch(/^\/assets\/index-.+\.js$/);
  const brotli = await request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(brotli.headers()['content-encoding']).toBe('br');
  const gzip = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  expect(await gzip.text()).toBe(await brotli.text());
});

test('leaving a screen whose code is still loading shows the next screen', async ({ page, request }) => {
  const author = await createUser(request, 'Slow', 'Screen');
  const text = `Held open ${uniqueName('h')}`;
  const post = await createPost(request, author, text);
  const user = await createUser(request);
  // The post screen's code arrives late (a slow network): its file is held until the end of the test.
  const file = await holdChunk(page, 'post');
  await logIn(page, user.username);
  const card = postCard(page, text);
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/post/${post._id}`);
  // The file was caught (a renamed chunk would let the screen load at once and prove nothing).
  await expect.poll(file.caught).toBe(1);
  await expect(page.getByRole('status', { name: 'Loading page' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(postCard(page, text)).toBeVisible();
  file.release();
});
