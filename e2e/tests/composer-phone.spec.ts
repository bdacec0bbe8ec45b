import { expect, test, type Locator, type Page } from '@playwright/test';
import { scan } from './axe';
import { closeToast, createPost, createUser, logIn, postCard, uniqueName } from './helpers';

/** A post of about 900 characters with a long link and a mention around where it folds. */
function longPost(marker: string, mention: string) {
  const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i % 7}`).join(' ');
  return `${marker} ${words(60)} https://example.com/${'a-long-path/'.repeat(6)} @${mention} ${words(70)} THE END ${marker}`;
}

const overlaps = async (a: Locator, b: Locator) => {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) throw new Error('not on screen');
  return (
    one.x < two.x + two.width &&
    two.x < one.x + one.width &&
    one.y < two.y + two.height &&
    two.y < one.y + one.height
  );
};

for (const mode of ['light', 'dark'] as const) {
  test.describe(`long posts in lists (${mode})`, () => {
    test.use({ colorScheme: mode });

    test('a long post shows its beginning and Show more / Show less by keyboard, without opening it', async ({
      page,
      request,
    }) => {
      const author = await createUser(request, 'Long', 'Writer');
      const marker = uniqueName('long');
      const text = longPost(marker, author.username);
      const { _id } = await createPost(request, author, text);
      await logIn(page, author.username);
      await closeToast(page);
      await page.goto(`/profile/${author.username}`);

      const card = postCard(page, marker);
      const more = card.getByRole('button', { name: 'Show more' });
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await expect(card).not.toContainText('THE END');
      // The link and the mention are whole or not shown: never cut in the middle.
      const shown = (await card.locator('p').first().innerText()).replace(/…$/, '');
      expect(text.startsWith(shown)).toBe(true);
      for (const entity of [`https://example.com/${'a-long-path/'.repeat(6)}`, `@${author.username}`]) {
        const at = text.indexOf(entity);
        expect(shown.length <= at || shown.length >= at + entity.length, entity).toBe(true);
      }
      await scan(page, `long post folded (${mode})`);

      await more.focus();
      await page.keyboard.press('Enter');
      const less = card.getByRole('button', { name: 'Show less' });
      await expect(less).toHaveAttribute('aria-expanded', 'true');
      await expect(less).toBeFocused();
      await expect(card).toContainText('THE END');
      await expect(page).toHaveURL(`/profile/${author.username}`);
      await scan(page, `long post unfolded (${mode})`);
      await page.keyboard.press(' ');
      await expect(more).toBeFocused();
      await expect(card).not.toContainText('THE END');

      // A click on the button does not open the post either; the post's own page shows it all.
      await more.click();
      await expect(card).toContainText('THE END');
      await expect(page).toHaveURL(`/profile/${author.username}`);
      await page.goto(`/post/${_id}`);
      await expect(page.getByRole('article').first()).toContainText('THE END');
      await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
    });
  });

  test.describe(`the phone's composer (${mode})`, () => {
    test.use({ colorScheme: mode, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('one line until first focused; the New post button opens it as a sheet that holds focus and keeps the draft', async ({
      page,
      request,
    }) => {
      const user = await createUser(request, 'Sheet', 'User');
      // Enough posts of their own that their profile scrolls well past a screen.
      for (let i = 0; i < 12; i++) await createPost(request, user, `Own post ${i} ${uniqueName('o')}`);
      await logIn(page, user.username);
      await closeToast(page);

      const inline = page.getByRole('main').getByRole('textbox', { name: 'Create a post' });
      const form = page
        .getByRole('main')
        .locator('form')
        .filter({ has: page.getByRole('textbox', { name: 'Create a post' }) });
      await expect(inline).toHaveAttribute('placeholder', 'Create a post....');
      expect((await form.boundingBox())!.height).toBeLessThan(90);
      await expect(page.getByRole('main').getByRole('button', { name: 'Share' })).toBeHidden();
      await inline.focus();
      await expect(page.getByRole('main').getByRole('button', { name: 'Share' })).toBeVisible();
      expect((await form.boundingBox())!.height).toBeGreaterThan(120);
      // It stays open as focus leaves: what is below it does not move under a finger pressing there.
      await inline.blur();
      await expect(page.getByRole('main').getByRole('button', { name: 'Share' })).toBeVisible();

      // The button floats above the tab bar.
      const compose = page.getByRole('button', { name: 'New post' });
      const tabs = page.getByRole('navigation', { name: 'Tabs' });
      expect((await compose.boundingBox())!.y + (await compose.boundingBox())!.height).toBeLessThanOrEqual(
        (await tabs.boundingBox())!.y,
      );
      await scan(page, `phone home, compact composer (${mode})`);

      await compose.click();
      const sheet = page.getByRole('dialog', { name: 'New post' });
      const field = sheet.getByRole('textbox', { name: 'Create a post' });
      await expect(field).toBeFocused();
      await expect(field).toHaveAttribute('placeholder', 'Create a post....');
      const draft = `From the sheet ${uniqueName('s')}`;
      await field.fill(draft);
      // A sheet along the bottom of the screen, its Close beside Share on the last row.
      const sheetBox = (await sheet.boundingBox())!;
      expect(sheetBox.x).toBe(0);
      expect(sheetBox.width).toBe(390);
      expect(Math.abs(sheetBox.y + sheetBox.height - 844)).toBeLessThan(1);
      const [close, share] = [
        (await sheet.getByRole('button', { name: 'Close' }).boundingBox())!,
        (await sheet.getByRole('button', { name: 'Share' }).boundingBox())!,
      ];
      expect(Math.abs(close.y - share.y)).toBeLessThan(1);
      expect(close.x + close.width).toBeLessThanOrEqual(share.x);
      expect(sheetBox.y + sheetBox.height - (share.y + share.height)).toBeLessThan(48);
      await scan(page, `compose sheet (${mode})`);
      // Focus stays in the sheet however far one tabs.
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        // The trap's guard beside the dialog may hold focus for a frame before handing it back in.
        await expect
          .poll(() => sheet.evaluate((dialog) => dialog.contains(document.activeElement)))
          .toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(compose).toBeFocused();
      // The draft is kept: in the home composer, and in the sheet when it opens again.
      await expect(inline).toHaveValue(draft);
      await compose.click();
      await expect(field).toHaveValue(draft);
      await sheet.getByRole('button', { name: 'Share' }).click();
      await expect(sheet).toBeHidden();
      await expect(postCard(page, draft)).toBeVisible();
      await expect(inline).toHaveValue('');

      // At the end of a list the last post's actions scroll clear of the button.
      await page.goto(`/profile/${user.username}`);
      await expect(page.getByRole('article')).toHaveCount(13);
      // The button steps aside while one reads down the list, and comes back when one scrolls up.
      await page.evaluate(() => window.scrollBy(0, 400));
      await expect(compose).not.toBeInViewport();
      await page.evaluate(() => window.scrollBy(0, -100));
      await expect(compose).toBeInViewport();
      await page.evaluate(() => window.scrollBy(0, 300));
      await expect(compose).not.toBeInViewport();
      // At the end of the list it is back, and the room left below the last post keeps that post's
      // actions clear of it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(compose).toBeInViewport();
      const last = page.getByRole('article').last();
      await expect(last).toBeInViewport();
      for (const action of [
        last.getByRole('button', { name: 'Like', exact: true }),
        last.getByRole('link', { name: /^Comments/ }),
      ]) {
        expect(await overlaps(action, compose)).toBe(false);
      }
    });
  });
}

test('no New post button on a wide screen', async ({ page, request }) => {
  const user = await createUser(request);
  await logIn(page, user.username);
  await expect(page.getByRole('main').getByRole('button', { name: 'Share' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New post' })).toHaveCount(0);
});

async function search(page: Page, q: string) {
  // By its label: once suggestions show, its role is combobox rather than searchbox.
  const field = page.getByRole('banner').getByLabel('Search posts and people');
  await field.fill(q);
  await field.press('Enter');
}

test('search results open on the tab that has results; a tab chosen in the address is kept', async ({
  page,
  request,
}) => {
  const name = uniqueName('Lena').replace(/_/g, '');
  const lena = await createUser(request, name, 'Tester');
  const word = uniqueName('tabword').replace(/_/g, '');
  await createPost(request, lena, `A post with ${word} in it`);
  await logIn(page, lena.username);
  await closeToast(page);
  const results = page.getByRole('tablist', { name: 'Search results' });

  // Nobody's posts say her name, but she is someone: People opens.
  await search(page, name);
  await expect(page).toHaveURL(`/search?q=${name}`);
  await expect(results.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('list', { name: 'People found' }).getByRole('link', { name: `${name} Tester` }),
  ).toBeVisible();

  // A word in a post: Posts opens.
  await search(page, word);
  await expect(results.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
  await expect(postCard(page, word)).toBeVisible();

  // Posts chosen in the address stays Posts, with nothing found.
  await page.goto(`/search?q=${name}&type=posts`);
  await expect(results.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(`No posts match “${name}”.`)).toBeVisible();
  // Choosing a tab writes it in the address.
  await results.getByRole('tab', { name: 'People' }).click();
  await expect(page).toHaveURL(`/search?q=${name}&type=users`);
});
