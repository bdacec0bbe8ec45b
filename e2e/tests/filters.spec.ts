import { expect, test } from '@playwright/test';
import { scan } from './axe';
import { createPost, createUser, logIn, postCard, uniqueName } from './helpers';

/** Settings → Filters, and what a filter does to the posts the person reads. */

test('a warn filter made in Settings shows "Filtered:" on a matching post, with Show anyway', async ({
  page,
  request,
}) => {
  // A word no other test writes, so the filter matches this post only.
  const word = uniqueName('zorblax').replace(/_/g, '');
  const author = await createUser(request, 'Spoiler', 'Writer');
  const text = `Did anyone see the ${word} finale last night?`;
  const post = await createPost(request, author, text);
  const calm = `A quiet day ${uniqueName('calm')}`;
  await createPost(request, author, calm);
  const reader = await createUser(request, 'Careful', 'Reader');
  await logIn(page, reader.username);
  await expect(postCard(page, text)).toContainText(text);

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Filters', exact: true });
  await expect(section.getByText('You have no filters.')).toBeVisible();
  await section.getByRole('button', { name: 'New filter' }).click();
  const title = section.getByRole('textbox', { name: 'Title' });
  await expect(title).toBeFocused();
  await title.fill('Spoilers');
  await section.getByRole('textbox', { name: 'Keyword 1' }).fill(word.toUpperCase());
  await expect(section.getByRole('radio', { name: /Hide behind a warning/ })).toBeChecked();
  await section.getByRole('combobox', { name: 'Expires after' }).selectOption({ label: '1 day' });
  await scan(page, 'settings: new filter');
  await section.getByRole('button', { name: 'Save filter' }).click();

  await expect(section.getByRole('status').filter({ hasText: 'Filter “Spoilers” saved.' })).toBeVisible();
  const entry = section.getByRole('listitem').filter({ hasText: 'Spoilers' });
  await expect(entry).toContainText('Hide behind a warning');
  await expect(entry).toContainText(word.toUpperCase());
  await expect(entry.getByRole('button', { name: 'Edit filter Spoilers' })).toBeFocused();

  await page.goto('/');
  // The post's card, found by its link: its text is not shown.
  const card = page.getByRole('article').filter({ has: page.locator(`a[href="/post/${post._id}"]`) });
  await expect(card).toContainText('Filtered: Spoilers');
  await expect(card).not.toContainText(text);
  await expect(postCard(page, calm)).toBeVisible();
  // From the keyboard: the button reads out why, and shows the post.
  const show = card.getByRole('button', { name: 'Show anyway' });
  await expect(show).toHaveAccessibleDescription('Filtered: Spoilers');
  await show.focus();
  await page.keyboard.press('Enter');
  await expect(card).toContainText(text);
  await expect(show).toHaveCount(0);
  await expect(page).toHaveURL('/');
});

test('deleting a filter asks first, and its posts read as they are again', async ({ page, request }) => {
  const word = uniqueName('quuxle').replace(/_/g, '');
  const author = await createUser(request);
  const text = `The ${word} results are in`;
  await createPost(request, author, text);
  const reader = await createUser(request);
  const made = await request.post('/api/filters', {
    headers: { authorization: reader.token },
    data: {
      title: 'Results',
      context: ['public'],
      action: 'warn',
      keywords: [{ keyword: word, wholeWord: true }],
    },
  });
  expect(made.status()).toBe(201);
  await logIn(page, reader.username);
  await expect(postCard(page, 'Filtered: Results')).toBeVisible();

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Filters', exact: true });
  await section.getByRole('button', { name: 'Delete filter Results' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete the filter “Results”?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Filter “Results” deleted.' })).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Filters' })).toBeFocused();
  await expect(section.getByText('You have no filters.')).toBeVisible();

  await page.goto('/');
  await expect(postCard(page, text)).toContainText(text);
  await expect(page.getByText('Filtered: Results')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the filter form fits the screen, keywords and all', async ({ page, request }) => {
    const reader = await createUser(request);
    await logIn(page, reader.username);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Filters', exact: true });
    await section.getByRole('button', { name: 'New filter' }).click();
    await section.getByRole('button', { name: 'Add keyword' }).click();
    await expect(section.getByRole('textbox', { name: 'Keyword 2' })).toBeFocused();
    for (const control of [
      section.getByRole('textbox', { name: 'Keyword 2' }),
      section.getByRole('checkbox', { name: /^Whole word, keyword 2/ }),
      section.getByRole('button', { name: 'Remove keyword 2' }),
      section.getByRole('button', { name: 'Save filter' }),
    ]) {
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
