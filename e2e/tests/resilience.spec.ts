import { expect, test } from '@playwright/test';
import { createPost, createUser, expireSession, logIn, PASSWORD, uniqueName } from './helpers';

test('a corrupt stored session is discarded: the login page shows, not a crash', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  for (const corrupt of ['{not json', 'null', '{"username":"x"}']) {
    await page.goto('/login');
    await page.evaluate(
      ({ token, value }) => {
        localStorage.setItem('TOKEN', token);
        localStorage.setItem('USER', value);
      },
      { token: user.token, value: corrupt },
    );
    await page.goto('/');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Log in to Sync' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('TOKEN'), localStorage.getItem('USER')])).toEqual([
      null,
      null,
    ]);
  }
});

test('a screen whose code fails to load reloads once, then offers Retry', async ({ page, request }) => {
  const user = await createUser(request, 'Chunk', 'Lost');
  await logIn(page, user.username);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();

  // As after a redeploy: the profile screen's chunk is gone while the server is up.
  let chunkRequests = 0;
  await page.route(/\/assets\/profile-[^/]+\.js$/, (route) => {
    chunkRequests += 1;
    return route.fulfill({ status: 404, body: 'gone' });
  });
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' });
  await expect(alert).toBeVisible();
  expect(loads).toBe(1);
  // Each page tries twice: a moment without the network would have passed by the second try.
  expect(chunkRequests).toBe(4);
  // The app's frame stays: navigation still works.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();

  await page.unroute(/\/assets\/profile-[^/]+\.js$/);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Chunk Lost' })).toBeVisible();
});

test('with the server unreachable, a screen not loaded yet says so and Retry works once it is back', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'Offline', 'Reader');
  await logIn(page, user.username);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();

  await page.route(/\/assets\/network-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.route('**/api/health', (route) => route.abort('internetdisconnected'));
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.getByRole('link', { name: 'Network' }).click();
  const alert = page.getByRole('alert').filter({ hasText: "Sync can't reach the server" });
  await expect(alert).toBeVisible();
  expect(loads).toBe(0);

  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toBeVisible();
  expect(loads).toBe(0);

  await page.unrouteAll();
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Network' })).toBeVisible();
});

test('an expired session says so, and the drafts come back after logging in again', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Draft', 'Host');
  const post = await createPost(request, author, `Talk about drafts ${uniqueName('d')}`);
  const user = await createUser(request, 'Draft', 'Writer');
  // This test is about a refused request; a live events stream would notice first (live.spec.ts).
  await page.route('**/api/events', (route) => route.fulfill({ status: 404 }));
  await logIn(page, user.username);

  const composerText = `Half-written post ${uniqueName('c')}`;
  await page.getByRole('textbox', { name: 'Create a post' }).fill(composerText);
  await page.goto(`/post/${post._id}`);
  const commentText = 'A comment I was still typing';
  await page.getByRole('textbox', { name: 'Comment' }).fill(commentText);

  await expireSession(page);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page).toHaveURL('/login');
  await expect(
    page.getByRole('status').filter({ hasText: 'Your session has expired — log in again' }),
  ).toBeVisible();

  await page.getByLabel('User Name').fill(user.username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(`/post/${post._id}`);
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveValue(commentText);
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: 'Create a post' })).toHaveValue(composerText);

  // Another account on this browser does not see them.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const other = await createUser(request);
  await logIn(page, other.username);
  await expect(page.getByRole('textbox', { name: 'Create a post' })).toHaveValue('');
});

test('a list whose next page fails says so after what it has, and Retry loads the page', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'Long', 'Thread');
  const post = await createPost(request, user, 'A post with a long thread');
  for (let i = 1; i <= 25; i++) {
    const added = await request.post(`/api/comments/add/${post._id}`, {
      headers: { authorization: user.token },
      data: { commentData: { text: `Reply number ${i}` } },
    });
    expect(added.status()).toBe(201);
  }
  await logIn(page, user.username);

  // The first page (20 comments) loads; every later page fails until the route is lifted.
  const laterPages = new RegExp(`/api/comments/${post._id}\\?.*cursor=`);
  await page.route(laterPages, (route) => route.abort('internetdisconnected'));
  await page.goto(`/post/${post._id}`);
  const comments = page.getByRole('list', { name: 'Comments' });
  await expect(comments.getByRole('listitem')).toHaveCount(20);
  await comments.getByRole('listitem').last().scrollIntoViewIfNeeded();

  const failed = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Retry' }) });
  await expect(failed).toBeVisible();
  await expect(comments.getByRole('listitem')).toHaveCount(20);
  // No loading on behind the error: the list waits for Retry.
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await page.unroute(laterPages);
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(comments.getByRole('listitem')).toHaveCount(25);
  await expect(failed).toHaveCount(0);
});
