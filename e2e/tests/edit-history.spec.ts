import { expect, test, type Page } from '@playwright/test';
import { scan } from './axe';
import { createPost, createUser, logIn, postCard, uniqueName } from './helpers';

/** Edits the post through its menu's Edit dialog. */
async function editPost(page: Page, marker: string, text: string) {
  await postCard(page, marker).getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Post' });
  await dialog.getByPlaceholder('Edit a post....').fill(text);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(postCard(page, marker)).toContainText(text);
}

test('an edited post shows "Edited" and its history, with the changes marked', async ({ page, request }) => {
  const user = await createUser(request, 'Edith', 'Story');
  const marker = uniqueName('edits');
  await createPost(request, user, `${marker} Sunset at the lake`);
  await logIn(page, user.username);

  const card = postCard(page, marker);
  await expect(card).toBeVisible();
  const edited = card.getByRole('button', { name: 'Edited (show edit history)' });
  await expect(edited).toHaveCount(0);

  await editPost(page, marker, `${marker} Sunset at the quiet lake`);
  await expect(edited).toBeVisible();
  await expect(edited.locator('time')).toHaveAttribute('datetime', /^\d{4}-/);

  // Opened with the keyboard: the history of one edit.
  await edited.focus();
  await page.keyboard.press('Enter');
  const history = page.getByRole('dialog', { name: 'Edit history' });
  await expect(history.locator('ol > li')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(edited).toBeFocused();

  // Another edit: the next opening asks again and shows three versions, newest first.
  await editPost(page, marker, `${marker} Sunrise at the quiet lake`);
  await edited.focus();
  await page.keyboard.press('Enter');
  await expect(history).toBeVisible();
  const versions = history.locator('ol > li');
  await expect(versions).toHaveCount(3);
  const [current, middle, original] = [versions.nth(0), versions.nth(1), versions.nth(2)];
  await expect(current).toHaveAttribute('aria-current', 'true');
  await expect(current).toContainText('Current version');
  await expect(current).toContainText('Edit 2');
  await expect(current.locator('del')).toHaveText('(removed: Sunset)');
  await expect(current.locator('ins')).toHaveText('(added: Sunrise)');
  await expect(middle).not.toHaveAttribute('aria-current', 'true');
  await expect(middle.locator('ins')).toHaveText('(added: quiet )');
  await expect(middle.locator('del')).toHaveCount(0);
  await expect(original).toContainText('Original');
  await expect(original).toContainText(`${marker} Sunset at the lake`);
  await expect(original.locator('ins, del')).toHaveCount(0);
  await expect(original.locator('time')).toContainText('seconds ago');

  // The highlight is more than a colour: an underline and a strike-through.
  await expect(current.locator('ins')).toHaveCSS('text-decoration-line', 'underline');
  await expect(current.locator('del')).toHaveCSS('text-decoration-line', 'line-through');

  await scan(page, 'edit history dialog');

  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(edited).toBeFocused();
  // The dialog's clicks and keys stayed in it: the feed is still on screen, not the post's page.
  await expect(page).toHaveURL(/\/$/);
});

test('an edited comment shows "Edited" and its history', async ({ page, request }) => {
  const user = await createUser(request, 'Comma', 'Editor');
  const marker = uniqueName('cedits');
  const post = await createPost(request, user, `${marker} a post to comment on`);
  await logIn(page, user.username);
  await postCard(page, marker).getByText(marker).click();
  await expect(page).toHaveURL(`/post/${post._id}`);

  await page.getByPlaceholder('Post your comment here...').fill('First thoughts here');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const comment = page.getByRole('article', { name: 'Comment by Comma Editor' });
  await expect(comment).toContainText('First thoughts here');
  await comment.getByRole('button', { name: 'Edit' }).click();
  await comment.getByLabel('Edit comment').fill('Second thoughts here');
  await comment.getByRole('button', { name: 'Save' }).click();

  await expect(comment).toContainText('Second thoughts here');
  const edited = comment.getByRole('button', { name: 'Edited (show edit history)' });
  await edited.click();
  const history = page.getByRole('dialog', { name: 'Edit history' });
  await expect(history.locator('ol > li')).toHaveCount(2);
  await expect(history.locator('ol > li').first().locator('del')).toHaveText('(removed: First)');
  await expect(history.locator('ol > li').first().locator('ins')).toHaveText('(added: Second)');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(edited).toBeFocused();
});
