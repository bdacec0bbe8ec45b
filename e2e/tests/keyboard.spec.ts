import { expect, test } from '@playwright/test';
import { closeToast, createPost, createUser, holdChunk, logIn, postCard, uniqueName } from './helpers';

test('like and bookmark keep focus while their request runs, so Space works twice', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Focus', 'Author');
  const text = `Press me twice ${uniqueName('f')}`;
  await createPost(request, author, text);
  const user = await createUser(request);
  await logIn(page, user.username);

  // The first like is held until the test has seen the button while its request runs.
  let answerLike = () => {};
  const likeAnswered = new Promise<void>((resolve) => (answerLike = resolve));
  await page.route('**/api/posts/like/**', async (route) => {
    await likeAnswered;
    await route.continue();
  });
  const card = postCard(page, text);
  const like = card.getByRole('button', { name: 'Like', exact: true });
  await like.focus();
  await page.keyboard.press('Space');
  await expect(like).toHaveAttribute('aria-disabled', 'true');
  await expect(like).toBeFocused();
  answerLike();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).not.toHaveAttribute('aria-disabled');
  await page.keyboard.press('Space');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toBeFocused();

  const bookmark = card.getByRole('button', { name: 'Bookmark', exact: true });
  await bookmark.focus();
  await page.keyboard.press('Space');
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
  await expect(bookmark).toBeFocused();
  await expect(bookmark).not.toHaveAttribute('aria-disabled');
  await page.keyboard.press('Space');
  await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
  await expect(bookmark).toBeFocused();
});

test('edit puts focus in the field; deleting moves focus somewhere sensible', async ({ page, request }) => {
  const user = await createUser(request, 'Focus', 'Keeper');
  const first = `First of mine ${uniqueName('e')}`;
  const second = `Second of mine ${uniqueName('e')}`;
  await createPost(request, user, first);
  await createPost(request, user, second);
  const commented = await createPost(request, user, `Comment here ${uniqueName('e')}`);
  await logIn(page, user.username);

  await postCard(page, second).getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Edit Post' }).getByRole('textbox', { name: 'Post content' }),
  ).toBeFocused();
  await page.keyboard.press('Escape');

  // Deleting a post in a list moves focus to the next post.
  await postCard(page, second).getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(postCard(page, second)).toHaveCount(0);
  await expect(postCard(page, first)).toBeFocused();

  await page.goto(`/post/${commented._id}`);
  await page.getByRole('textbox', { name: 'Comment' }).fill('To be edited');
  await page.keyboard.press('Control+Enter');
  const comment = page.getByRole('article', { name: 'Comment by Focus Keeper' });
  await expect(comment).toContainText('To be edited');
  await comment.getByRole('button', { name: 'Edit' }).click();
  await expect(comment.getByRole('textbox', { name: 'Edit comment' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(comment.getByRole('button', { name: 'Edit' })).toBeFocused();
  await comment.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(comment).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Comment' })).toBeFocused();
});

test('signup shows its rules before submitting and ties each error to its field', async ({ page }) => {
  await page.goto('/signup');
  const username = page.getByLabel('Username');
  const password = page.getByLabel('Password');
  await expect(username).toHaveAccessibleDescription('3 to 30 characters: letters, digits, "_" and ".".');
  await expect(password).toHaveAccessibleDescription('At least 8 characters.');

  await page.getByLabel('First name').fill('Short');
  await page.getByLabel('Last name').fill('Password');
  await username.fill('bad name!');
  await page.getByLabel('Email address').fill('short@example.com');
  await password.fill('seven77');
  await page.getByRole('button', { name: 'Join Sync' }).click();
  await expect(username).toBeFocused();
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toHaveAccessibleDescription(/Username must be 3 to 30 characters long/);
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(/Password must be at least 8 characters long/);
  await expect(page).toHaveURL('/signup');
});

test('keyboard shortcuts move between posts and act on them, never while typing', async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Short', 'Cut');
  const older = `Older post ${uniqueName('k')}`;
  const newer = `Newer post ${uniqueName('k')}`;
  await createPost(request, author, older);
  const newest = await createPost(request, author, newer);
  const user = await createUser(request);
  await logIn(page, user.username);
  await closeToast(page);
  // The author's profile lists these two posts alone: on Home, posts other tests write meanwhile may
  // come first (2 of 6 runs failed on Home, on this code and on the code before this session).
  await page.goto(`/profile/${author.username}`);
  await expect(postCard(page, older)).toBeVisible();

  await page.keyboard.press('j');
  await expect(postCard(page, newer)).toBeFocused();
  await page.keyboard.press('j');
  await expect(postCard(page, older)).toBeFocused();
  await page.keyboard.press('k');
  await expect(postCard(page, newer)).toBeFocused();

  await page.keyboard.press('l');
  await expect(postCard(page, newer).getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('b');
  await expect(postCard(page, newer).getByRole('button', { name: 'Bookmark', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.keyboard.press('o');
  await expect(page).toHaveURL(`/post/${newest._id}`);
  await page.keyboard.press('g');
  await page.keyboard.press('n');
  await expect(page).toHaveURL('/notifications');
  await page.keyboard.press('g');
  await page.keyboard.press('h');
  await expect(page).toHaveURL('/');

  await page.keyboard.press('n');
  const composer = page.getByRole('textbox', { name: 'Create a post' });
  await expect(composer).toBeFocused();
  // Typed into the field, the same keys are text.
  await page.keyboard.type('jklbo g h n ?');
  await expect(composer).toHaveValue('jklbo g h n ?');
  await expect(page).toHaveURL('/');

  await composer.blur();
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Next post');
  await expect(help).toContainText('Go to Home');
  await expect(help).toContainText('Search');
  await expect(help).toContainText('Go to Notifications');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});

test("a key pressed before the shortcuts' code has arrived still acts when it does", async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Early', 'Key');
  const text = `Liked at once ${uniqueName('ek')}`;
  await createPost(request, author, text);
  const user = await createUser(request);
  await logIn(page, user.username);
  await closeToast(page);
  const shortcuts = await holdChunk(page, 'keyboard-shortcuts');
  // A new page load: the shortcuts' code comes after the first screen, here only once released.
  await page.goto(`/profile/${author.username}`);
  const card = postCard(page, text);
  await card.focus();
  await page.keyboard.press('l');
  await expect.poll(shortcuts.caught).toBeGreaterThan(0);
  shortcuts.release();
  await expect(card.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
