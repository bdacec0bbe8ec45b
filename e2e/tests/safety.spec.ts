import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scan } from './axe';
import {
  closeToast,
  createPost,
  createUser,
  holdChunk,
  logIn,
  PASSWORD,
  postCard,
  type TestUser,
  uniqueName,
} from './helpers';

/** The demo community's owner (server/src/data/seed/demo.ts). */
const owner = { username: 'maya.chen', password: 'sync-demo-password' };

async function ownerToken(request: APIRequestContext) {
  const response = await request.post('/api/auth/login', { data: owner });
  expect(response.ok()).toBe(true);
  return (await response.json()).encodedToken as string;
}

/** A rule of the community's, written by its owner, for reports to cite and sign-ups to accept. */
async function createRule(request: APIRequestContext, text: string) {
  const response = await request.post('/api/admin/rules', {
    headers: { authorization: await ownerToken(request) },
    data: { text, hint: 'Written for the safety tests.' },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).rule as { id: string; text: string };
}

/** An invite link's code: sign-ups by invite work in every registration mode another test may set. */
async function createInvite(request: APIRequestContext) {
  const response = await request.post('/api/admin/invites', {
    headers: { authorization: await ownerToken(request) },
    data: { maxUses: 1 },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).invite as { code: string };
}

async function relationship(request: APIRequestContext, viewer: TestUser, username: string) {
  const response = await request.get(`/api/users/${username}/relationship`, {
    headers: { authorization: viewer.token },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).relationship;
}

/** Someone with a post, and a reader who sees it on Home. */
async function authorAndReader(page: Page, request: APIRequestContext, prefix: string) {
  const author = await createUser(request, 'Loud', 'Poster');
  const text = `${prefix} ${uniqueName('s')}`;
  await createPost(request, author, text);
  const reader = await createUser(request, 'Calm', 'Reader');
  await logIn(page, reader.username);
  await closeToast(page);
  await expect(postCard(page, text)).toBeVisible();
  return { author, reader, text };
}

/** Signs the page's visitor out and someone else in. */
async function switchTo(page: Page, username: string) {
  await page.evaluate(() => localStorage.clear());
  await logIn(page, username);
  await closeToast(page);
}

async function openPostMenu(page: Page, text: string) {
  await postCard(page, text).getByRole('button', { name: 'Post options' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

test('block from a post menu: the post goes at once, the profile says so, Settings lists it and unblocks', async ({
  page,
  request,
}) => {
  const { author, reader, text } = await authorAndReader(page, request, 'Too loud');
  await openPostMenu(page, text);
  await page.getByRole('menuitem', { name: `Block @${author.username}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Block @${author.username}?` });
  await expect(confirm).toContainText(
    'They will not be able to follow you or see your posts; you will not see theirs. They are not told.',
  );
  await confirm.getByRole('button', { name: 'Block' }).click();
  await expect(postCard(page, text)).toHaveCount(0);
  await expect(page.getByText(`Blocked @${author.username}`)).toBeVisible();
  expect((await relationship(request, reader, author.username)).blocking).toBe(true);

  // Undo in the toast brings the post back: on the author's profile (the feed's first page may have
  // moved on, since other tests post at the same time).
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(`Unblocked @${author.username}`)).toBeVisible();
  expect((await relationship(request, reader, author.username)).blocking).toBe(false);
  await closeToast(page);
  await page.goto(`/profile/${author.username}`);
  await expect(postCard(page, text)).toBeVisible();

  // Blocked again, from the profile's menu this time.
  await page.getByRole('button', { name: `More options for @${author.username}` }).click();
  await page.getByRole('menuitem', { name: `Block @${author.username}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Block' }).click();
  await expect(page.getByRole('heading', { name: `You blocked @${author.username}` })).toBeVisible();
  await expect(postCard(page, text)).toHaveCount(0);
  // The profile's own button, named for its person: suggestions below have Follow buttons of their own.
  const ownFollow = new RegExp(`^(Un)?Follow ${author.firstName} ${author.lastName}$`);
  await expect(page.getByRole('button', { name: ownFollow })).toHaveCount(0);

  // The blocked person is told nothing, but their view of the profile says the posts are not for them.
  await switchTo(page, author.username);
  await page.goto(`/profile/${reader.username}`);
  await expect(page.getByText(`@${reader.username}'s posts are not available to you`)).toBeVisible();

  await switchTo(page, reader.username);
  await page.goto('/settings');
  const blocked = page.getByRole('list', { name: 'Blocked accounts' });
  await expect(blocked.getByRole('link', { name: 'Loud Poster' })).toBeVisible();
  await blocked.getByRole('button', { name: `Unblock @${author.username}` }).click();
  await expect(blocked).toHaveCount(0);
  await expect(page.getByText('You have not blocked anyone.')).toBeVisible();
  expect((await relationship(request, reader, author.username)).blocking).toBe(false);
});

test('mute for a day with notifications shown: the post goes, the profile has a Muted badge, Settings shows when it ends', async ({
  page,
  request,
}) => {
  const { author, reader, text } = await authorAndReader(page, request, 'Slightly much');
  await openPostMenu(page, text);
  await page.getByRole('menuitem', { name: `Mute @${author.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Mute @${author.username}?` });
  const notifications = dialog.getByRole('checkbox', { name: 'Hide notifications from them too' });
  await expect(notifications).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Indefinitely' })).toBeChecked();
  await notifications.uncheck();
  await dialog.getByRole('radio', { name: '1 day' }).check();
  const before = Date.now();
  await dialog.getByRole('button', { name: 'Mute' }).click();
  await expect(dialog).toBeHidden();
  await expect(postCard(page, text)).toHaveCount(0);
  await expect(page.getByText(`Muted @${author.username}`)).toBeVisible();

  const muted = await relationship(request, reader, author.username);
  expect(muted).toMatchObject({ muting: true, mutingNotifications: false });
  const ends = Date.parse(muted.muteExpiresAt);
  expect(ends - before).toBeGreaterThan(23.9 * 3600_000);
  expect(ends - Date.now()).toBeLessThan(24.1 * 3600_000);

  await page.goto(`/profile/${author.username}`);
  await expect(page.getByText(new RegExp(`^You muted @${author.username} until `))).toBeVisible();
  await page.goto('/settings');
  const list = page.getByRole('list', { name: 'Muted accounts' });
  await expect(list.getByRole('listitem')).toContainText(/Muted until .+, notifications still shown/);
  await list.getByRole('button', { name: `Unmute @${author.username}` }).click();
  await expect(page.getByText('You have not muted anyone.')).toBeVisible();
  expect((await relationship(request, reader, author.username)).muting).toBe(false);
});

test("muted from their profile: their posts stay there with 'You muted @x' and Unmute, and they are recommended nowhere, their own profile least", async ({
  page,
  request,
}) => {
  // Followed by more people than anyone else the tests make, they lead Recommended People.
  const popular = await createUser(request, 'Pop', 'Ular');
  const text = `Still on my profile ${uniqueName('mp')}`;
  await createPost(request, popular, text);
  for (let i = 0; i < 8; i++) {
    const fan = await createUser(request, 'Fan', 'Follower');
    const response = await request.post(`/api/users/follow/${popular._id}`, {
      headers: { authorization: fan.token },
    });
    expect(response.ok()).toBe(true);
  }
  const reader = await createUser(request, 'Mute', 'Reader');
  await logIn(page, reader.username);
  await closeToast(page);
  const recommended = page.getByRole('region', { name: 'Recommended People' });
  const popularLink = recommended.getByRole('link', { name: /Pop Ular/ });
  await expect(popularLink.first()).toBeVisible();

  await page.goto(`/profile/${popular.username}`);
  await expect(postCard(page, text)).toBeVisible();
  await expect(recommended.getByRole('button').first()).toBeVisible();
  await expect(popularLink).toHaveCount(0);
  await page.getByRole('button', { name: `More options for @${popular.username}` }).click();
  await page.getByRole('menuitem', { name: `Mute @${popular.username}` }).click();
  await page
    .getByRole('dialog', { name: `Mute @${popular.username}?` })
    .getByRole('button', { name: 'Mute' })
    .click();
  await expect(page.getByText(`You muted @${popular.username}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Unmute @${popular.username}` })).toBeVisible();
  await expect(postCard(page, text)).toBeVisible();
  await expect(page.getByText('No posts yet')).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).first().click();
  await expect(recommended.getByRole('button').first()).toBeVisible();
  await expect(popularLink).toHaveCount(0);
});

test('report with a rule from a post menu: the thanks, and the report as sent', async ({ page, request }) => {
  const rule = await createRule(request, `No shouting ${uniqueName('rule')}`);
  const { author, reader, text } = await authorAndReader(page, request, 'SHOUTING');
  await openPostMenu(page, text);
  await page.getByRole('menuitem', { name: `Report @${author.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Report @${author.username}` });
  await expect(dialog.getByRole('checkbox', { name: text })).toBeChecked();
  await dialog.getByRole('button', { name: 'Submit report' }).click();
  await expect(dialog.getByText('Choose what is wrong.')).toBeVisible();
  await dialog.getByRole('radio', { name: /Breaks a rule/ }).check();
  await dialog.getByRole('checkbox', { name: new RegExp(rule.text) }).check();
  await dialog.getByLabel('Anything the moderators should know?').fill('All caps, all day.');
  await expect(dialog.getByText('18 / 1,000')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit report' }).click();
  await expect(dialog.getByText('Thanks — a moderator will look at it.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // Reporting hides nothing by itself.
  await expect(postCard(page, text)).toBeVisible();

  const mine = await request.get('/api/reports', { headers: { authorization: reader.token } });
  const [report] = (await mine.json()).reports;
  expect(report).toMatchObject({
    category: 'violation',
    comment: 'All caps, all day.',
    rules: [{ id: rule.id, text: rule.text }],
    target: { username: author.username },
  });
  expect(report.items.map((item: { content: string }) => item.content)).toEqual([text]);
});

test('the About page, signed out: who runs the community, its rules, how to join', async ({
  page,
  request,
}) => {
  const rule = await createRule(request, `Be kind ${uniqueName('about')}`);
  await page.goto('/login');
  await page.getByRole('link', { name: 'About this community' }).click();
  await expect(page).toHaveURL('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const who = page.getByRole('region', { name: 'Who runs it' });
  await expect(who.getByRole('link', { name: 'Maya Chen' })).toBeVisible();
  await expect(who).toContainText('Owner');
  const rules = page.getByRole('region', { name: 'Rules' });
  await expect(rules.getByRole('listitem').filter({ hasText: rule.text })).toBeVisible();
  const join = page.getByRole('region', { name: 'How to join' });
  await expect(join).toBeVisible();
  // The side navigation works signed out, and leads back here.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }),
  ).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Log in to Sync' })).toBeVisible();
});

test('sign-up shows the rules and needs "I agree"; an invite link fills its code', async ({
  page,
  request,
}) => {
  const rule = await createRule(request, `No spam ${uniqueName('signup')}`);
  const { code } = await createInvite(request);
  await page.goto(`/signup?invite=${code}`);
  await expect(page.getByRole('heading', { name: 'Join Sync' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'The rules here' })).toContainText(rule.text);
  await expect(page.getByLabel('Invite code')).toHaveValue(code);
  const username = uniqueName('joiner');
  await page.getByLabel('First name').fill('New');
  await page.getByLabel('Last name').fill('Joiner');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email address').fill(`${username}@example.com`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Join Sync' }).click();
  await expect(page.getByText('Agree to the rules to join.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'I agree to these rules' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Join Sync' }).click();
  await expect(page.getByText('Account created')).toBeVisible();
  // The welcome comes first (onboarding.spec.ts).
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
});

test('by keyboard: the post menu opens from its button, the mute dialog traps focus, Escape gives it back', async ({
  page,
  request,
}) => {
  // The menu's code arrives late (a slow network): its file is held until the press has been seen.
  const file = await holdChunk(page, 'safety-menu');
  const { author, text } = await authorAndReader(page, request, 'Keys only');
  const trigger = postCard(page, text).getByRole('button', { name: 'Post options' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  // The file was caught (a renamed chunk would let the menu load at once and prove nothing). While it
  // loads, the pressed button stays, marked busy, and keeps the focus.
  await expect.poll(file.caught).toBe(1);
  await expect(trigger).toHaveAttribute('aria-disabled', 'true');
  await expect(trigger).toBeFocused();
  file.release();
  await expect(page.getByRole('menu')).toBeVisible();
  const mute = page.getByRole('menuitem', { name: `Mute @${author.username}` });
  // The menu's items are Block, Mute, Report: arrows move between them.
  const focused = () => mute.evaluate((item) => item === document.activeElement);
  for (let presses = 0; presses < 3 && !(await focused()); presses++) await page.keyboard.press('ArrowDown');
  await expect(mute).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Mute @${author.username}?` });
  await expect(dialog.getByRole('checkbox', { name: 'Hide notifications from them too' })).toBeFocused();
  // Focus stays in the dialog however far one tabs.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    // The trap's guard beside the dialog may hold focus for a frame before handing it back in.
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(postCard(page, text).getByRole('button', { name: 'Post options' })).toBeFocused();
});

test('on a phone, the report dialog fits the screen and its Submit can be reached', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 700 });
  const { author, text } = await authorAndReader(page, request, 'Small screen');
  await openPostMenu(page, text);
  await page.getByRole('menuitem', { name: `Report @${author.username}` }).click();
  const dialog = page.getByRole('dialog', { name: `Report @${author.username}` });
  await dialog.getByRole('radio', { name: /Spam/ }).check();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 700).toBe(true);
  await dialog.getByRole('button', { name: 'Submit report' }).click();
  await expect(dialog.getByText('Thanks — a moderator will look at it.')).toBeVisible();
});

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    test.use({ colorScheme: mode });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((m) => localStorage.setItem('sync-color-mode', m), mode);
    });

    test(`block, mute, report, the notices, the settings lists and About pass axe (${mode})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      await createRule(request, `Stay on topic ${uniqueName('axe')}`);
      await page.goto('/about');
      await expect(page.getByRole('region', { name: 'Rules' })).toBeVisible();
      await scan(page, `about signed out ${mode}`);
      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: 'Join Sync' })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: 'I agree to these rules' })).toBeVisible();
      await scan(page, `signup with rules ${mode}`);

      const { author, text } = await authorAndReader(page, request, 'Scanned');
      await openPostMenu(page, text);
      await scan(page, `safety menu ${mode}`);
      await page.getByRole('menuitem', { name: `Report @${author.username}` }).click();
      const report = page.getByRole('dialog', { name: `Report @${author.username}` });
      await report.getByRole('radio', { name: /Breaks a rule/ }).check();
      await report.getByRole('button', { name: 'Submit report' }).click();
      await expect(report.getByText('Choose at least one rule.')).toBeVisible();
      await scan(page, `report dialog ${mode}`);
      await page.keyboard.press('Escape');
      await expect(report).toBeHidden();

      await openPostMenu(page, text);
      await page.getByRole('menuitem', { name: `Mute @${author.username}` }).click();
      await expect(page.getByRole('dialog', { name: `Mute @${author.username}?` })).toBeVisible();
      await scan(page, `mute dialog ${mode}`);
      await page.getByRole('button', { name: 'Mute', exact: true }).click();
      await expect(postCard(page, text)).toHaveCount(0);
      // Held up by the pointer (its timer pauses); the scan waits for it to fade in.
      await page.getByRole('button', { name: 'Undo' }).hover();
      await scan(page, `home with an undo toast ${mode}`);
      await closeToast(page);

      await page.goto(`/profile/${author.username}`);
      await expect(page.getByRole('button', { name: `Unmute @${author.username}` })).toBeVisible();
      await expect(page.getByText(`You muted @${author.username}`, { exact: true })).toBeVisible();
      await expect(postCard(page, text)).toBeVisible();
      await scan(page, `muted profile ${mode}`);
      await page.getByRole('button', { name: `More options for @${author.username}` }).click();
      await page.getByRole('menuitem', { name: `Block @${author.username}` }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await scan(page, `block dialog ${mode}`);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Block' }).click();
      await expect(page.getByRole('heading', { name: `You blocked @${author.username}` })).toBeVisible();
      await closeToast(page);
      await scan(page, `blocked profile ${mode}`);

      await page.goto('/settings');
      await expect(page.getByRole('list', { name: 'Blocked accounts' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Muted accounts' })).toBeVisible();
      await scan(page, `settings lists ${mode}`);
      await page.goto('/about');
      await expect(page.getByRole('region', { name: 'Rules' })).toBeVisible();
      await scan(page, `about signed in ${mode}`);
    });
  });
}
