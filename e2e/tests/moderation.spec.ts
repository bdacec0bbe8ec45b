import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scan } from './axe';
import { closeToast, createPost, createUser, logIn, PASSWORD, type TestUser, uniqueName } from './helpers';
import { postWithImages } from './images';

/** The demo community's owner (server/src/data/seed/demo.ts). */
const owner = { username: 'maya.chen', password: 'sync-demo-password' };

/** An account with a post, reported by another through the API, as a person would from its menu. */
async function reportedAccount(request: APIRequestContext) {
  const target = await createUser(request, 'Reported', 'Person');
  const reporter = await createUser(request, 'Careful', 'Reader');
  const text = `Buy cheap watches ${uniqueName('spam')}`;
  const post = await createPost(request, target, text);
  const response = await request.post('/api/reports', {
    headers: { authorization: reporter.token },
    data: {
      username: target.username,
      postIds: [post._id],
      category: 'spam',
      comment: 'Posted ten times today.',
    },
  });
  expect(response.status()).toBe(201);
  return { target, reporter, text };
}

const loginStatus = async (request: APIRequestContext, user: TestUser) =>
  (await request.post('/api/auth/login', { data: { username: user.username, password: PASSWORD } })).status();

async function openModeration(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation' }).click();
  await expect(page).toHaveURL('/moderation/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
}

test('the owner suspends a reported account, sees it in the audit log, and lifts it', async ({
  page,
  request,
}) => {
  const { target, reporter, text } = await reportedAccount(request);
  await logIn(page, owner.username, owner.password);
  await closeToast(page);
  await openModeration(page);

  const queue = page.getByRole('list', { name: 'Open reports' });
  const row = queue.getByRole('listitem').filter({ hasText: `@${target.username}` });
  await expect(row).toContainText('Spam');
  await expect(row).toContainText('Posted ten times today.');
  await row.getByRole('link', { name: `@${reporter.username} reported @${target.username}` }).click();

  await expect(page).toHaveURL(/\/moderation\/reports\/[^/]+$/);
  const reported = page.getByRole('region', { name: 'Reported posts and comments' });
  await expect(reported.getByText(text)).toBeVisible();
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByRole('button', { name: 'Unassign' })).toBeFocused();

  const account = page.getByRole('region', { name: 'The reported account' });
  await account.getByRole('button', { name: 'Suspend…' }).click();
  const dialog = page.getByRole('dialog', { name: `Suspend @${target.username}` });
  await dialog.getByLabel('For how long').selectOption({ label: '7 days' });
  await dialog.getByLabel('Message to the person').fill('Spam, again and again.');
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(account.getByRole('status')).toHaveText(`@${target.username} is suspended.`);
  await expect(account.getByRole('button', { name: 'Unsuspend' })).toBeVisible();
  await expect(account.getByRole('list', { name: 'Moderation history' })).toContainText(
    'Spam, again and again.',
  );
  expect(await loginStatus(request, target)).toBe(403);

  await page
    .getByRole('navigation', { name: 'Moderation sections' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const entry = page
    .getByRole('list', { name: 'Audit log' })
    .getByRole('listitem')
    .filter({ hasText: `@${owner.username} suspended @${target.username}` });
  await expect(entry).toContainText('Spam, again and again.');

  await page.goto(`/moderation/accounts/${target.username}`);
  await expect(page.getByRole('heading', { level: 1, name: `@${target.username}` })).toBeVisible();
  await page.getByRole('button', { name: 'Unsuspend' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is no longer suspended' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suspend…' })).toBeFocused();
  expect(await loginStatus(request, target)).toBe(200);
});

test('keyboard: the area is reached and worked with keys, focus visible and kept', async ({
  page,
  request,
}) => {
  const { target } = await reportedAccount(request);
  await logIn(page, owner.username, owner.password);
  await closeToast(page);
  const moderation = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation' });
  const heading = page.getByRole('heading', { level: 1, name: 'Reports' });
  // Just after the sign-in, while the home screen was still loading, an Enter on the focused link once
  // began no navigation (a fresh-clone CI run: no request for the screen's code); the cause is not
  // known yet, so the link is focused and pressed again until the Reports screen takes the focus.
  await expect(async () => {
    await moderation.focus();
    await page.keyboard.press('Enter');
    await expect(heading).toBeFocused({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  // From the page's heading, the next key press reaches its sections, with the focus ring drawn.
  await page.keyboard.press('Tab');
  const reports = page
    .getByRole('navigation', { name: 'Moderation sections' })
    .getByRole('link', { name: 'Reports' });
  await expect(reports).toBeFocused();
  await expect(reports).toHaveCSS('outline-style', 'solid');

  await page
    .getByRole('list', { name: 'Open reports' })
    .getByRole('link', { name: new RegExp(`reported @${target.username}$`) })
    .focus();
  await page.keyboard.press('Enter');
  const suspend = page
    .getByRole('region', { name: 'The reported account' })
    .getByRole('button', { name: 'Suspend…' });
  await suspend.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Suspend @${target.username}` });
  await expect(dialog.getByLabel('For how long')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(suspend).toBeFocused();
});

test('Server settings: whether new accounts confirm their email address is chosen there and kept', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/auth/login', { data: owner });
  const token = (await login.json()).encodedToken as string;
  const stored = async () =>
    (await (await request.get('/api/admin/settings', { headers: { authorization: token } })).json()).settings
      .emailConfirmation;
  const before = await stored();
  const label = { optional: 'Optional', required: 'Required', off: 'Off' } as Record<string, string>;
  await logIn(page, owner.username, owner.password);
  await closeToast(page);
  await page.goto('/moderation/settings');
  const group = page.getByRole('group', { name: 'Email confirmation' });
  await expect(group.getByRole('radio', { name: new RegExp(`^${label[before]}`) })).toBeChecked();
  // Off, not Required: the other tests sign people up meanwhile, and Required would hold their accounts.
  await group.getByRole('radio', { name: /^Off/ }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect(await stored()).toBe('off');
  await page.reload();
  await expect(group.getByRole('radio', { name: /^Off/ })).toBeChecked();
  await group.getByRole('radio', { name: new RegExp(`^${label[before]}`) }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect(await stored()).toBe(before);
});

test('a plain user has no Moderation entry and no access to the area', async ({ page, request }) => {
  const user = await createUser(request, 'Plain', 'Member');
  await logIn(page, user.username);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Moderation' })).toHaveCount(0);
  await page.goto('/moderation');
  await expect(
    page.getByRole('heading', { level: 1, name: 'You don’t have access to moderation' }),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Moderation sections' })).toHaveCount(0);
  expect((await request.get('/api/admin/reports', { headers: { authorization: user.token } })).status()).toBe(
    403,
  );
});

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    test.use({ colorScheme: mode });

    test(`the moderation area passes axe (${mode})`, async ({ page, request }) => {
      // A dozen scans; beside another test on a loaded machine they take a while.
      test.setTimeout(180_000);
      await page.addInitScript((m) => localStorage.setItem('sync-color-mode', m), mode);
      const { target } = await reportedAccount(request);
      await logIn(page, owner.username, owner.password);
      await closeToast(page);
      await openModeration(page);
      await expect(page.getByRole('list', { name: 'Open reports' })).toBeVisible();
      await scan(page, `reports ${mode}`);

      await page
        .getByRole('list', { name: 'Open reports' })
        .getByRole('link', { name: new RegExp(`reported @${target.username}$`) })
        .click();
      await expect(
        page.getByRole('region', { name: 'The reported account' }).getByRole('button', { name: 'Warn…' }),
      ).toBeVisible();
      await scan(page, `report ${mode}`);
      await page.getByRole('button', { name: 'Warn…' }).click();
      await expect(page.getByRole('dialog', { name: `Warn @${target.username}` })).toBeVisible();
      await scan(page, `warn dialog ${mode}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Delete post…' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete this post?' })).toBeVisible();
      await scan(page, `delete post dialog ${mode}`);
      await page.keyboard.press('Escape');

      const sections = page.getByRole('navigation', { name: 'Moderation sections' });
      for (const [link, heading] of [
        ['Accounts', 'Accounts'],
        ['Registrations', 'Registrations'],
        ['Rules', 'Rules'],
        ['Server settings', 'Server settings'],
        ['Invites', 'Invites'],
        ['Email domains', 'Email domains'],
        ['Audit log', 'Audit log'],
      ] as const) {
        await sections.getByRole('link', { name: link }).click();
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
        await scan(page, `${link} ${mode}`);
      }

      await page.goto(`/moderation/accounts/${target.username}`);
      await expect(page.getByRole('heading', { name: 'Moderation history' })).toBeVisible();
      await scan(page, `account ${mode}`);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the drawer leads to the area, whose screens fit the width', async ({ page, request }) => {
    const { target } = await reportedAccount(request);
    await logIn(page, owner.username, owner.password);
    await closeToast(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog', { name: 'Sync' }).getByRole('link', { name: 'Moderation' }).click();
    await expect(page).toHaveURL('/moderation/reports');
    const row = page
      .getByRole('list', { name: 'Open reports' })
      .getByRole('listitem')
      .filter({ hasText: `@${target.username}` });
    await expect(row).toBeVisible();
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);

    await row.getByRole('link').first().click();
    await expect(page.getByRole('region', { name: 'The reported account' })).toBeVisible();
    expect(await fits()).toBe(true);
    await page.getByRole('button', { name: 'Limit…' }).click();
    const dialog = page.getByRole('dialog', { name: `Limit @${target.username}` });
    await expect(dialog.getByRole('button', { name: 'Limit', exact: true })).toBeInViewport();
    await page.keyboard.press('Escape');

    await page.goto('/moderation/invites');
    await expect(page.getByRole('heading', { level: 1, name: 'Invites' })).toBeVisible();
    await page.getByRole('button', { name: 'Create invite' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Invite created.' })).toBeVisible();
    expect(await fits()).toBe(true);
  });
});

test('a moderator sees how many reports are open and is told of a new one, axe-clean in both colour modes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { target } = await reportedAccount(request);
  await logIn(page, owner.username, owner.password);
  await closeToast(page);

  const moderation = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Moderation/ });
  await expect(moderation).toHaveAccessibleName(/^Moderation \d+ open reports?$/);
  const openCount = async () => Number(/\d+/.exec((await moderation.textContent()) ?? '')?.[0]);
  const before = await openCount();
  // A report filed while the moderator looks shows at once (the live new_report), not at the next minute's read.
  await reportedAccount(request);
  await expect.poll(openCount).toBeGreaterThan(before);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Notifications/ })
    .click();
  const told = page.getByRole('link', { name: new RegExp(`New report about @${target.username}`) });
  await expect(told).toBeVisible();
  await scan(page, 'notifications with a new report light');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await scan(page, 'notifications with a new report dark');
  await page.getByRole('button', { name: 'Switch to light mode' }).click();

  await told.click();
  await expect(page).toHaveURL(/\/moderation\/reports\/[^/]+$/);
  await expect(page.getByRole('region', { name: 'The reported account' })).toContainText(
    `@${target.username}`,
  );
});

test("a reported post's images stay with the open report, with their alt text, after the author deletes it; axe-clean in both colour modes on a desktop and a phone", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const target = await createUser(request, 'Pictured', 'Person');
  const reporter = await createUser(request, 'Watchful', 'Reader');
  const text = `Look at my photos ${uniqueName('pics')}`;
  const { postId } = await postWithImages(request, target, text);
  const filed = await request.post('/api/reports', {
    headers: { authorization: reporter.token },
    data: { username: target.username, postIds: [postId], category: 'other', comment: 'These photos.' },
  });
  expect(filed.status()).toBe(201);
  const reportId = (await filed.json()).report.id as string;
  const deleted = await request.delete(`/api/posts/${postId}`, { headers: { authorization: target.token } });
  expect(deleted.ok()).toBe(true);

  await logIn(page, owner.username, owner.password);
  await closeToast(page);
  await page.goto(`/moderation/reports/${reportId}`);
  const reported = page.getByRole('region', { name: 'Reported posts and comments' });
  await expect(reported.getByText(text)).toBeVisible();
  const images = reported.getByRole('list', { name: 'Its 2 images' });
  for (const alt of ['Red dunes at sunset', 'A clear blue sky']) {
    const image = images.getByRole('img', { name: alt, exact: true });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('alt', alt);
    // Drawn from the file the report keeps, not an empty box.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }

  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expect(images.getByRole('img')).toHaveCount(2);
    expect(await fits()).toBe(true);
    await scan(page, `kept images ${size.name} light`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await scan(page, `kept images ${size.name} dark`);
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  }
});
