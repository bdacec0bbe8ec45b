import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { scan } from './axe';
import { createPost, createUser, logIn, uniqueName, type TestUser } from './helpers';

/** Settings → Import and export: Mastodon's CSV files out of one account and into another. */

async function follow(request: Parameters<typeof createUser>[0], who: TestUser, whom: TestUser) {
  const reply = await request.post(`/api/users/follow/${whom._id}?return=minimal`, {
    headers: { authorization: who.token },
  });
  expect(reply.status()).toBe(200);
}

async function importFile(page: Page, list: string, mode: 'Merge' | 'Overwrite', name: string, text: string) {
  const form = page.getByRole('form', { name: 'Import' });
  await form.getByLabel('What to import').selectOption({ label: list });
  await form.getByRole('radio', { name: new RegExp(`^${mode}`) }).check();
  await form.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await form.getByRole('button', { name: 'Import' }).click();
  return form.getByRole('status');
}

test('follows exported as following_accounts.csv come into another account by the import form', async ({
  page,
  request,
}) => {
  const [me, other, ann, ben] = [
    await createUser(request),
    await createUser(request),
    await createUser(request),
    await createUser(request),
  ];
  await follow(request, me, ann);
  await follow(request, me, ben);
  await logIn(page, me.username);
  await page.goto('/settings');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Follows (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('following_accounts.csv');
  const csv = fs.readFileSync(await download.path(), 'utf8');
  const lines = csv.trim().split('\n');
  expect(lines[0]).toBe('Account address,Show boosts,Notify on new posts,Languages');
  expect(
    lines
      .slice(1)
      .map((line) => line.split('@')[0])
      .sort(),
  ).toEqual([ann.username, ben.username].sort());

  await page.evaluate(() => localStorage.clear());
  await logIn(page, other.username);
  await page.goto('/settings');
  const form = page.getByRole('form', { name: 'Import' });
  await form.getByRole('button', { name: 'Import' }).click();
  await expect(form.getByLabel('CSV file')).toHaveAccessibleDescription('Choose the CSV file to import.');
  const status = await importFile(
    page,
    'Follows (following_accounts.csv)',
    'Merge',
    'following_accounts.csv',
    `${csv}Gargron@mastodon.social,true,false,\n`,
  );
  await expect(status).toContainText('Imported 3 rows: 2 added, 0 were already there.');
  await expect(status).toContainText('1 could not be found:');
  await expect(status.getByRole('listitem')).toHaveText([
    'Gargron@mastodon.social (on another server: Sync does not connect to other servers yet)',
  ]);
  const following = await request.get(`/api/users/${other.username}/following`);
  expect(JSON.stringify(await following.json())).toContain(ann.username);

  const refused = await importFile(page, 'Bookmarks (bookmarks.csv)', 'Merge', 'bookmarks.csv', csv);
  await expect(refused).toHaveText(
    `The import failed: Line 2: "${lines[1]!.split(',')[0]}" is not a post's URL. Is this the bookmarks.csv file? Nothing was imported.`,
  );
});

test('the archive downloads as a ZIP file named by the server', async ({ page, request }) => {
  const user = await createUser(request);
  await logIn(page, user.username);
  await page.goto('/settings');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download data and images (ZIP)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^sync-${user.username}-.*\\.zip$`));
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
  await expect(page.getByRole('status').filter({ hasText: 'Downloaded' })).toHaveText(
    `Downloaded ${download.suggestedFilename()}.`,
  );
});

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    test.use({ colorScheme: mode });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((m) => localStorage.setItem('sync-color-mode', m), mode);
    });

    test(`the import and export section passes axe at desktop and phone sizes (${mode})`, async ({
      page,
      request,
    }) => {
      const [me, ann] = await Promise.all([createUser(request), createUser(request)]);
      const post = await createPost(request, ann, `Bookmarked ${uniqueName('axe')}`);
      await logIn(page, me.username);
      for (const size of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(size);
        await page.goto('/settings');
        const section = page.getByRole('region', { name: 'Import and export' });
        await section.scrollIntoViewIfNeeded();
        await expect(section.getByRole('button', { name: 'Bookmarks (CSV)' })).toBeVisible();
        const status = await importFile(
          page,
          'Bookmarks (bookmarks.csv)',
          'Overwrite',
          'bookmarks.csv',
          `${new URL(page.url()).origin}/post/${post._id}\nhttps://mastodon.social/@Gargron/1\n`,
        );
        await expect(status).toContainText('1 could not be found:');
        // Nothing wider than the screen: the long names and URLs wrap.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
        await scan(page, `settings import and export ${size.width}px ${mode}`);
      }
    });
  });
}
