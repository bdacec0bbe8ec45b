import { expect, test, type Locator, type Page } from '@playwright/test';
import { scan } from './axe';
import { createPost, createUser, logIn, PASSWORD, uniqueName, type TestUser } from './helpers';

/**
 * The visual defects of issue 29, each held where it can be said exactly: by the boxes and computed
 * styles the browser reports. Only the loading skeleton is compared as a picture: it has no text, so
 * its pixels do not depend on the fonts a machine has (decision 106).
 */

const layouts = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
} as const;
const modes = ['light', 'dark'] as const;

type Rgb = [number, number, number];

/** A colour as the screen shows it, in sRGB 0-255 (Chrome reports Tailwind's colours as oklch()). */
async function rgb(page: Page, colour: string): Promise<Rgb> {
  return page.evaluate((css) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = css;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return [r ?? 0, g ?? 0, b ?? 0];
  }, colour);
}

/** WCAG's relative luminance of an sRGB colour. */
function luminance([r, g, b]: Rgb) {
  const linear = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG's contrast ratio of two colours. */
function contrast(a: Rgb, b: Rgb) {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

async function box(locator: Locator) {
  const drawn = await locator.boundingBox();
  if (!drawn) throw new Error(`${locator} is not drawn`);
  return drawn;
}

const style = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

const outline = (locator: Locator) =>
  locator.evaluate((element) => {
    const s = getComputedStyle(element);
    // The offset differs by design: the tab bar's ring is drawn inside its tabs.
    return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
  });

/** The post's own page, where its card is the first article whichever posts others add to the feeds. */
async function openPost(page: Page, postId: string) {
  await page.goto(`/post/${postId}`);
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  return card;
}

for (const [layout, use] of Object.entries(layouts)) {
  test.describe(layout, () => {
    test.use(use);

    for (const mode of modes) {
      test.describe(mode, () => {
        test.use({ colorScheme: mode });

        test('a screen’s heading, focused after a keyboard navigation, shows the app’s teal ring', async ({
          page,
          request,
        }) => {
          const user = await createUser(request, 'Heading', 'Focus');
          await logIn(page, user.username);
          const nav =
            layout === 'phone'
              ? page.getByRole('navigation', { name: 'Tabs' })
              : page.getByRole('navigation', { name: 'Main' });
          const link = nav.getByRole('link', { name: /^Notifications/ });
          // A key press first, as a keyboard user's would be: focus then shows as :focus-visible.
          await page.keyboard.press('Shift');
          await link.focus();
          await expect(link).toBeFocused();
          // Read once the link's colour transition has ended: while it runs Chrome reports an oklab() mix.
          await expect.poll(() => outline(link)).toMatch(/^solid 2px oklch\(/);
          const ring = await outline(link);
          await page.keyboard.press('Enter');
          const heading = page.getByRole('heading', { level: 1, name: 'Notifications' });
          await expect(heading).toBeFocused();
          expect(await heading.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
          // The browser's own ring was `auto`, 1px and near black.
          await expect.poll(() => outline(heading)).toBe(ring);
        });

        test('liked and bookmarked each have a colour of their own, clear against the card', async ({
          page,
          request,
        }) => {
          const author = await createUser(request, 'Colour', 'Author');
          const post = await createPost(request, author, `Liked and kept ${uniqueName('c')}`);
          const reader = await createUser(request, 'Colour', 'Reader');
          const headers = { authorization: reader.token };
          expect((await request.post(`/api/posts/like/${post._id}`, { headers })).ok()).toBe(true);
          expect((await request.post(`/api/users/bookmark/${post._id}`, { headers })).ok()).toBe(true);
          await logIn(page, reader.username);
          const card = await openPost(page, post._id);
          const like = card.getByRole('button', { name: 'Like', exact: true });
          const bookmark = card.getByRole('button', { name: 'Bookmark', exact: true });
          await expect(like).toHaveAttribute('aria-pressed', 'true');
          await expect(bookmark).toHaveAttribute('aria-pressed', 'true');

          const background = await rgb(page, await style(page.locator('body'), 'background-color'));
          const liked = await rgb(page, await style(like, 'color'));
          const kept = await rgb(page, await style(bookmark, 'color'));
          // A like is red (rose), a bookmark blue: far apart, each its hue's strongest channel.
          expect(liked[0]).toBeGreaterThan(Math.max(liked[1], liked[2]));
          expect(kept[2]).toBeGreaterThan(Math.max(kept[0], kept[1]));
          // WCAG 1.4.11: an icon that says a state needs 3:1 against what is behind it.
          expect(contrast(liked, background)).toBeGreaterThanOrEqual(3);
          expect(contrast(kept, background)).toBeGreaterThanOrEqual(3);

          // Off again, both go back to the card's grey, and say so.
          await like.click();
          await bookmark.click();
          await expect(like).toHaveAttribute('aria-pressed', 'false');
          await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
          // Polled: the colours fade (transition-colors).
          await expect
            .poll(async () => (await style(like, 'color')) === (await style(bookmark, 'color')))
            .toBe(true);
        });

        test('empty Bookmarks says how to bookmark and has no sort buttons until there is one', async ({
          page,
          request,
        }) => {
          const user = await createUser(request, 'Empty', 'Shelf');
          await logIn(page, user.username);
          await page.goto('/bookmark');
          await expect(page.getByText('No bookmarks yet', { exact: false })).toBeVisible();
          await expect(page.getByText('To keep a post here, press the bookmark button')).toBeVisible();
          await expect(page.getByRole('group', { name: 'Sort posts' })).toHaveCount(0);
          await scan(page, `empty bookmarks, ${layout}, ${mode}`);

          const author = await createUser(request, 'Kept', 'Author');
          const post = await createPost(request, author, `Worth keeping ${uniqueName('b')}`);
          const headers = { authorization: user.token };
          expect((await request.post(`/api/users/bookmark/${post._id}`, { headers })).ok()).toBe(true);
          await page.reload();
          await expect(page.getByRole('list', { name: 'Bookmarks' }).getByRole('article')).toHaveCount(1);
          await expect(page.getByRole('group', { name: 'Sort posts' })).toBeVisible();
          await expect(page.getByText('To keep a post here')).toHaveCount(0);
        });

        test('loading skeletons draw round avatars, as the posts they stand for have', async ({
          page,
          request,
        }) => {
          const user = await createUser(request, 'Skeleton', 'Reader');
          await logIn(page, user.username);
          // The feed's answer is held until the skeleton has been looked at.
          let release = () => {};
          const held = new Promise<void>((resolve) => (release = resolve));
          await page.route(
            (url) => url.pathname === '/api/posts',
            async (route) => {
              await held;
              await route.continue();
            },
          );
          await page.goto('/');
          const skeleton = page.getByRole('status', { name: 'Loading home feed' });
          await expect(skeleton).toBeVisible();
          const avatars = skeleton.locator('[aria-hidden="true"] > :first-child');
          await expect(avatars).toHaveCount(3);
          for (const avatar of await avatars.all()) {
            const { width, height, radius } = await avatar.evaluate((element) => {
              const box = element.getBoundingClientRect();
              return {
                width: box.width,
                height: box.height,
                radius: getComputedStyle(element).borderTopLeftRadius,
              };
            });
            expect(width).toBe(height);
            expect(parseFloat(radius)).toBeGreaterThanOrEqual(width / 2);
          }
          release();
          await expect(skeleton).toHaveCount(0);
          await page.unrouteAll({ behavior: 'ignoreErrors' });
        });
      });
    }

    test('an own post’s header stays one line with a long name on a wide screen: the name is cut short, the age shows', async ({
      page,
      request,
    }) => {
      // On a phone the age goes under the name instead (issue 44 item 8), which phone.spec.ts checks.
      test.skip(layout === 'phone', 'a phone puts the age under the name');
      const user = await createUser(request, 'Maximiliana Konstantina', 'Wolfeschlegelsteinhausenberger');
      const text = `A long name's own post ${uniqueName('h')}`;
      const post = await createPost(request, user, text);
      await logIn(page, user.username);
      const card = await openPost(page, post._id);
      await expect(card.getByRole('button', { name: 'Post options' })).toBeVisible();
      const name = card.getByRole('link', { name: `${user.firstName} ${user.lastName}` });
      const age = card.locator('header time');
      const dot = card.locator('header').getByText('·', { exact: true }).first();
      const menu = card.getByRole('button', { name: 'Post options' });
      const nameBox = await box(name);
      const dotBox = await box(dot);
      const ageBox = await box(age);
      const menuBox = await box(menu);
      // One line: name, "·" and age share a middle (a wrapped line would be 20 px or more below).
      const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
      expect(Math.abs(middle(nameBox) - middle(ageBox))).toBeLessThan(6);
      expect(Math.abs(middle(dotBox) - middle(ageBox))).toBeLessThan(6);
      // In order, the age whole and clear of the menu.
      expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(dotBox.x);
      expect(dotBox.x + dotBox.width).toBeLessThanOrEqual(ageBox.x);
      expect(ageBox.x + ageBox.width).toBeLessThanOrEqual(menuBox.x);
      if (layout === 'phone') {
        // The name is what gives way, with an ellipsis.
        expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
        expect(await style(name, 'text-overflow')).toBe('ellipsis');
      }
    });

    test('the "new posts" pill covers no post at the top of the feed', async ({ browser, request }) => {
      test.setTimeout(90_000);
      const author = await createUser(request, 'Pill', 'Author');
      const reader = await createUser(request, 'Pill', 'Reader With A Rather Long Name');
      const headers = { authorization: reader.token };
      expect((await request.post(`/api/users/follow/${author._id}`, { headers })).ok()).toBe(true);
      const context = await browser.newContext(use);
      const page = await context.newPage();
      const streamOpen = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200,
      );
      await logIn(page, reader.username);
      await streamOpen;
      const feed = page.getByRole('list', { name: 'Home feed' });
      await expect(feed.getByRole('article').first()).toBeVisible();
      await createPost(request, author, `Fresh for the pill ${uniqueName('p')}`);
      const pill = page.getByRole('button', { name: /^Show \d+ new posts?$/ });
      await expect(pill).toBeVisible();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const pillBox = await box(pill);
      const firstBox = await box(feed.getByRole('article').first());
      expect(pillBox.y + pillBox.height).toBeLessThanOrEqual(firstBox.y);

      // Further down it floats under the top bar, over the posts, and clicks beside it reach them.
      await page.mouse.wheel(0, 1200);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await expect(pill).toBeInViewport();
      await context.close();
    });

    test('after deleting an account, Guest Login lands on the home feed, not on Settings', async ({
      page,
      request,
    }) => {
      const user: TestUser = await createUser(request, 'Leaving', 'Soon');
      await logIn(page, user.username);
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Delete my account…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel('Password').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await expect(page).toHaveURL('/login');
      await page.getByRole('button', { name: 'Guest Login' }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    });
  });
}

test('the middle column’s border runs to the foot of the window on a short page', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'Short', 'Page');
  await logIn(page, user.username);
  const tag = uniqueName('t').replace(/_/g, '');
  await page.goto(`/tag/${tag}`);
  await expect(page.getByText(`No posts with #${tag} yet.`)).toBeVisible();
  const column = page.locator('#content > div > div').first();
  expect(await style(column, 'border-right-width')).toBe('1px');
  const drawn = await box(column);
  expect(drawn.y + drawn.height).toBeGreaterThanOrEqual((page.viewportSize()?.height ?? 0) - 1);
});
