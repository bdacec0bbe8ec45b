import { expect, test } from '@playwright/test';
import { createPost, createUser, logIn, postCard, uniqueName } from './helpers';

test('create, edit and delete a post', async ({ page, request }) => {
  const user = await createUser(request, 'Poster', 'One');
  await logIn(page, user.username);
  const text = `Hello from ${uniqueName('post')}`;

  const composer = page.getByPlaceholder('Create a post....');
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'Poster One' })).toHaveCount(0);

  await composer.fill(`${text}\nsecond line`);
  await page.getByRole('button', { name: 'Share' }).click();
  const card = postCard(page, text);
  await expect(card).toBeVisible();
  await expect(composer).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Home feed' }).getByRole('article').first()).toContainText(
    text,
  );
  await expect(card.getByText('seconds ago')).toBeVisible();

  await card.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Post' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByPlaceholder('Edit a post....');
  await field.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();
  await field.fill(`${text} (edited)`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(postCard(page, `${text} (edited)`)).toBeVisible();

  await page.reload();
  const edited = postCard(page, `${text} (edited)`);
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: /^Delete/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(postCard(page, text)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(postCard(page, text)).toHaveCount(0);
});

test('like and unlike a post', async ({ page, request }) => {
  const author = await createUser(request, 'Liked', 'Author');
  const text = `Like me ${uniqueName('like')}`;
  await createPost(request, author, text);
  const user = await createUser(request);
  await logIn(page, user.username);

  const card = postCard(page, text);
  const like = card.getByRole('button', { name: 'Like', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(card.getByTestId('like-count')).toHaveText('0');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('like-count')).toHaveText('1');
  // The count is a link to who liked, named with its visible number.
  await expect(card.getByRole('link', { name: '1 like', exact: true })).toHaveAttribute(
    'href',
    /\/post\/.+\/likes$/,
  );

  await page.reload();
  await expect(postCard(page, text).getByTestId('like-count')).toHaveText('1');
  await postCard(page, text).getByRole('button', { name: 'Like', exact: true }).click();
  await expect(postCard(page, text).getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(postCard(page, text).getByTestId('like-count')).toHaveText('0');
  await page.reload();
  await expect(postCard(page, text).getByTestId('like-count')).toHaveText('0');
});

test('comment on a post, edit the comment and delete it', async ({ page, request }) => {
  const author = await createUser(request, 'Thread', 'Starter');
  const text = `Discuss ${uniqueName('c')}`;
  const post = await createPost(request, author, text);
  const user = await createUser(request, 'Comment', 'Writer');
  await logIn(page, user.username);

  await postCard(page, text).getByText(text).click();
  await expect(page).toHaveURL(`/post/${post._id}`);
  await expect(page.getByText('No comments yet')).toBeVisible();

  await page.getByPlaceholder('Post your comment here...').fill('First!');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const comment = page.getByRole('article', { name: 'Comment by Comment Writer' });
  await expect(comment).toContainText('First!');
  await expect(page.getByPlaceholder('Post your comment here...')).toHaveValue('');
  await expect(page.getByRole('link', { name: 'Comments: 1' })).toBeVisible();

  await comment.getByRole('button', { name: 'Upvote' }).click();
  await expect(comment.getByRole('button', { name: 'Upvote' })).toHaveAttribute('aria-pressed', 'true');
  await expect(comment.getByTestId('upvotes')).toHaveText('1');

  await comment.getByRole('button', { name: 'Edit' }).click();
  await comment.getByLabel('Edit comment').fill('First! (edited)');
  await comment.getByRole('button', { name: 'Save' }).click();
  await expect(comment).toContainText('First! (edited)');

  await page.reload();
  await expect(page.getByRole('article', { name: 'Comment by Comment Writer' })).toContainText(
    'First! (edited)',
  );
  await page
    .getByRole('article', { name: 'Comment by Comment Writer' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page
    .getByRole('alertdialog', { name: /^Delete/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('article', { name: 'Comment by Comment Writer' })).toHaveCount(0);
  await expect(page.getByText('No comments yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Comments: 0' })).toBeVisible();
});

test('bookmark a post, find it on /bookmark after a reload, remove it', async ({ page, request }) => {
  const author = await createUser(request, 'Worth', 'Keeping');
  const text = `Keep this ${uniqueName('b')}`;
  await createPost(request, author, text);
  const user = await createUser(request);
  await logIn(page, user.username);

  await postCard(page, text).getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(postCard(page, text).getByRole('button', { name: 'Bookmark', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.getByRole('link', { name: 'Bookmark', exact: true }).click();
  await expect(page).toHaveURL('/bookmark');
  await page.reload();
  const saved = postCard(page, text);
  await expect(saved).toBeVisible();
  await saved.getByRole('button', { name: 'Bookmark', exact: true }).click();
  await expect(page.getByText('No bookmarks yet')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No bookmarks yet')).toBeVisible();
});

test('network sorts by trending and by latest', async ({ page, request }) => {
  const user = await createUser(request);
  // Two posts in turn: the newer comes first. Other tests post at the same time, so which post tops
  // the whole list is not this test's to know; the order of its own two is.
  const older = `Older news ${uniqueName('n')}`;
  const text = `Fresh news ${uniqueName('n')}`;
  await createPost(request, user, older);
  await createPost(request, user, text);
  const newestFirst = async () => {
    const latest = page.getByRole('list', { name: 'Latest posts' });
    await expect(latest.getByRole('article').filter({ hasText: text })).toBeVisible();
    const texts = await latest.getByRole('article').allTextContents();
    const [fresh, old] = [
      texts.findIndex((t) => t.includes(text)),
      texts.findIndex((t) => t.includes(older)),
    ];
    expect(fresh).toBeGreaterThanOrEqual(0);
    expect(old).toBeGreaterThan(fresh);
  };
  await logIn(page, user.username);
  await page.getByRole('link', { name: 'Network' }).click();
  await newestFirst();

  await page.getByRole('button', { name: 'Show Trending' }).click();
  await expect(page).toHaveURL('/network?sort=trending');
  const trending = page.getByRole('list', { name: 'Trending posts' });
  await expect(trending.getByRole('article').first()).toBeVisible();
  const counts = (await trending.getByTestId('like-count').allTextContents()).map(Number);
  expect(counts.length).toBeGreaterThan(1);
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
  expect(counts[0]).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Get Latest Post' }).click();
  await newestFirst();
});

test('an unknown post says it seems to be deleted', async ({ page, request }) => {
  const user = await createUser(request);
  await logIn(page, user.username);
  await page.goto('/post/no-such-post');
  await expect(page.getByText('This post seems to be deleted')).toBeVisible();
});

test("a comment's own address opens its post with the comment marked; the older ?comment= address leads there", async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Linked', 'Author');
  const post = await createPost(request, author, `A post whose comment is linked ${uniqueName('link')}`);
  const text = `The linked comment ${uniqueName('comment')}`;
  const added = await request.post(`/api/comments/add/${post._id}`, {
    headers: { authorization: author.token },
    data: { commentData: { text } },
  });
  expect(added.status()).toBe(201);
  const { posts } = (await added.json()) as { posts: { _id: string; comments: { _id: string }[] }[] };
  const commentId = posts.find((each) => each._id === post._id)!.comments.at(-1)!._id;
  await logIn(page, author.username);

  await page.goto(`/post/${post._id}/comment/${commentId}`);
  const marked = page.locator('article[aria-current="location"]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText(text);
  await expect(marked).toBeInViewport();

  await page.goto(`/post/${post._id}?comment=${commentId}`);
  await expect(page).toHaveURL(new RegExp(`/post/${post._id}/comment/${commentId}$`));
  await expect(page.locator('article[aria-current="location"]')).toContainText(text);
});
