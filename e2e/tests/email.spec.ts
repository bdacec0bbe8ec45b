import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { scan } from './axe';
import { closeToast, createUser, logIn, uniqueName } from './helpers';

/**
 * Accounts by email in the web client (decision 100): the e2e server has no SMTP_URL, so each message
 * is an .eml file in its data folder's outbox, read here as a person reads their inbox.
 */

const outbox = () => path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** A message's text with its quoted-printable soft breaks and escapes undone. */
const decoded = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The path (with its token) of the link of kind `page` in the newest message to `address`, once it arrives. */
async function linkMailedTo(address: string, page: 'reset-password' | 'confirm-email'): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+(/${page}\\?token=[^\\s"<>]+)`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const folder = outbox();
        const names = fs.existsSync(folder) ? fs.readdirSync(folder).sort().reverse() : [];
        for (const name of names) {
          const text = decoded(fs.readFileSync(path.join(folder, name), 'utf8'));
          if (!text.toLowerCase().includes(`to: ${address.toLowerCase()}`)) continue;
          link = pattern.exec(text)?.[1]?.replace(/&amp;/g, '&');
          if (link) return link;
        }
        return undefined;
      },
      { message: `a ${page} link mailed to ${address}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link ?? '';
}

async function setNewPassword(page: Page, password: string) {
  await page.getByLabel('New password').fill(password);
  await page.getByRole('button', { name: 'Set the new password' }).click();
}

test('Forgot password? → the mailed link → a new password → log in with it; the link works once', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  const email = `${user.username}@example.com`;
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  const answer = page.getByRole('status').filter({ hasText: 'If an account uses that address' });
  await expect(answer).toBeVisible();
  await expect(answer).toBeFocused();

  const link = await linkMailedTo(email, 'reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await setNewPassword(page, 'short');
  await expect(page.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('New password')).toBeFocused();
  const newPassword = `new-${uniqueName('pw')}`;
  await setNewPassword(page, newPassword);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been changed: log in with the new one.')).toBeVisible();
  await logIn(page, user.username, newPassword);
  await closeToast(page);

  // Once used, the link is explained as the page opens, without the form, and a new one offered.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByLabel('New password')).toHaveCount(0);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  // Signed in, "Forgot password?" is not for this person: they are taken home.
  await expect(page).toHaveURL(/\/$/);
});

test('Settings → Email: a new address, confirmed by the link mailed to it, shows confirmed', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await logIn(page, user.username);
  await closeToast(page);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Email address' });
  await expect(section.getByText(`${user.username}@example.com`)).toBeVisible();
  await expect(section.getByText('Not confirmed yet')).toBeVisible();

  const newEmail = `${uniqueName('new')}@example.org`;
  await section.getByRole('button', { name: 'Change email' }).click();
  await expect(section.getByLabel('New email address')).toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByLabel('New email address')).toBeFocused();
  await section.getByLabel('New email address').fill(newEmail);
  await section.getByLabel('Your password').fill('not-the-password');
  await section.getByRole('button', { name: 'Change email' }).click();
  await expect(section.getByLabel('Your password')).toHaveAccessibleDescription(
    /The current password is not correct/,
  );
  await section.getByLabel('Your password').fill('e2e-password-123');
  await section.getByRole('button', { name: 'Change email' }).click();
  await expect(
    section.getByRole('status').filter({ hasText: `We sent a link to ${newEmail}` }),
  ).toBeVisible();

  await page.goto(await linkMailedTo(newEmail, 'confirm-email'));
  await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Settings' }).click();
  await expect(section.getByText(newEmail)).toBeVisible();
  await expect(section.getByText('Confirmed', { exact: true })).toBeVisible();
});

/** The email pages at both sizes in both colour modes. */
for (const mode of ['light', 'dark'] as const) {
  for (const phone of [false, true]) {
    test.describe(`${mode} mode${phone ? ' on a phone' : ''}`, () => {
      test.use({
        colorScheme: mode,
        ...(phone && { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }),
      });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((m) => localStorage.setItem('sync-color-mode', m), mode);
      });

      test(`the email pages pass axe (${mode}${phone ? ', phone' : ''})`, async ({ page, request }) => {
        const screen = `${mode}${phone ? ' phone' : ''}`;
        await page.goto('/forgot-password');
        await page.getByRole('button', { name: 'Send me a link' }).click();
        await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
        await scan(page, `forgot password ${screen}`);
        await page.getByLabel('Email address').fill(`${uniqueName('nobody')}@example.com`);
        await page.getByRole('button', { name: 'Send me a link' }).click();
        await expect(page.getByRole('status')).toContainText('If an account uses that address');
        await scan(page, `forgot password sent ${screen}`);

        // The form as a link that still works shows it (the check answered as for a fresh link), then
        // the server's refusal of this one at submission.
        await page.route('**/api/auth/password-reset/check', (route) =>
          route.fulfill({ json: { usable: true } }),
        );
        await page.goto('/reset-password?token=not-a-token');
        await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
        await scan(page, `reset password ${screen}`);
        await setNewPassword(page, 'a-long-enough-password');
        await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
        await scan(page, `reset link used ${screen}`);
        await page.unroute('**/api/auth/password-reset/check');
        await page.goto('/reset-password?token=another-junk-token');
        await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();

        await page.goto('/confirm-email?token=not-a-token');
        await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
        await scan(page, `confirm email failed ${screen}`);

        const user = await createUser(request);
        await logIn(page, user.username);
        await closeToast(page);
        await page.goto('/settings');
        await expect(page.getByText('Not confirmed yet')).toBeVisible();
        await scan(page, `settings ${screen}`);
      });
    });
  }
}
