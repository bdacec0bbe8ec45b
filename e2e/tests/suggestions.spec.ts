import { expect, test, type Locator, type Page } from '@playwright/test';
import { scan } from './axe';
import { createPost, createUser, logIn, postCard, uniqueName } from './helpers';

/**
 * Suggestions while typing: @people and #tags in the composer and the comment box (inserted as
 * `@username ` / `#tag `), and people, tags and "Search posts for …" in the search field. The list is
 * ARIA's listbox: the focus stays in the field, which names the active option.
 */

/** Two tags that start alike, the first used by more posts, and a friend to mention. */
async function scene(request: Parameters<typeof createUser>[0]) {
  const stem = uniqueName('gar').replace(/[^a-z0-9]/g, '');
  const friend = await createUser(request, `Sg${stem.slice(-8)}`, 'Friend');
  await createPost(request, friend, `#${stem}den and #${stem}lic`);
  await createPost(request, friend, `More #${stem}den`);
  return { stem, friend };
}

const listOf = (page: Page, name: string) => page.getByRole('listbox', { name });

/** The option the field names as active is the one marked selected, and it shows `text`. */
async function expectActive(field: Locator, list: Locator, text: string) {
  const selected = list.getByRole('option', { selected: true });
  await expect(selected).toContainText(text);
  // Read together, again until they agree: a later answer for the same text may draw the list anew.
  await expect
    .poll(
      async () => (await field.getAttribute('aria-activedescendant')) === (await selected.getAttribute('id')),
    )
    .toBe(true);
}

test('the composer suggests people and tags by keyboard: arrows, Enter, Tab and Escape', async ({
  page,
  request,
}) => {
  const { stem, friend } = await scene(request);
  const user = await createUser(request);
  await logIn(page, user.username);
  const composer = page.getByRole('textbox', { name: 'Create a post' });
  const list = listOf(page, 'People and tags');

  await composer.pressSequentially(`Hello @${friend.username}`);
  await expect(list).toBeVisible();
  await expect(composer).toHaveAttribute('aria-controls', (await list.getAttribute('id')) ?? '');
  await expect(page.getByRole('status').filter({ hasText: '1 suggestion.' })).toBeAttached();
  await expectActive(composer, list, `@${friend.username}`);
  await expect(list.getByRole('option').first()).toContainText(`${friend.firstName} Friend`);
  await composer.press('Enter');
  await expect(composer).toHaveValue(`Hello @${friend.username} `);
  await expect(list).toBeHidden();
  await expect(composer).not.toHaveAttribute('aria-activedescendant');

  await composer.pressSequentially(`likes #${stem}`);
  await expect(list.getByRole('option')).toHaveText([/2 posts/, /1 post/]);
  await expectActive(composer, list, `#${stem}den`);
  await composer.press('ArrowDown');
  await expectActive(composer, list, `#${stem}lic`);
  await composer.press('ArrowDown');
  await expectActive(composer, list, `#${stem}den`);
  await composer.press('ArrowUp');
  await expectActive(composer, list, `#${stem}lic`);
  await composer.press('Tab');
  await expect(composer).toHaveValue(`Hello @${friend.username} likes #${stem}lic `);
  await expect(composer).toBeFocused();

  // Escape closes the list and leaves the text as typed.
  await composer.pressSequentially(`#${stem}`);
  await expect(list).toBeVisible();
  await composer.press('Escape');
  await expect(list).toBeHidden();
  await expect(composer).toHaveValue(`Hello @${friend.username} likes #${stem}lic #${stem}`);
  await expect(composer).toBeFocused();

  await composer.press('Control+Enter');
  const card = postCard(page, `likes #${stem}lic`);
  await expect(card.getByRole('link', { name: `@${friend.username}` })).toBeVisible();
});

test('the comment box takes a suggestion by mouse', async ({ page, request }) => {
  const { stem, friend } = await scene(request);
  const user = await createUser(request);
  const post = await createPost(request, user, `Comment on me ${uniqueName('c')}`);
  await logIn(page, user.username);
  await page.goto(`/post/${post._id}`);
  const box = page.getByRole('textbox', { name: 'Comment' });
  const list = listOf(page, 'People and tags');

  await box.pressSequentially(`Thanks @${friend.firstName.slice(0, 6)}`);
  await list.getByRole('option', { name: new RegExp(`@${friend.username}`) }).click();
  await expect(box).toHaveValue(`Thanks @${friend.username} `);
  await expect(box).toBeFocused();
  await box.pressSequentially(`see #${stem}`);
  await list.getByRole('option', { name: new RegExp(`#${stem}den`) }).click();
  await expect(box).toHaveValue(`Thanks @${friend.username} see #${stem}den `);
});

test("the edit dialog's box suggests too; Escape closes the list, not the dialog", async ({
  page,
  request,
}) => {
  const { stem } = await scene(request);
  const user = await createUser(request);
  const marker = uniqueName('edit');
  await createPost(request, user, `${marker} first words`);
  await logIn(page, user.username);
  await page.goto(`/profile/${user.username}`);
  await postCard(page, marker).getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Post' });
  const box = dialog.getByPlaceholder('Edit a post....');
  await box.press('End');
  await box.pressSequentially(` #${stem}`);
  const list = listOf(page, 'People and tags');
  await expect(list.getByRole('option')).toHaveCount(2);
  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(box).toHaveValue(`${marker} first words #${stem}`);
  await box.pressSequentially('l');
  await expectActive(box, list, `#${stem}lic`);
  await box.press('Enter');
  await expect(box).toHaveValue(`${marker} first words #${stem}lic `);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(postCard(page, marker)).toContainText(`#${stem}lic`);
});

test('the search field suggests people, tags and a search of posts', async ({ page, request }) => {
  const { stem, friend } = await scene(request);
  const user = await createUser(request);
  await logIn(page, user.username);
  const field = page.getByRole('banner').getByLabel('Search posts and people');
  const list = listOf(page, 'Suggestions');

  // A person, by keyboard: the first option is the person; nothing is active until an arrow.
  await field.fill(friend.username);
  await expect(field).toHaveRole('combobox');
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  await expect(list.getByRole('option')).toHaveText([
    new RegExp(`@${friend.username}`),
    `Search posts for “${friend.username}”`,
  ]);
  await expect(list.getByRole('option', { selected: true })).toHaveCount(0);
  await field.press('ArrowDown');
  await expectActive(field, list, friend.username);
  await field.press('Enter');
  await expect(page).toHaveURL(`/profile/${friend.username}`);

  // A tag, by mouse.
  await field.fill(`#${stem}`);
  await list.getByRole('option', { name: new RegExp(`#${stem}den`) }).click();
  await expect(page).toHaveURL(`/tag/${stem}den`);

  // The last option searches posts; Up from nothing goes there.
  await field.fill(`${stem}den`);
  await expect(list.getByRole('option').last()).toHaveText(`Search posts for “${stem}den”`);
  await field.press('ArrowUp');
  await expectActive(field, list, 'Search posts for');
  await field.press('Enter');
  await expect(page).toHaveURL(`/search?q=${stem}den`);
  // The field starts afresh with the address's query (the choice had emptied it): typing before then
  // would go to the field being replaced.
  await expect(field).toHaveValue(`${stem}den`);

  // Enter with no option chosen searches, as it always did; Escape first closes the list.
  await field.fill(friend.firstName);
  await expect(list).toBeVisible();
  await field.press('Escape');
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await expect(field).toHaveValue(friend.firstName);
  await field.press('Enter');
  await expect(page).toHaveURL(`/search?q=${friend.firstName}`);
});

for (const mode of ['light', 'dark'] as const) {
  test.describe(`${mode} mode`, () => {
    test.use({ colorScheme: mode });

    test('suggestions pass axe on a desktop', async ({ page, request }) => {
      // Two full axe scans: slow on a busy machine.
      test.slow();
      const { stem, friend } = await scene(request);
      const user = await createUser(request);
      await logIn(page, user.username);
      const composer = page.getByRole('textbox', { name: 'Create a post' });
      await composer.pressSequentially(`@${friend.username}`);
      await expect(listOf(page, 'People and tags')).toBeVisible();
      await scan(page, `composer suggestions desktop ${mode}`);
      await composer.press('Escape');
      await page.getByRole('banner').getByLabel('Search posts and people').fill(`#${stem}`);
      await expect(listOf(page, 'Suggestions').getByRole('option')).toHaveCount(3);
      await scan(page, `search suggestions desktop ${mode}`);
    });

    test.describe('on a phone', () => {
      test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

      test('suggestions pass axe on a phone', async ({ page, request }) => {
        test.slow();
        const { stem, friend } = await scene(request);
        const user = await createUser(request);
        const post = await createPost(request, user, `Phone post ${uniqueName('p')}`);
        await logIn(page, user.username);
        // The comment box: the phone's composer is the Compose sheet's.
        await page.goto(`/post/${post._id}`);
        const box = page.getByRole('textbox', { name: 'Comment' });
        await box.pressSequentially(`@${friend.username}`);
        await expect(listOf(page, 'People and tags')).toBeVisible();
        await scan(page, `comment suggestions phone ${mode}`);
        await box.press('Escape');
        await page.goto('/search');
        const field = page.getByRole('main').getByLabel('Search posts and people');
        await field.fill(`#${stem}`);
        await expect(listOf(page, 'Suggestions').getByRole('option')).toHaveCount(3);
        await scan(page, `search suggestions phone ${mode}`);
        await listOf(page, 'Suggestions')
          .getByRole('option', { name: new RegExp(`#${stem}lic`) })
          .tap();
        await expect(page).toHaveURL(`/tag/${stem}lic`);
      });
    });
  });
}
