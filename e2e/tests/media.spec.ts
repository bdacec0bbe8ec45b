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
  // Zoom by keyboard: + zooms in, an arrow then moves the image instead of going to the next one.
  const shownDunes = lightbox.getByRole('img', { name: 'Red dunes at sunset' });
  await expectLoaded(page, '[role="dialog"] img');
  const unzoomed = (await shownDunes.boundingBox())!;
  const box = async () => (await shownDunes.boundingBox())!;
  await page.keyboard.press('+');
  await expect.poll(async () => (await box()).width).toBeGreaterThan(unzoomed.width * 1.4);
  const zoomedAt = (await box()).x;
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await box()).x).toBeLessThan(zoomedAt);
  await expect(lightbox).toBeVisible();
  await page.keyboard.press('0');
  await expect.poll(async () => (await box()).width).toBeLessThan(unzoomed.width + 1);
  // And by a button, which says what it will do next.
  await lightbox.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await box()).width).toBeGreaterThan(unzoomed.width * 2);
  await lightbox.getByRole('button', { name: 'Zoom out' }).click();
  await expect.poll(async () => (await box()).width).toBeLessThan(unzoomed.width + 1);
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

/** A finger's path on the touch screen, as the browser gets it from a phone (pointer events of type touch). */
async function touch(page: Page, paths: { x: number; y: number }[][]) {
  const client = await page.context().newCDPSession(page);
  const at = (step: number) => paths.map((path) => path[Math.min(step, path.length - 1)]!);
  await client.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  const steps = Math.max(...paths.map((path) => path.length));
  for (let step = 1; step < steps; step++)
    await client.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(step) });
  await client.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await client.detach();
}
/**
 * Two quick taps, sent together and stamped 60 ms apart: on a loaded machine, taps sent one after the
 * other can reach the page further apart than a double tap.
 */
async function doubleTap(page: Page, at: { x: number; y: number }) {
  const client = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  await Promise.all(
    [0, 0.03, 0.06, 0.09].map((offset, i) =>
      client.send('Input.dispatchTouchEvent', {
        type: i % 2 === 0 ? 'touchStart' : 'touchEnd',
        touchPoints: i % 2 === 0 ? [at] : [],
        timestamp: start + offset,
      }),
    ),
  );
  await client.detach();
}
/** From one point to another in ten steps. */
const line = (from: { x: number; y: number }, to: { x: number; y: number }) =>
  Array.from({ length: 11 }, (_, i) => ({
    x: from.x + ((to.x - from.x) * i) / 10,
    y: from.y + ((to.y - from.y) * i) / 10,
  }));

for (const mode of ['light', 'dark'] as const) {
  test.describe(`on a phone (${mode})`, () => {
    test.use({ colorScheme: mode, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((m) => localStorage.setItem('sync-color-mode', m), mode);
    });

    test('the grid fits the screen; the lightbox is opaque, zooms by double tap and pinch, goes through the images and closes by a swipe down', async ({
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
      // Nothing of the page shows through.
      await expect(page.getByTestId('lightbox-backdrop')).toHaveCSS('background-color', 'rgb(0, 0, 0)');
      await expect(lightbox.getByRole('link', { name: 'Open original' })).toHaveAttribute(
        'href',
        /\/media\//,
      );
      await scan(page, `phone lightbox (${mode})`);

      // A double tap zooms in, a second one back out.
      const centre = { x: shown.x + shown.width / 2, y: shown.y + shown.height / 2 };
      const width = async () => (await image.boundingBox())!.width;
      await doubleTap(page, centre);
      await expect.poll(width).toBeGreaterThan(shown.width * 2);
      // Zoomed, a swipe moves the image rather than closing the lightbox or going to the next one.
      await touch(page, [line(centre, { x: centre.x + 60, y: centre.y + 150 })]);
      await expect(lightbox).toBeVisible();
      await doubleTap(page, centre);
      await expect.poll(width).toBeLessThan(shown.width + 1);

      // Two fingers spreading apart zoom in.
      await touch(page, [
        line({ x: centre.x - 20, y: centre.y }, { x: centre.x - 80, y: centre.y }),
        line({ x: centre.x + 20, y: centre.y }, { x: centre.x + 80, y: centre.y }),
      ]);
      await expect.poll(width).toBeGreaterThan(shown.width * 2);

      await lightbox.getByRole('button', { name: 'Next image' }).tap();
      const second = page.getByRole('dialog', { name: 'Image 2 of 2' });
      // Another image starts unzoomed.
      const sky = second.getByRole('img', { name: 'A clear blue sky' });
      await expect(sky).toBeVisible();
      const skyBox = (await sky.boundingBox())!;
      expect(skyBox.x + skyBox.width).toBeLessThanOrEqual(390);
      // A swipe to the right goes back.
      await touch(page, [line({ x: 100, y: centre.y }, { x: 300, y: centre.y })]);
      await expect(lightbox).toBeVisible();

      // A swipe down closes it.
      await touch(page, [line(centre, { x: centre.x, y: centre.y + 250 })]);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });
}
