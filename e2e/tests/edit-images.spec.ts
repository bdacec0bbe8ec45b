import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scan } from './axe';
import { createUser, logIn, postCard, uniqueName } from './helpers';
import { image, postWithImages } from './images';

/** Issue 28: the edit dialog changes a post's images and their sensitive mark; the history dialog is axe-clean. */

const forest = image('forest.png', [20, 120, 40], [200, 240, 180]);

async function readPost(request: APIRequestContext, postId: string) {
  return (await (await request.get(`/api/posts/${postId}`)).json()).post as {
    content: string;
    sensitive?: boolean;
    media?: { id: string; description: string }[];
  };
}

async function openEdit(page: Page, marker: string) {
  await postCard(page, marker).getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  return page.getByRole('dialog', { name: 'Edit Post' });
}

test('the edit dialog takes an image off, adds a described one and marks them sensitive', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'Pic', 'Editor');
  const marker = uniqueName('editimg');
  const { postId, ids } = await postWithImages(request, user, `${marker} Desert day`);
  await logIn(page, user.username);
  await expect(postCard(page, marker)).toBeVisible();

  const dialog = await openEdit(page, marker);
  const list = dialog.getByRole('list', { name: 'Images to post' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(dialog.getByLabel('Description of image 1')).toHaveValue('Red dunes at sunset');
  await scan(page, 'edit dialog with images');

  await dialog.getByRole('button', { name: 'Remove image 2' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Add images' }).click();
  await (await chooser).setFiles([forest]);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('progressbar')).toHaveCount(0);
  await dialog.getByLabel('Description of forest.png').fill('A green forest');
  await dialog.getByRole('checkbox', { name: 'Mark as sensitive' }).check();
  await dialog.getByPlaceholder('Edit a post....').fill(`${marker} Desert and forest`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(postCard(page, marker)).toContainText('Desert and forest');

  const post = await readPost(request, postId);
  expect(post.sensitive).toBe(true);
  expect(post.media?.map((shown) => shown.description)).toEqual(['Red dunes at sunset', 'A green forest']);
  expect(post.media?.[0]?.id).toBe(ids[0]);
  // The version replaced still names the image taken off, with its alt text.
  const history = await (await request.get(`/api/posts/${postId}/history`)).json();
  expect(history.versions[0].media).toEqual([
    { id: ids[0], description: 'Red dunes at sunset' },
    { id: ids[1], description: 'A clear blue sky' },
  ]);

  // Opened again, the dialog starts from the post as it is now.
  const again = await openEdit(page, marker);
  await expect(again.getByRole('list', { name: 'Images to post' }).getByRole('listitem')).toHaveCount(2);
  await expect(again.getByRole('checkbox', { name: 'Mark as sensitive' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();
});

for (const mode of ['light', 'dark'] as const) {
  for (const phone of [false, true]) {
    const where = phone ? 'on a phone' : 'on a desktop';
    test.describe(`the edit history dialog in ${mode} mode ${where}`, () => {
      test.use({
        colorScheme: mode,
        ...(phone && { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }),
      });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((m) => localStorage.setItem('sync-color-mode', m), mode);
      });

      test(`passes axe (${mode}, ${where})`, async ({ page, request }) => {
        const user = await createUser(request, 'Axe', 'History');
        const marker = uniqueName('axehist');
        const { postId } = await postWithImages(request, user, `${marker} Before the edit`);
        const edited = await request.post(`/api/posts/edit/${postId}`, {
          headers: { authorization: user.token },
          data: { postData: { content: `${marker} After the edit`, sensitive: true } },
        });
        expect(edited.status()).toBe(201);
        await logIn(page, user.username);
        const card = postCard(page, marker);
        await expect(card).toBeVisible();
        await card.getByRole('button', { name: 'Edited (show edit history)' }).click();
        const history = page.getByRole('dialog', { name: 'Edit history' });
        await expect(history.locator('ol > li')).toHaveCount(2);
        await scan(page, `edit history ${mode} ${where}`);
        await page.keyboard.press('Escape');
        await expect(history).toBeHidden();
      });
    });
  }
}
