import { expect, test, type APIRequestContext } from '@playwright/test';
import { createPost, createUser, logIn, uniqueName, type TestUser } from './helpers';

/**
 * A comment's address ends with the comment's own id (`/post/:postId/comment/:commentId`), as a Mastodon
 * status's does: apps take a link's last segment for the status it is. The page shows the post with the
 * comment marked and scrolled to, even when it is pages into the thread (posts.spec.ts has the plain case
 * and the older `?comment=` address).
 */

const PAGE_SIZE = 20;

async function addComment(request: APIRequestContext, user: TestUser, postId: string, text: string) {
  const response = await request.post(`/api/comments/add/${postId}?return=post`, {
    headers: { authorization: user.token },
    data: { commentData: { text } },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).comment as { _id: string };
}

test("a comment two pages into its thread opens from its reply's Mastodon url, marked; each comment's time is its address", async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Thread', 'Starter');
  const commenter = await createUser(request, 'Many', 'Words');
  const marker = uniqueName('clink');
  const post = await createPost(request, author, `${marker} a long thread`);
  // More than a page of comments before it: the linked one is not among those loaded first.
  for (let index = 1; index <= PAGE_SIZE + 5; index++) {
    await addComment(request, commenter, post._id, `Filler comment number ${index}`);
  }
  const linkedText = `${marker} the comment a link leads to`;
  const linked = await addComment(request, commenter, post._id, linkedText);
  const commentPath = `/post/${post._id}/comment/${linked._id}`;

  // What a Mastodon app gets for the reply, and opens in a browser.
  const status = await request.get(`/api/v1/statuses/${linked._id}`);
  expect(status.status()).toBe(200);
  const { url } = await status.json();
  expect(new URL(url).pathname).toBe(commentPath);

  const reader = await createUser(request);
  await logIn(page, reader.username);
  await page.goto(commentPath);
  const marked = page.locator('article[aria-current="location"]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText(linkedText);
  await expect(marked.getByText('Linked comment', { exact: true })).toBeVisible();
  await expect(marked).toBeInViewport();

  // Each comment's time links to its address.
  await page.goto(`/post/${post._id}`);
  await expect(marked).toHaveCount(0);
  const first = page.getByRole('article').filter({ hasText: 'Filler comment number 1' }).first();
  await first.locator(`a[href^="/post/${post._id}/comment/"]`).click();
  await expect(page).toHaveURL(new RegExp(`/post/${post._id}/comment/[^/]+$`));
  await expect(marked).toContainText('Filler comment number 1');
});

test("a deleted comment's address shows the post and says the comment is gone", async ({ page, request }) => {
  const author = await createUser(request, 'Gone', 'Comment');
  const post = await createPost(request, author, `${uniqueName('cgone')} a post`);
  const comment = await addComment(request, author, post._id, 'Soon deleted');
  const deleted = await request.post(`/api/comments/delete/${post._id}/${comment._id}?return=post`, {
    headers: { authorization: author.token },
  });
  expect(deleted.status()).toBe(201);

  await logIn(page, author.username);
  await page.goto(`/post/${post._id}/comment/${comment._id}`);
  await expect(page.getByText('The comment this address names seems to be deleted')).toBeVisible();
  await expect(page.getByText('No comments yet')).toBeVisible();
});
