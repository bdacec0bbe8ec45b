import { expect, test } from '@playwright/test';
import { createPost, createUser, logIn, postCard, uniqueName } from './helpers';

test('the composer counts against 5,000 characters and Ctrl+Enter shares', async ({ page, request }) => {
  const user = await createUser(request);
  await logIn(page, user.username);
  const composer = page.getByRole('textbox', { name: 'Create a post' });
  await expect(composer).toHaveAccessibleDescription('0 / 5,000');

  await composer.fill('x'.repeat(5001));
  await expect(composer).toHaveAccessibleDescription('1 characters over the limit of 5,000');
  await expect(composer).toHaveAttribute('aria-invalid', 'true');
  await composer.press('Control+Enter');
  await expect(composer).toHaveValue('x'.repeat(5001));

  const text = `Sent by keyboard 👋 ${uniqueName('k')}`;
  await composer.fill(text);
  await expect(composer).toHaveAccessibleDescription(`${[...text].length} / 5,000`);
  await composer.press('Control+Enter');
  await expect(postCard(page, text)).toBeVisible();
  await expect(composer).toHaveValue('');
});

test('the comment box counts against 2,000 characters and a vote can be taken back', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Vote', 'Host');
  const post = await createPost(request, author, `Vote on me ${uniqueName('v')}`);
  await request.post(`/api/comments/add/${post._id}`, {
    headers: { authorization: author.token },
    data: { commentData: { text: 'A comment worth a vote' } },
  });
  const user = await createUser(request);
  await logIn(page, user.username);
  await page.goto(`/post/${post._id}`);

  const box = page.getByRole('textbox', { name: 'Comment' });
  await expect(box).toHaveAccessibleDescription('0 / 2,000');
  await box.fill('y'.repeat(2001));
  await expect(box).toHaveAccessibleDescription('1 characters over the limit of 2,000');

  const comment = page.getByRole('article', { name: 'Comment by Vote Host' });
  const upvote = comment.getByRole('button', { name: /^Upvote/ });
  await upvote.click();
  await expect(upvote).toHaveAttribute('aria-pressed', 'true');
  await expect(comment.getByTestId('upvotes')).toHaveText('1');
  // Pressing the same vote again takes it back (POST /api/comments/unvote).
  await upvote.click();
  await expect(upvote).toHaveAttribute('aria-pressed', 'false');
  await expect(comment.getByTestId('upvotes')).toHaveText('0');
  await page.reload();
  await expect(page.getByRole('article', { name: 'Comment by Vote Host' }).getByTestId('upvotes')).toHaveText(
    '0',
  );
});
