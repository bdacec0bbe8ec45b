import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { scan } from './axe';
import { closeToast, createUser, expireSession, logIn, postCard, uniqueName, type TestUser } from './helpers';

/**
 * Whether this server streams live events: without a token the route answers 401, a server without
 * it 404. (Asking without a token opens no stream.)
 */
async function eventsAvailable(request: APIRequestContext) {
  return (await request.get('/api/events')).status() !== 404;
}

/**
 * A signed-in page of its own browser context, once its live events stream is open and the login's
 * toast is closed.
 */
async function signedIn(browser: Browser, user: TestUser, mode: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ colorScheme: mode });
  await context.addInitScript((m) => localStorage.setItem('sync-color-mode', m), mode);
  const page = await context.newPage();
  const streamOpen = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200,
  );
  await logIn(page, user.username);
  await streamOpen;
  // The login's toast would time out and fade at any moment, an axe scan's among them.
  await closeToast(page);
  return page;
}

async function follow(request: APIRequestContext, follower: TestUser, followed: TestUser) {
  const response = await request.post(`/api/users/follow/${followed._id}`, {
    headers: { authorization: follower.token },
  });
  expect(response.ok()).toBe(true);
}

test.beforeEach(async ({ request }) => {
  test.skip(!(await eventsAvailable(request)), 'needs GET /api/events (the live events server)');
});

test('a followed author’s new post waits behind the pill, then shows once at the top', async ({
  browser,
  request,
}) => {
  // Two browser contexts and an axe scan: past the default 30 s in the full suite on a loaded machine.
  test.setTimeout(120_000);
  const author = await createUser(request, 'Live', 'Author');
  const reader = await createUser(request, 'Live', 'Reader');
  await follow(request, reader, author);
  // In dark mode: the axe tests already scan the light mode's teal buttons.
  const readerPage = await signedIn(browser, reader, 'dark');
  const authorPage = await signedIn(browser, author);

  const feed = readerPage.getByRole('list', { name: 'Home feed' });
  await expect(feed.getByRole('article').first()).toBeVisible();
  const firstBefore = await feed.getByRole('article').first().getAttribute('data-post-card');
  await readerPage.mouse.wheel(0, 1500);
  await expect.poll(() => readerPage.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  const text = `Live from the other window ${uniqueName('live')}`;
  await authorPage.getByPlaceholder('Create a post....').fill(text);
  await authorPage.getByRole('button', { name: 'Share' }).click();
  await expect(postCard(authorPage, text)).toBeVisible();

  const pill = readerPage.getByRole('button', { name: 'Show 1 new post' });
  await expect(pill).toBeVisible();
  await expect(readerPage.getByRole('status').filter({ hasText: '1 new post' })).toBeAttached();
  // Nothing moved under the reader: the post waits until asked for.
  await expect(postCard(readerPage, text)).toHaveCount(0);
  await expect(feed.getByRole('article').first()).toHaveAttribute('data-post-card', firstBefore ?? '');
  // The author's own tab already shows the post; the stream's copy of it is not offered again.
  await expect(authorPage.getByRole('button', { name: /new posts?$/ })).toHaveCount(0);

  await pill.click();
  await expect(feed.getByRole('article').first()).toContainText(text);
  await expect(feed.getByRole('article').first()).toBeFocused();
  await expect.poll(() => readerPage.evaluate(() => window.scrollY)).toBe(0);
  await expect(pill).toHaveCount(0);
  await expect(postCard(readerPage, text)).toHaveCount(1);

  // The Following tab has a pill of its own.
  await readerPage
    .getByRole('tablist', { name: 'Home feeds' })
    .getByRole('tab', { name: 'Following' })
    .click();
  const following = readerPage.getByRole('list', { name: 'Following feed' });
  await expect(following.getByRole('article').first()).toContainText(text);
  const second = `Live again ${uniqueName('live')}`;
  await authorPage.getByPlaceholder('Create a post....').fill(second);
  await authorPage.getByRole('button', { name: 'Share' }).click();
  // Scanned at the top, where the pill has a row of its own. Further down it floats over whichever
  // post is under it, and axe counts a post's buttons it covers as too small (target-size).
  await expect(readerPage.getByRole('button', { name: 'Show 1 new post' })).toBeVisible();
  await scan(readerPage, 'home with the new posts pill, dark');
  await readerPage.getByRole('button', { name: 'Show 1 new post' }).click();
  await expect(following.getByRole('article').first()).toContainText(second);
  await expect(following.getByRole('article')).toHaveCount(2);

  await readerPage.context().close();
  await authorPage.context().close();
});

test('a like reaches the author’s bell and the like count on screen without a reload', async ({
  browser,
  request,
}) => {
  const author = await createUser(request, 'Belled', 'Author');
  const liker = await createUser(request, 'Quick', 'Liker');
  const authorPage = await signedIn(browser, author);
  const text = `Like this live ${uniqueName('bell')}`;
  await authorPage.getByPlaceholder('Create a post....').fill(text);
  await authorPage.getByRole('button', { name: 'Share' }).click();
  const ownCard = postCard(authorPage, text);
  await expect(ownCard.getByTestId('like-count')).toHaveText('0');

  const likerPage = await signedIn(browser, liker);
  await likerPage.goto(`/profile/${author.username}`);
  await postCard(likerPage, text).getByRole('button', { name: 'Like', exact: true }).click();
  await expect(postCard(likerPage, text).getByTestId('like-count')).toHaveText('1');

  // The bell asks by itself only once a minute: within the expect timeout only an event can do it.
  const bell = authorPage.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(ownCard.getByTestId('like-count')).toHaveText('1');

  await likerPage.context().close();
  await authorPage.context().close();
});

test('a token the server refuses ends the session from the stream alone, without a click', async ({
  browser,
  request,
}) => {
  const user = await createUser(request, 'Expiring', 'Reader');
  const page = await signedIn(browser, user);
  await expireSession(page);
  await expect(page).toHaveURL('/login');
  await expect(
    page.getByRole('status').filter({ hasText: 'Your session has expired — log in again' }),
  ).toBeVisible();
  await page.context().close();
});
