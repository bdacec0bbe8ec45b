import { expect, test } from '@playwright/test';
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
