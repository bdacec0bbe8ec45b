import { expect, test, type Page } from '@playwright/test';
import { scan } from './axe';
import { createUser, logIn, postCard, uniqueName } from './helpers';
import { dunes, postWithImages, sky } from './images';

/** Whether every image in the locator's scope has loaded from the server (not a broken picture). */
async function expectLoaded(page: Page, selector: string) {
  await expect
    .poll(() =>
      page.$$eval(selector, (images) =>
        images.every(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toBe(true);
}

test('two images with descriptions: attached, posted, shown side by side, opened by keyboard', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'Photo', 'Grapher');
  await logIn(page, user.username);
  const text = `Golden hour in Wadi Rum ${uniqueName('m')}`;
  await page.getByRole('textbox', { name: 'Create a post' }).fill(text);

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add images' }).click();
  await (await chooser).setFiles([dunes, sky]);
  const attached = page.getByRole('list', { name: 'Images to post' });
  await expect(attached.getByRole('listitem')).toHaveCount(2);
  await expect(attached.getByRole('progressbar')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Description of dunes.png' }).fill('Red dunes at sunset');

  // One image is still undescribed: the reminder asks, and sends focus to its field.
  await page.getByRole('button', { name: 'Share' }).click();
  const reminder = page.getByRole('dialog', { name: 'An image has no description' });
  await reminder.getByRole('button', { name: 'Add a description' }).click();
  await expect(reminder).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Description of sky.png' })).toBeFocused();
  await page.keyboard.type('A clear blue sky');
  await expect(attached.getByText('ALT')).toHaveCount(2);
  await page.getByRole('button', { name: 'Share' }).click();

  const card = postCard(page, text);
  const grid = card.getByRole('group', { name: '2 images' });
  await expect(grid).toHaveAttribute('data-layout', '2');
  await expect(grid.getByRole('img', { name: 'Red dunes at sunset' })).toBeVisible();
  await expect(grid.getByRole('img', { name: 'A clear blue sky' })).toBeVisible();
  await expect(attached).toBeHidden();
  await expectLoaded(page, `[aria-label="2 images"] img`);

  // The ALT badge shows the description in place, without opening the post.
  await grid.getByRole('button', { name: 'ALT' }).first().click();
  await expect(grid.getByText('Red dunes at sunset', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/');

  const first = grid.getByRole('button', { name: 'Red dunes at sunset' });
  await first.focus();
  await page.keyboard.press('Enter');
  const lightbox = page.getByRole('dialog', { name: 'Image 1 of 2' });
  await expect(lightbox.getByRole('img', { name: 'Red dunes at sunset' })).toBeVisible();
  await expect(lightbox.getByText('Red dunes at sunset')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  const second = page.getByRole('dialog', { name: 'Image 2 of 2' });
  await expect(second.getByRole('img', { name: 'A clear blue sky' })).toBeVisible();
  await expectLoaded(page, '[role="dialog"] img');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(first).toBeFocused();
});

for (const mode of ['light', 'dark'] as const) {
  test.describe(`images in ${mode} mode`, () => {
    test.use({ colorScheme: mode });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((m) => localStorage.setItem('sync-color-mode', m), mode);
    });

    test('the feed with images, the composer with them and the lightbox pass axe', async ({
      page,
      request,
    }) => {
      const user = await createUser(request, 'Axe', 'Photos');
      const text = `Pictures for axe ${uniqueName('a')}`;
      await postWithImages(request, user, text);
      await logIn(page, user.username);
      const card = postCard(page, text);
      await expect(card.getByRole('img', { name: 'A clear blue sky' })).toBeVisible();
      await card.getByRole('button', { name: 'ALT' }).first().click();

      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Add images' }).click();
      await (await chooser).setFiles([dunes]);
      await expect(page.getByRole('list', { name: 'Images to post' }).getByRole('progressbar')).toHaveCount(
        0,
      );
      await scan(page, `feed with images (${mode})`);

      await card.getByRole('button', { name: 'A clear blue sky' }).click();
      await expect(page.getByRole('dialog', { name: 'Image 2 of 2' })).toBeVisible();
      await scan(page, `lightbox (${mode})`);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the grid fits the screen, and the lightbox goes through the images by its buttons', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'Pocket', 'Photos');
    const text = `Photos on a phone ${uniqueName('p')}`;
    await postWithImages(request, user, text);
    await logIn(page, user.username);

    const grid = postCard(page, text).getByRole('group', { name: '2 images' });
    await expect(grid).toBeVisible();
    const box = (await grid.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Two images share a 16:9 frame.
    expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.05);

    await grid.getByRole('button', { name: 'Red dunes at sunset' }).tap();
    const lightbox = page.getByRole('dialog', { name: 'Image 1 of 2' });
    const image = lightbox.getByRole('img', { name: 'Red dunes at sunset' });
    await expect(image).toBeVisible();
    const shown = (await image.boundingBox())!;
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(390);
    await lightbox.getByRole('button', { name: 'Next image' }).tap();
    await expect(page.getByRole('dialog', { name: 'Image 2 of 2' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).tap();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
