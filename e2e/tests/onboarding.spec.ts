import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { scan } from './axe';
import { closeToast, logIn, PASSWORD, uniqueName } from './helpers';

// The welcome after sign-up (docs/decisions/101). createUser marks its accounts welcomed; these make
// their own, as a person would.

/** Joins through the web client's form, which leads to the welcome. */
async function signUp(page: Page, firstName = 'Ada') {
  const username = uniqueName('welcome');
  await page.goto('/signup');
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Newcomer');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email address').fill(`${username}@example.com`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'I agree to these rules' }).check();
  await page.getByRole('button', { name: 'Join Sync' }).click();
  await expect(page).toHaveURL('/welcome');
  return username;
}

/** An account made elsewhere (another client, or before the welcome existed), never welcomed. */
async function accountNeverWelcomed(request: APIRequestContext) {
  const username = uniqueName('returning');
  const reply = await request.post('/api/auth/signup', {
    data: { username, password: PASSWORD, firstName: 'Rey', lastName: 'Turner', email: '' },
  });
  expect(reply.status()).toBe(201);
  return username;
}

const firstStep = (page: Page, firstName = 'Ada') =>
  page.getByRole('heading', { level: 1, name: new RegExp(`^Step 1 of 2\\W+Welcome to Sync, ${firstName}$`) });
const secondStep = (page: Page) =>
  page.getByRole('heading', { level: 1, name: /^Step 2 of 2\W+Follow a few people$/ });
const followButtons = (page: Page) => page.getByRole('button', { name: /^Follow / });

/** Does what follows someone, and waits until the server has it. */
async function followed(page: Page, act: () => Promise<void>) {
  const answer = page.waitForResponse((response) => /\/api\/users\/follow\//.test(response.url()));
  await act();
  expect((await answer).ok()).toBe(true);
}

/** Presses Tab until the element has focus: the way a keyboard reaches it. */
async function tabTo(page: Page, target: Locator, presses = 15) {
  for (let i = 0; i < presses; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a new person is welcomed: a bio, someone to follow, then their posts on the Following tab', async ({
  page,
}) => {
  const username = await signUp(page);
  await expect(firstStep(page)).toBeFocused();
  await expect(page).toHaveTitle('Welcome · Sync');
  await expect(page.getByRole('button', { name: 'Upload picture' })).toBeVisible();
  const bio = `Here to learn ${uniqueName('bio')}`;
  await page.getByLabel('Bio').fill(bio);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(secondStep(page)).toBeFocused();
  const follow = followButtons(page).first();
  const name = ((await follow.textContent()) ?? '').replace(/^Follow/, '').trim();
  expect(name).not.toBe('');
  await followed(page, () => follow.click());
  await page.getByRole('button', { name: 'Go to my feed' }).click();

  await expect(page).toHaveURL('/');
  const feeds = page.getByRole('tablist', { name: 'Home feeds' });
  await expect(feeds.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('article').filter({ hasText: name }).first()).toBeVisible();

  await page.goto(`/profile/${username}`);
  await expect(page.getByText(bio)).toBeVisible();
});

test('Skip on the first step lands on home, and the welcome does not come back', async ({ page }) => {
  const username = await signUp(page);
  await expect(firstStep(page)).toBeFocused();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page).toHaveURL('/');

  // Nor on the next login.
  await page.evaluate(() => localStorage.clear());
  await logIn(page, username);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test('an account that never had the welcome gets it once, at its next login; Escape skips it', async ({
  page,
  request,
}) => {
  const username = await accountNeverWelcomed(request);
  await logIn(page, username);
  await expect(page).toHaveURL('/welcome');
  await expect(firstStep(page, 'Rey')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await logIn(page, username);
  await expect(page).toHaveURL('/');
});

test('by keyboard only: each step takes focus, a bio, a follow, then home', async ({ page, request }) => {
  const username = await accountNeverWelcomed(request);
  await logIn(page, username);
  await expect(firstStep(page, 'Rey')).toBeFocused();

  const bioField = page.getByLabel('Bio');
  await tabTo(page, bioField);
  await page.keyboard.type('Typed, not clicked.');
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  await expect(secondStep(page)).toBeFocused();
  const follow = followButtons(page).first();
  await tabTo(page, follow);
  await followed(page, () => page.keyboard.press('Enter'));
  await tabTo(page, page.getByRole('button', { name: 'Go to my feed' }), 30);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');

  const profile = await request.get(`/api/users/${username}`);
  expect((await profile.json()).user.bio).toBe('Typed, not clicked.');
});

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  for (const mode of ['light', 'dark'] as const) {
    test.describe(`${device}, ${mode} mode`, () => {
      test.use({ colorScheme: mode, viewport });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((m) => localStorage.setItem('sync-color-mode', m), mode);
      });

      test(`the welcome's steps pass axe (${device}, ${mode})`, async ({ page, request }) => {
        await logIn(page, await accountNeverWelcomed(request));
        await expect(firstStep(page, 'Rey')).toBeFocused();
        // The login's toast fades out over the page: its half-faded text is not what is scanned.
        await closeToast(page);
        await scan(page, `welcome profile ${device} ${mode}`);
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(secondStep(page)).toBeFocused();
        await expect(followButtons(page).first()).toBeVisible();
        await scan(page, `welcome people ${device} ${mode}`);
      });
    });
  }
}

test('a reload keeps the step the welcome is on, and Back returns to the one before', async ({ page }) => {
  await signUp(page);
  await expect(firstStep(page)).toBeFocused();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(secondStep(page)).toBeVisible();
  await page.reload();
  await expect(secondStep(page)).toBeVisible();
  await page.goBack();
  await expect(firstStep(page)).toBeVisible();
});
