import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { closeToast, createPost, createUser, logIn, postCard, type TestUser, uniqueName } from './helpers';

async function like(request: APIRequestContext, liker: TestUser, postId: string) {
  const response = await request.post(`/api/posts/like/${postId}`, {
    headers: { authorization: liker.token },
  });
  expect(response.ok()).toBe(true);
}

/** What a return to the window does: the bell asks for its count again (it also polls every minute). */
async function returnToWindow(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

test('Following shows whom to follow, then the posts of the people followed; the tab is remembered', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Followed', 'Writer');
  const text = `For my followers ${uniqueName('f')}`;
  await createPost(request, author, text);
  const reader = await createUser(request, 'New', 'Reader');
  await logIn(page, reader.username);

  const feeds = page.getByRole('tablist', { name: 'Home feeds' });
  await expect(feeds.getByRole('tab', { name: 'Everyone' })).toHaveAttribute('aria-selected', 'true');
  await expect(postCard(page, text)).toBeVisible();
  await feeds.getByRole('tab', { name: 'Following' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Following' });
  await expect(panel.getByRole('heading', { name: 'You don’t follow anyone yet' })).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Follow / }).first()).toBeVisible();
  await expect(postCard(page, text)).toHaveCount(0);

  await page.goto(`/profile/${author.username}`);
  await page.getByRole('button', { name: 'Follow Followed Writer' }).click();
  await expect(page.getByRole('button', { name: 'UnFollow Followed Writer' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  // The choice was kept: Following is still the tab shown.
  await expect(feeds.getByRole('tab', { name: 'Following' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('article', { name: 'Post by Followed Writer' })).toContainText(text);
  await expect(panel.getByRole('heading', { name: 'You don’t follow anyone yet' })).toHaveCount(0);

  // Arrow keys move between the tabs (the ARIA tabs pattern).
  await feeds.getByRole('tab', { name: 'Following' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(feeds.getByRole('tab', { name: 'Everyone' })).toBeFocused();
  await expect(feeds.getByRole('tab', { name: 'Everyone' })).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expect(feeds.getByRole('tab', { name: 'Everyone' })).toHaveAttribute('aria-selected', 'true');
});

test('likes raise the bell’s count; the grouped entry shows on /notifications, and viewing it clears the count', async ({
  page,
  request,
}) => {
  const me = await createUser(request, 'Bell', 'Owner');
  const text = `Ring the bell ${uniqueName('n')}`;
  const post = await createPost(request, me, text);
  const likers = [
    await createUser(request, 'First', 'Liker'),
    await createUser(request, 'Second', 'Liker'),
    await createUser(request, 'Third', 'Liker'),
  ];
  const follower = await createUser(request, 'Keen', 'Follower');
  await logIn(page, me.username);
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  for (const liker of likers) await like(request, liker, post._id);
  await expect(async () => {
    await returnToWindow(page);
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 1000 });
  }).toPass();

  const followedBack = await request.post(`/api/users/follow/${me._id}`, {
    headers: { authorization: follower.token },
  });
  expect(followedBack.ok()).toBe(true);
  await expect(async () => {
    await returnToWindow(page);
    await expect(bell).toHaveAccessibleName('Notifications, 2 unread', { timeout: 1000 });
  }).toPass();
  await expect(page.getByTestId('unread-badge')).toHaveText('2');

  await bell.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  const entries = list.getByRole('listitem');
  await expect(entries).toHaveCount(2);
  // Newest first; unread entries say so in words, not by colour alone.
  await expect(entries.nth(0)).toContainText('Keen Follower followed you');
  await expect(entries.nth(1)).toContainText('Third Liker and 2 others liked your post');
  await expect(entries.nth(1)).toContainText(text);
  await expect(entries.nth(1).getByRole('link')).toHaveAccessibleName(/^Unread: /);
  await expect(entries.nth(1).getByText('New', { exact: true })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);

  await entries.nth(0).getByRole('link').click();
  await expect(page).toHaveURL(`/profile/${follower.username}`);
  await page.goBack();
  await entries.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(`/post/${post._id}`);

  // Seen: on the next visit nothing is new any more.
  await page.goto('/notifications');
  await expect(entries).toHaveCount(2);
  await expect(list.getByText('New', { exact: true })).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notifications');
});

test('search finds posts by a word and people by name; refusals and empty results say why', async ({
  page,
  request,
}) => {
  const word = uniqueName('word').replace(/_/g, '');
  const author = await createUser(request, 'Searchable', 'Person');
  const text = `A post about ${word} and more`;
  await createPost(request, author, text);
  const user = await createUser(request);
  await logIn(page, user.username);
  await closeToast(page);

  await page.keyboard.press('/');
  const field = page.getByRole('banner').getByLabel('Search posts and people');
  await expect(field).toBeFocused();
  await field.fill(word);
  await field.press('Enter');
  await expect(page).toHaveURL(`/search?q=${word}`);
  await expect(page.getByRole('heading', { level: 1, name: `Search: ${word}` })).toBeVisible();
  const results = page.getByRole('tablist', { name: 'Search results' });
  await expect(results.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
  await expect(postCard(page, text)).toBeVisible();

  await field.fill(author.username);
  await field.press('Enter');
  await results.getByRole('tab', { name: 'People' }).click();
  await expect(page).toHaveURL(`/search?q=${author.username}&type=users`);
  const people = page.getByRole('list', { name: 'People found' });
  await expect(people.getByRole('link', { name: 'Searchable Person' })).toBeVisible();
  await people.getByRole('button', { name: 'Follow Searchable Person' }).click();
  await expect(people.getByRole('button', { name: 'UnFollow Searchable Person' })).toBeVisible();
  await people.getByRole('link', { name: 'Searchable Person' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Searchable Person' })).toBeVisible();
  // The profile's button, and the side panel's if they are suggested there: one state.
  await expect(page.getByRole('button', { name: 'UnFollow Searchable Person' }).first()).toBeVisible();

  await page.goto(`/search?q=${uniqueName('nothing')}zz`);
  await expect(page.getByText(/^No posts match “.+”\.$/)).toBeVisible();

  await page.goto(`/search?q=${'a'.repeat(201)}`);
  await expect(page.getByRole('tabpanel').getByRole('alert')).toContainText(
    "The search text can't be longer than 200 characters",
  );
});

test('a #tag and an @mention in a post are links, and clicking them does not open the post', async ({
  page,
  request,
}) => {
  const mentioned = await createUser(request, 'Mentioned', 'Friend');
  const author = await createUser(request, 'Tag', 'Writer');
  const tag = uniqueName('tag').replace(/_/g, '');
  const text = `Hello @${mentioned.username}, this is #${tag} see https://example.com/page.`;
  await createPost(request, author, text);
  await logIn(page, author.username);

  const card = postCard(page, `Hello @${mentioned.username}`);
  await expect(card.getByRole('link', { name: 'https://example.com/page' })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow ugc',
  );
  await card.getByRole('link', { name: `#${tag}` }).click();
  await expect(page).toHaveURL(`/tag/${tag.toLowerCase()}`);
  await expect(page.getByRole('heading', { level: 1, name: `#${tag.toLowerCase()}` })).toBeVisible();
  await expect(page.getByRole('list', { name: `Posts tagged #${tag.toLowerCase()}` })).toContainText(
    `Hello @${mentioned.username}`,
  );

  await card.getByRole('link', { name: `@${mentioned.username}` }).click();
  await expect(page).toHaveURL(`/profile/${mentioned.username}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mentioned Friend' })).toBeVisible();

  await page.goto('/tag/nosuchtagatall');
  await expect(page.getByText('No posts with #nosuchtagatall yet.')).toBeVisible();
});
