import { expect, test, type Page } from '@playwright/test';
import { scan } from './axe';
import { createUser, logIn, PASSWORD, uniqueName } from './helpers';

test('signing up lands on the welcome, signed in, and Skip on the home feed', async ({ page }) => {
  const username = uniqueName('new');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Join Sync' })).toBeVisible();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email address').fill(`${username}@example.com`);
  await expect(page.getByLabel('Email address')).toHaveAttribute('type', 'email');
  await page.getByLabel('Password').fill(PASSWORD);
  // The demo community has rules: joining accepts them.
  await page.getByRole('checkbox', { name: 'I agree to these rules' }).check();
  await page.getByRole('button', { name: 'Join Sync' }).click();

  await expect(page.getByText('Account created')).toBeVisible();
  // The welcome (onboarding.spec.ts has its steps).
  await expect(page).toHaveURL('/welcome');
  expect(await page.evaluate(() => localStorage.getItem('TOKEN'))).toBeTruthy();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.getByPlaceholder('Create a post....')).toBeVisible();
});

test('signing up with a taken username says so at the field, until it is edited', async ({
  page,
  request,
}) => {
  const taken = await createUser(request);
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Dup');
  await page.getByLabel('Last name').fill('Licate');
  await page.getByLabel('Username').fill(taken.username);
  await page.getByLabel('Email address').fill('dup@example.com');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'I agree to these rules' }).check();
  await page.getByRole('button', { name: 'Join Sync' }).click();
  // The refusal is about the username: said at that field, which takes focus, and not in a toast.
  const usernameField = page.getByLabel('Username');
  await expect(usernameField).toBeFocused();
  await expect(usernameField).toHaveAttribute('aria-invalid', 'true');
  // In a person's words; the API keeps the spec's ("Unprocessable Entity. Username Already Exists.").
  await expect(usernameField).toHaveAccessibleDescription(/That username is taken/);
  await expect(page.getByText('Unprocessable Entity')).toHaveCount(0);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page).toHaveURL('/signup');
  // Typing takes the error back at once, before any new submit.
  await usernameField.press('End');
  await usernameField.pressSequentially('x');
  await expect(usernameField).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('That username is taken')).toHaveCount(0);
});

test("the forms check with the app's own words, never the browser's bubbles", async ({ page }) => {
  for (const [path, submit] of [
    ['/signup', 'Join Sync'],
    ['/login', 'Log in'],
  ]) {
    await page.goto(path!);
    const button = page.getByRole('button', { name: submit, exact: true });
    // noValidate: the browser leaves the checks to the form, which says them inline.
    expect(await button.evaluate((element: HTMLButtonElement) => element.form?.noValidate)).toBe(true);
    await button.click();
    const invalid = page.locator('[aria-invalid="true"]').first();
    await expect(invalid).toBeFocused();
    await expect(invalid).toHaveAccessibleDescription(/^Enter your/);
  }
});

test('a guarded page sends you to log in, then back to it', async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto('/network?sort=trending');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Log in to Sync' })).toBeVisible();
  await page.getByLabel('User Name').fill(user.username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Loged In.')).toBeVisible();
  await expect(page.getByText('You are now Successfully loged in')).toBeVisible();
  await expect(page).toHaveURL('/network?sort=trending');
  await expect(page.getByRole('heading', { name: 'Network' })).toBeVisible();
});

test('a failed login stays on /login and says why', async ({ page, request }) => {
  const user = await createUser(request);
  await page.goto('/login');
  await page.getByLabel('User Name').fill(user.username);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  // Said once, at the field it is about (which takes focus), in a person's words; not in a toast.
  const password = page.getByLabel('Password');
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('That password is not right for this username.');
  await expect(page.getByText('Unauthorized access error')).toHaveCount(0);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page).toHaveURL('/login');
  await password.fill('another-try');
  await expect(password).not.toHaveAttribute('aria-invalid');
});

test('guest login signs in with the demo account', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Guest Login' }).click();
  await expect(page.getByText('Loged In.')).toBeVisible();
  await expect(page).toHaveURL('/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('@guest')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('the login page links to signup and back', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'join Sync' }).click();
  await expect(page).toHaveURL('/signup');
  await expect(page.getByText('Already have an account ?')).toBeVisible();
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL('/login');
});

test('logout clears the session and returns to login', async ({ page, request }) => {
  const user = await createUser(request);
  await logIn(page, user.username);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => [localStorage.getItem('TOKEN'), localStorage.getItem('USER')])).toEqual([
    null,
    null,
  ]);
  await page.goto('/bookmark');
  await expect(page).toHaveURL('/login');
});

test('after Logout, the next person to sign in starts at home, not on the screen the last one left', async ({
  page,
  request,
}) => {
  const [first, next] = [await createUser(request), await createUser(request)];
  await logIn(page, first.username);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  // In the same page, as on a shared computer: the app remembers nothing of the last person.
  await page.getByLabel('User Name').fill(next.username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Loged In.')).toBeVisible();
  await expect(page).toHaveURL('/');
});

/** The line under the username that says, while typing, whether the name is free. */
const usernameStatus = (page: Page) => page.locator('form').getByRole('status');

test('signing up says while typing whether the username is free; the server still decides at Join', async ({
  page,
  request,
}) => {
  await page.goto('/signup');
  const field = page.getByLabel('Username');
  // A demo name in other capitals: names are taken whatever their case.
  await field.pressSequentially('Maya.Chen');
  await expect(usernameStatus(page)).toHaveText('@Maya.Chen is taken');
  await expect(usernameStatus(page)).toHaveAttribute('aria-live', 'polite');
  await field.fill('bookmark');
  await expect(usernameStatus(page)).toHaveText(
    'The username "bookmark" is reserved. Please choose another.',
  );
  const username = uniqueName('free');
  await field.fill(username);
  await expect(usernameStatus(page)).toHaveText(`@${username} is free`);

  // Someone else takes it before Join: the server's refusal is said at the field, the free line gives way.
  const other = await request.post('/api/auth/signup', {
    data: { username, password: PASSWORD, firstName: 'Quick', lastName: 'Er' },
  });
  expect(other.status()).toBe(201);
  await page.getByLabel('First name').fill('Slow');
  await page.getByLabel('Last name').fill('Er');
  await page.getByLabel('Email address').fill(`${username}@example.com`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: 'I agree to these rules' }).check();
  await page.getByRole('button', { name: 'Join Sync' }).click();
  await expect(field).toHaveAccessibleDescription(/That username is taken/);
  await expect(usernameStatus(page)).toHaveText('');
  await expect(page).toHaveURL('/signup');
});

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  for (const mode of ['light', 'dark'] as const) {
    test.describe(`sign-up's username line, ${device}, ${mode} mode`, () => {
      test.use({ colorScheme: mode, viewport });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((m) => localStorage.setItem('sync-color-mode', m), mode);
      });

      test(`a free and a taken username pass axe (${device}, ${mode})`, async ({ page }) => {
        await page.goto('/signup');
        const field = page.getByLabel('Username');
        const username = uniqueName('axe');
        await field.fill(username);
        await expect(usernameStatus(page)).toHaveText(`@${username} is free`);
        await scan(page, `signup username free ${device} ${mode}`);
        await field.fill('lena.k');
        await expect(usernameStatus(page)).toHaveText('@lena.k is taken');
        await scan(page, `signup username taken ${device} ${mode}`);
      });
    });
  }
}

test("the demo's avatars load from the server itself", async ({ page }) => {
  await logIn(page, 'guest', 'guest-password');
  await page.goto('/profile/maya.chen');
  const avatar = page.locator('img[src="/avatars/maya.chen.png"]').first();
  await expect(avatar).toBeVisible();
  await expect
    .poll(() =>
      avatar.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
});
