import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scan } from './axe';
import {
  closeToast,
  createPost,
  createUser,
  holdChunk,
  logIn,
  postCard,
  type TestUser,
  uniqueName,
} from './helpers';

/**
 * Reposts and quotes in the web client (issue 28, decision 092). Posts are looked for on a profile or
 * by id, never on the shared feed's first page, where other tests post at the same time.
 */

async function follow(request: APIRequestContext, who: TestUser, whom: TestUser) {
  const response = await request.post(`/api/users/follow/${whom._id}`, {
    headers: { authorization: who.token },
  });
  expect(response.ok()).toBe(true);
}

async function repost(request: APIRequestContext, who: TestUser, postId: string) {
  const response = await request.post(`/api/posts/${postId}/repost`, {
    headers: { authorization: who.token },
  });
  expect(response.ok()).toBe(true);
}

async function quote(request: APIRequestContext, who: TestUser, postId: string, content: string) {
  const response = await request.post('/api/posts?return=post', {
    headers: { authorization: who.token },
    data: { postData: { content, quoteId: postId } },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).post as { _id: string };
}

const repostButton = (card: ReturnType<typeof postCard>) =>
  card.getByRole('button', { name: /^Repost or quote/ });

async function openProfile(page: Page, user: TestUser) {
  await page.goto(`/profile/${user.username}`);
  await expect(
    page.getByRole('heading', { name: `${user.firstName} ${user.lastName}` }).first(),
  ).toBeVisible();
}

test('repost and undo from a post card change the count', async ({ page, request }) => {
  const author = await createUser(request, 'Rhea', 'Author');
  const me = await createUser(request, 'Remy', 'Reader');
  const text = `Worth sharing ${uniqueName('rp')}`;
  await createPost(request, author, text);
  await logIn(page, me.username);
  await openProfile(page, author);
  const card = postCard(page, text);
  await expect(card.getByTestId('repost-count')).toHaveText('0');
  // By keyboard, on a slow network: the button keeps focus, marked busy, while the menu's code loads.
  const file = await holdChunk(page, 'repost-menu');
  await repostButton(card).focus();
  await page.keyboard.press('Enter');
  await expect.poll(file.caught).toBe(1);
  await expect(repostButton(card)).toHaveAttribute('aria-disabled', 'true');
  await expect(repostButton(card)).toBeFocused();
  file.release();
  await page.getByRole('menuitem', { name: 'Repost' }).click();
  await expect(card.getByTestId('repost-count')).toHaveText('1');
  // The count leads to who reposted.
  await card.getByRole('link', { name: '1 repost' }).click();
  await expect(page.getByRole('heading', { name: 'Reposted by' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Remy Reader/ }).first()).toBeVisible();
  await page.goBack();
  await repostButton(card).click();
  await page.getByRole('menuitem', { name: 'Undo repost' }).click();
  await expect(card.getByTestId('repost-count')).toHaveText('0');
});

test("a followed person's repost shows in Following as 'X reposted'; Hide reposts takes it away", async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Ora', 'Original');
  const friend = await createUser(request, 'Fay', 'Friend');
  const me = await createUser(request, 'Vic', 'Viewer');
  const text = `Reposted to me ${uniqueName('tl')}`;
  const post = await createPost(request, author, text);
  await follow(request, me, friend);
  await repost(request, friend, post._id);
  await logIn(page, me.username);
  await page.goto('/');
  await page.getByRole('tab', { name: 'Following' }).click();
  const card = page.getByRole('article', { name: 'Post by Ora Original, reposted by Fay Friend' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'Fay Friend reposted' })).toHaveAttribute(
    'href',
    `/profile/${friend.username}`,
  );

  await openProfile(page, friend);
  await page.getByRole('button', { name: `More options for @${friend.username}` }).click();
  await page.getByRole('menuitem', { name: `Hide reposts from @${friend.username}` }).click();
  await expect
    .poll(async () => {
      const response = await request.get(`/api/users/${friend.username}/relationship`, {
        headers: { authorization: me.token },
      });
      return (await response.json()).relationship.showingReposts;
    })
    .toBe(false);
  await page.goto('/');
  await page.getByRole('tab', { name: 'Following' }).click();
  await expect(page.getByRole('article', { name: /reposted by Fay Friend/ })).toHaveCount(0);

  // The friend's profile shows the repost under Reposts.
  await openProfile(page, friend);
  await page.getByRole('tab', { name: 'Reposts' }).click();
  await expect(postCard(page, text)).toBeVisible();
});

test('quote a post, see it with the quoted post inside, then the quoted author detaches it', async ({
  browser,
  page,
  request,
}) => {
  const author = await createUser(request, 'Quinn', 'Quoted');
  const me = await createUser(request, 'Kit', 'Quoter');
  const text = `Quote me ${uniqueName('qt')}`;
  const post = await createPost(request, author, text);
  const mine = `My take ${uniqueName('mt')}`;
  await logIn(page, me.username);
  await openProfile(page, author);
  await repostButton(postCard(page, text)).click();
  await page.getByRole('menuitem', { name: 'Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quote post' });
  await dialog.getByRole('textbox', { name: 'Add a comment' }).fill(mine);
  await expect(dialog.getByText(text)).toBeVisible();
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(dialog).toHaveCount(0);
  await closeToast(page);

  await openProfile(page, me);
  const quoting = postCard(page, mine);
  const inside = quoting.getByRole('link', { name: /^Quoted post by Quinn Quoted:/ });
  await expect(inside).toContainText(text);
  await expect(inside).toHaveAttribute('href', `/post/${post._id}`);

  // The quoted post counts the quote, and its count leads to the Quotes, where only its author detaches.
  await openProfile(page, author);
  await postCard(page, text).getByRole('link', { name: '1 quote' }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${post._id}/quotes$`));
  await expect(page.getByRole('heading', { name: 'Quotes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Quotes' }).getByRole('article')).toHaveCount(1);
  await expect(postCard(page, mine)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Detach/ })).toHaveCount(0);
  await openProfile(page, me);

  // The quoted author, from their own post's page, detaches it on the Quotes screen.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await logIn(theirs, author.username);
  await theirs.goto(`/post/${post._id}`);
  await theirs.getByRole('link', { name: '1 quote' }).click();
  const quotes = theirs.getByRole('list', { name: 'Quotes' });
  await expect(quotes).toContainText(mine);
  await quotes.getByRole('button', { name: 'Detach: quote by Kit Quoter' }).click();
  await theirs.getByRole('alertdialog').getByRole('button', { name: 'Detach' }).click();
  await expect(theirs.getByRole('alertdialog')).toHaveCount(0);
  await expect(theirs.getByText('No one has quoted this post')).toBeVisible();
  // Back on the post, the count is gone with the quote.
  await theirs.goBack();
  await expect(postCard(theirs, text)).toBeVisible();
  await expect(theirs.getByRole('link', { name: /quote/ })).toHaveCount(0);
  await context.close();

  await page.reload();
  await expect(postCard(page, mine).getByText('Removed by the author')).toBeVisible();
  await expect(postCard(page, mine).getByRole('link', { name: /Quoted post/ })).toHaveCount(0);
});

test('t reposts and q quotes the focused post', async ({ page, request }) => {
  const author = await createUser(request, 'Kay', 'Keys');
  const me = await createUser(request, 'Lee', 'Later');
  const text = `By keyboard ${uniqueName('kb')}`;
  await createPost(request, author, text);
  await logIn(page, me.username);
  await openProfile(page, author);
  const card = postCard(page, text);
  await card.focus();
  await page.keyboard.press('t');
  await expect(card.getByTestId('repost-count')).toHaveText('1');
  await page.keyboard.press('t');
  await expect(card.getByTestId('repost-count')).toHaveText('0');
  await card.focus();
  await page.keyboard.press('q');
  await expect(page.getByRole('dialog', { name: 'Quote post' })).toBeVisible();
});

test("a post whose author allows no quotes offers Quote disabled, with the reason; q says it too; the server's refusal stays", async ({
  page,
  request,
}) => {
  const author = await createUser(request, 'Noa', 'Closed');
  const me = await createUser(request, 'Quinn', 'Quoter');
  const text = `Not for quoting ${uniqueName('nq')}`;
  const response = await request.post('/api/posts?return=post', {
    headers: { authorization: author.token },
    data: { postData: { content: text, quotePolicy: 'nobody' } },
  });
  const closed = (await response.json()).post as { _id: string };
  await logIn(page, me.username);
  await closeToast(page);
  await openProfile(page, author);
  const card = postCard(page, text);
  await repostButton(card).click();
  const reason = `@${author.username} doesn't allow quotes of this post`;
  const item = page.getByRole('menuitem', { name: new RegExp(`^Quote ${reason}`) });
  await expect(item).toHaveAttribute('aria-disabled', 'true');
  await item.click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Quote post' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await card.focus();
  await page.keyboard.press('q');
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(reason)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Quote post' })).toHaveCount(0);
  const refused = await request.post('/api/posts', {
    headers: { authorization: me.token },
    data: { postData: { content: 'Anyway', quoteId: closed._id } },
  });
  expect(refused.status()).toBe(403);
});

test("every post's menu has Copy link: the post's address, confirmed by a toast; Share where the browser has it", async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const author = await createUser(request, 'Lin', 'Kerr');
  const me = await createUser(request, 'Cole', 'Copier');
  const theirs = `Link me ${uniqueName('lk')}`;
  const theirPost = await createPost(request, author, theirs);
  const mine = `My own link ${uniqueName('ml')}`;
  const myPost = await createPost(request, me, mine);
  await logIn(page, me.username);
  await closeToast(page);
  const canShare = await page.evaluate(() => typeof navigator.share === 'function');
  const origin = new URL(page.url()).origin;
  for (const [profile, text, id] of [
    [author, theirs, theirPost._id],
    [me, mine, myPost._id],
  ] as const) {
    await openProfile(page, profile);
    await postCard(page, text).getByRole('button', { name: 'Post options' }).click();
    await expect(page.getByRole('menuitem', { name: 'Share…' })).toHaveCount(canShare ? 1 : 0);
    await page.getByRole('menuitem', { name: 'Copy link' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/post/${id}`);
    await closeToast(page);
  }

  // The relative age says the exact date and time on hover; the post's own page shows them outright.
  const age = postCard(page, mine).locator('header time');
  const written = await age.getAttribute('datetime');
  const exact = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso!)),
    written,
  );
  await expect(age).toHaveAttribute('title', exact);
  await page.goto(`/post/${myPost._id}`);
  await expect(page.getByRole('article').first().getByText(exact, { exact: true })).toBeVisible();
  await expect(page.getByRole('article').first().locator(`time[datetime="${written}"]`)).toHaveCount(2);
});

for (const mode of ['light', 'dark'] as const) {
  for (const phone of [false, true]) {
    test.describe(`${mode}${phone ? ' on a phone' : ''}`, () => {
      test.use(
        phone
          ? { colorScheme: mode, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
          : { colorScheme: mode },
      );
      test(`reposts, quotes and their dialog pass axe (${mode}${phone ? ', phone' : ''})`, async ({
        page,
        request,
      }) => {
        const author = await createUser(request, 'Axel', 'Author');
        const me = await createUser(request, 'Ada', 'Axe');
        const text = `Scanned ${uniqueName('ax')}`;
        const post = await createPost(request, author, text);
        await repost(request, me, post._id);
        await quote(request, me, post._id, `Quoted for axe ${uniqueName('aq')}`);
        // A post of mine that someone quoted: its count, and its Quotes with Detach.
        const quotedText = `Quoted mine ${uniqueName('qm')}`;
        const quoted = await createPost(request, me, quotedText);
        await quote(request, author, quoted._id, `Quoting Ada ${uniqueName('qa')}`);
        await logIn(page, me.username);
        await openProfile(page, me);
        await page.getByRole('tab', { name: 'All' }).click();
        await expect(page.getByRole('article', { name: /reposted by Ada Axe/ })).toBeVisible();
        await expect(page.getByRole('link', { name: /^Quoted post by Axel Author:/ }).first()).toBeVisible();
        await closeToast(page);
        await scan(page, `profile with reposts and quotes ${mode}${phone ? ' phone' : ''}`);
        await repostButton(postCard(page, text).first()).click();
        await page.getByRole('menuitem', { name: 'Quote' }).click();
        await expect(page.getByRole('dialog', { name: 'Quote post' })).toBeVisible();
        await scan(page, `quote dialog ${mode}${phone ? ' phone' : ''}`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: 'Quote post' })).toHaveCount(0);
        await postCard(page, quotedText).getByRole('link', { name: '1 quote' }).click();
        await expect(page.getByRole('heading', { name: 'Quotes' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Detach: quote by Axel Author' })).toBeVisible();
        await scan(page, `quotes ${mode}${phone ? ' phone' : ''}`);
        // A post its author allows no quotes of: Quote is there, disabled, saying why.
        const closed = await request.post('/api/posts?return=post', {
          headers: { authorization: author.token },
          data: { postData: { content: `Closed ${uniqueName('cl')}`, quotePolicy: 'nobody' } },
        });
        await page.goto(`/post/${(await closed.json()).post._id}`);
        await repostButton(page.getByRole('article').first()).click();
        await expect(page.getByRole('menuitem', { name: /^Quote .+ doesn't allow quotes/ })).toBeVisible();
        await scan(page, `quote refused ${mode}${phone ? ' phone' : ''}`);
        await page.keyboard.press('Escape');
        await page.getByRole('article').first().getByRole('button', { name: 'Post options' }).click();
        await expect(page.getByRole('menuitem', { name: 'Copy link' })).toBeVisible();
        await scan(page, `post menu with Copy link ${mode}${phone ? ' phone' : ''}`);
      });
    });
  }
}
