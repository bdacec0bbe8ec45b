import { expect, test } from '@playwright/test';
import { createPost, createUser, logIn, postCard, uniqueName } from './helpers';

test('the colour mode toggle persists across a reload', async ({ page, request }) => {
  const user = await createUser(request);
  await logIn(page, user.username);
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(html).not.toHaveClass(/dark/);
});

test('a post card opens with the keyboard', async ({ page, request }) => {
  const user = await createUser(request);
  const text = `Keyboard ${uniqueName('k')}`;
  const post = await createPost(request, user, text);
  await logIn(page, user.username);
  const card = postCard(page, text);
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/post/${post._id}`);
  await expect(page.getByPlaceholder('Post your comment here...')).toBeVisible();
});
