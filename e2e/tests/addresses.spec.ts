import { expect, test } from '@playwright/test';
import { createPost, createUser, logIn, uniqueName } from './helpers';

/**
 * The addresses of Mastodon's form that people type or paste open Sync's pages (docs/decisions/118):
 * `/@username` the profile, `/@username/<post id>` the post, and an account's id `/users/username` the
 * profile in a browser. Any other path stays a missing page.
 */
test('/@user, /@user/<post> and /users/user open the profile and the post', async ({ page, request }) => {
  const author = await createUser(request, 'Address', 'Keeper');
  const text = `${uniqueName('addr')} a post opened by its Mastodon address`;
  const post = await createPost(request, author, text);
  await logIn(page, author.username);

  await page.goto(`/@${author.username}`);
  await expect(page).toHaveURL(`/profile/${author.username}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Address Keeper' })).toBeVisible();

  await page.goto(`/users/${author.username}`);
  await expect(page).toHaveURL(`/profile/${author.username}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Address Keeper' })).toBeVisible();

  await page.goto(`/@${author.username}/${post._id}`);
  await expect(page).toHaveURL(`/post/${post._id}`);
  await expect(page.getByText(text)).toBeVisible();

  await page.goto(`/${author.username}`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
