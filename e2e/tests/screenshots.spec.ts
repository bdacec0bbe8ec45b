import { expect, test } from '@playwright/test';
import path from 'node:path';
import { closeToast } from './helpers';

const dir = path.resolve(import.meta.dirname, '../../docs/screenshots');

async function guestHome(page: import('@playwright/test').Page) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Guest Login' }).click();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  // Close the login toast, so the picture shows the feed itself.
  await closeToast(page);
  await expect(page.getByText('Loged In.')).toBeHidden();
  await page.evaluate(() => document.fonts.ready);
}

test('desktop home feed as guest', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await guestHome(page);
  await expect(page.getByRole('heading', { name: 'Recommended People' })).toBeVisible();
  await expect(page.getByRole('complementary').getByRole('link', { name: 'Olu Adebayo' })).toBeVisible();
  await page.screenshot({ path: path.join(dir, 'desktop.png') });
});

test('phone home feed as guest', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await guestHome(page);
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeEnabled();
  await page.screenshot({ path: path.join(dir, 'phone.png') });
});

test('phone lightbox on a demo photo', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await guestHome(page);
  const post = page.getByRole('article').filter({ hasText: 'Golden hour in Wadi Rum' });
  const photo = post.getByRole('button', { name: /^Red sandstone cliffs in the desert at sunset/ });
  await photo.scrollIntoViewIfNeeded();
  await photo.click();
  const lightbox = page.getByRole('dialog', { name: 'Image' });
  const image = lightbox.getByRole('img', { name: /^Red sandstone cliffs/ });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await page.screenshot({ path: path.join(dir, 'lightbox.png') });
});
