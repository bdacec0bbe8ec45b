import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'e2e-password-123';

let counter = 0;
export function uniqueName(prefix = 'e2e') {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${process.pid.toString(36)}${counter}`.slice(0, 30);
}

export type TestUser = { username: string; firstName: string; lastName: string; _id: string; token: string };

/** A fresh account made through the API, for tests that change state. */
export async function createUser(
  request: APIRequestContext,
  firstName = 'Test',
  lastName = 'User',
): Promise<TestUser> {
  const username = uniqueName();
  const response = await request.post('/api/auth/signup', {
    data: { username, password: PASSWORD, firstName, lastName, email: `${username}@example.com` },
  });
  expect(response.status()).toBe(201);
  const body = await response.json();
  // As a returning person: logging in goes to the feed, not the welcome (onboarding.spec.ts has that).
  const onboarded = await request.post('/api/account/onboarding', {
    headers: { authorization: body.encodedToken },
  });
  expect(onboarded.status()).toBe(200);
  return { username, firstName, lastName, _id: body.createdUser._id, token: body.encodedToken };
}

export async function createPost(request: APIRequestContext, user: TestUser, content: string) {
  const response = await request.post('/api/posts?return=post', {
    headers: { authorization: user.token },
    data: { postData: { content } },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).post as { _id: string };
}

export async function logIn(page: Page, username: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('User Name').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Loged In.')).toBeVisible();
}

/**
 * Closes the toast if it is still up. It closes itself after a few seconds, and a loaded machine may
 * get there first: a plain click then waits for a toast that will never come back.
 */
export async function closeToast(page: Page) {
  const close = page.locator('[aria-label="Close notification"]');
  await close.click({ timeout: 2_000 }).catch(() => undefined);
  await expect(close).toHaveCount(0);
}

export function postCard(page: Page, text: string) {
  return page.getByRole('article').filter({ hasText: text });
}

/** A token the server refuses (its signature is wrong), as after expiry or a password change elsewhere. */
export async function expireSession(page: Page) {
  await page.evaluate(() => {
    const [header, payload] = (localStorage.getItem('TOKEN') ?? '').split('.');
    localStorage.setItem('TOKEN', `${header}.${payload}.invalid-signature`);
    // The client keeps the session in memory; another tab changing storage is how it learns.
    window.dispatchEvent(new StorageEvent('storage', { key: 'TOKEN' }));
  });
}

/**
 * Holds the build's file for one chunk (`name`, as Vite names it: `name-<8 characters>.js`) until
 * `release()`, as a slow network would. `caught()` counts the requests held: a renamed chunk would load
 * at once and prove nothing.
 */
export async function holdChunk(page: Page, name: string) {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requests = 0;
  await page.route(new RegExp(`/assets/${name}-[\\w-]{8}\\.js$`), async (route) => {
    requests += 1;
    await held;
    await route.continue();
  });
  return { release, caught: () => requests };
}
