import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scan } from './axe';
import { createUser, logIn, type TestUser } from './helpers';

async function follow(request: APIRequestContext, who: TestUser, whom: TestUser) {
  const reply = await request.post(`/api/users/follow/${whom._id}`, {
    headers: { authorization: who.token },
  });
  expect(reply.status()).toBe(200);
}

/** A profile's header (the side panel may show the same person again). */
const header = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });

/** Me, and a fan who follows me (whom I do not follow yet). */
async function meAndAFan(request: APIRequestContext, page: Page) {
  const me = await createUser(request, 'Profile', 'Viewer');
  const fan = await createUser(request, 'Keen', 'Fan');
  await follow(request, fan, me);
  await logIn(page, me.username);
  return { me, fan };
}

test('"Follows you", and one Follow state in a follower list and on the profile', async ({
  page,
  request,
}) => {
  const { me, fan } = await meAndAFan(request, page);

  await page.goto(`/profile/${me.username}/followers`);
  const list = page.getByRole('list', { name: `Followers of @${me.username}` });
  const row = list.getByRole('listitem').filter({ hasText: 'Keen Fan' });
  await expect(row.getByText('Follows you')).toBeVisible();
  // The spec's words, never "✓ Follow": Follow while not following, UnFollow once following.
  await row.getByRole('button', { name: 'Follow Keen Fan' }).click();
  await expect(row.getByRole('button', { name: 'UnFollow Keen Fan' })).toBeVisible();

  // Their profile says the same, and a change there shows back in the list.
  await row.getByRole('link', { name: 'Keen Fan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Keen Fan' })).toBeVisible();
  await expect(header(page).getByText('Follows you')).toBeVisible();
  await expect(page.getByTestId('follower-count')).toHaveText('1');
  await header(page).getByRole('button', { name: 'UnFollow Keen Fan' }).click();
  await expect(header(page).getByRole('button', { name: 'Follow Keen Fan' })).toBeVisible();
  await expect(page.getByTestId('follower-count')).toHaveText('0');
  await page.goBack();
  await expect(row.getByRole('button', { name: 'Follow Keen Fan' })).toBeVisible();

  // Whom they follow lists me: my own row has no button.
  await page.goto(`/profile/${fan.username}/following`);
  const mine = page.getByRole('listitem').filter({ hasText: 'Profile Viewer' });
  await expect(mine.getByRole('link', { name: 'Profile Viewer' })).toBeVisible();
  await expect(mine.getByRole('button')).toHaveCount(0);
});

test('a refused follow puts the button back as it was', async ({ page, request }) => {
  const { me, fan } = await meAndAFan(request, page);
  await page.goto(`/profile/${me.username}/followers`);
  const row = page.getByRole('listitem').filter({ hasText: 'Keen Fan' });
  await expect(row.getByRole('button', { name: 'Follow Keen Fan' })).toBeVisible();
  // The server refuses (as it would a follow across a block made meanwhile).
  await page.route(`**/api/users/follow/${fan._id}**`, (route) =>
    route.fulfill({ status: 403, json: { errors: ['You cannot follow this account.'] } }),
  );
  await row.getByRole('button', { name: 'Follow Keen Fan' }).click();
  await expect(page.getByText('You cannot follow this account.').first()).toBeVisible();
  await expect(row.getByRole('button', { name: 'Follow Keen Fan' })).toBeVisible();
});

for (const mode of ['light', 'dark'] as const) {
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test.describe(`${mode} ${device}`, () => {
      test.use({ colorScheme: mode, viewport });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((m) => localStorage.setItem('sync-color-mode', m), mode);
      });

      test(`a profile that follows you and a follower list pass axe (${mode}, ${device})`, async ({
        page,
        request,
      }) => {
        const { me, fan } = await meAndAFan(request, page);
        await page.goto(`/profile/${fan.username}`);
        await expect(header(page).getByText('Follows you')).toBeVisible();
        await scan(page, `profile that follows you ${mode} ${device}`);
        await page.goto(`/profile/${me.username}/followers`);
        await expect(page.getByRole('button', { name: 'Follow Keen Fan' })).toBeVisible();
        await scan(page, `follower list ${mode} ${device}`);
      });
    });
  }
}
