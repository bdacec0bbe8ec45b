import { expect, test } from '@playwright/test';
import { scan } from './axe';
import { createPost, createUser, logIn, uniqueName } from './helpers';
import { gradientPng } from './png';

const kite = {
  name: 'kite.png',
  mimeType: 'image/png',
  buffer: gradientPng(300, 200, [230, 60, 40], [250, 220, 120]),
};

test('a comment with an image and its description: uploaded, described, shown under the post, axe clean', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Kite', 'Flyer');
  const post = await createPost(request, author, `Kites at the beach ${uniqueName('k')}`);
  const user = await createUser(request, 'Beach', 'Walker');
  await logIn(page, user.username);
  await page.goto(`/post/${post._id}`);
  await expect(page.getByText('No comments yet')).toBeVisible();

  await page.getByRole('textbox', { name: 'Comment' }).fill('Mine was red');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add image' }).click();
  await (await chooser).setFiles([kite]);
  const attached = page.getByRole('list', { name: 'Image to comment' });
  await expect(attached.getByRole('listitem')).toHaveCount(1);
  await expect(attached.getByRole('progressbar')).toHaveCount(0);
  // One image per comment: the button waits until this one is removed.
  await expect(page.getByRole('button', { name: 'Add image' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Description of kite.png' }).fill('A red kite over the dunes');
  await expect(attached.getByText('ALT')).toBeVisible();
  await scan(page, 'comment composer with an image');

  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const comment = page.getByRole('article', { name: 'Comment by Beach Walker' });
  await expect(comment).toContainText('Mine was red');
  const image = comment.getByRole('img', { name: 'A red kite over the dunes' });
  await expect(image).toBeVisible();
  await expect
    .poll(() =>
      image.evaluate(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      ),
    )
    .toBe(true);
  await expect(attached).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Add image' })).toBeEnabled();

  // The server has it: the comment's one image, with its description.
  const reply = await request.get(`/api/comments/${post._id}`, { headers: { authorization: user.token } });
  const saved = (await reply.json()).comments.find((c: any) => c.text === 'Mine was red');
  expect(saved.media).toHaveLength(1);
  expect(saved.media[0].description).toBe('A red kite over the dunes');

  await scan(page, 'post with a comment with an image');
});
