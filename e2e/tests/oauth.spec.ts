import crypto from 'node:crypto';
import http from 'node:http';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scan } from './axe';
import { closeToast, createUser, logIn, PASSWORD, uniqueName, type TestUser } from './helpers';

/**
 * A Mastodon app signing a person in through Sync's consent page (/oauth/authorize), as Ivory or Elk
 * do: the app registers over HTTP, opens the page, and is sent back to its redirect URI, which the
 * test intercepts (nothing listens at app.example).
 */

const callback = 'https://app.example/callback';
const outOfBand = 'urn:ietf:wg:oauth:2.0:oob';
const demo = { username: 'maya.chen', password: 'sync-demo-password' };

type App = { id: string; name: string; client_id: string; client_secret: string };

async function registerApp(request: APIRequestContext, redirectUri = callback): Promise<App> {
  const name = `App ${uniqueName('o')}`;
  const response = await request.post('/api/v1/apps', {
    form: {
      client_name: name,
      redirect_uris: redirectUri,
      scopes: 'read write',
      website: 'https://app.example',
    },
  });
  expect(response.status()).toBe(200);
  return { name, ...(await response.json()) };
}

/** A PKCE verifier and its S256 challenge (RFC 7636). */
function pkcePair() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(app: App, extra: Record<string, string> = {}, redirectUri = callback) {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: app.client_id,
    redirect_uri: redirectUri,
    scope: 'read write',
    state: 'xyz',
    ...extra,
  });
  return `/oauth/authorize?${query.toString().replaceAll('%20', '+')}`;
}

/**
 * The app's redirect URI as the browser is sent to it: answered here (nothing listens at app.example),
 * each address it was opened with handed to the test in turn.
 */
async function interceptCallback(page: Page): Promise<() => Promise<URL>> {
  const arrivals: URL[] = [];
  await page.route('https://app.example/**', async (route) => {
    arrivals.push(new URL(route.request().url()));
    await route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>The app</title><p>Back in the app',
    });
  });
  return async () => {
    await expect.poll(() => arrivals.length).toBeGreaterThan(0);
    return arrivals.shift()!;
  };
}

function exchange(request: APIRequestContext, app: App, code: string, fields: Record<string, string> = {}) {
  return request.post('/oauth/token', {
    form: {
      grant_type: 'authorization_code',
      client_id: app.client_id,
      redirect_uri: callback,
      code,
      ...fields,
    },
  });
}

/** An app's access for `user` without the page, through the API the page calls. */
async function authorizeOverHttp(request: APIRequestContext, user: TestUser, app: App): Promise<string> {
  const decision = await request.post('/api/oauth/authorization', {
    headers: { authorization: user.token },
    data: { client_id: app.client_id, redirect_uri: callback, scope: 'read write', decision: 'approve' },
  });
  expect(decision.status()).toBe(200);
  const code = new URL((await decision.json()).redirectTo).searchParams.get('code')!;
  const token = await exchange(request, app, code, { client_secret: app.client_secret });
  expect(token.status()).toBe(200);
  return (await token.json()).access_token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test('log in on the consent page, authorize, and the app trades its code (PKCE) for a token that works once', async ({
  page,
  request,
}) => {
  const app = await registerApp(request);
  const { verifier, challenge } = pkcePair();
  const nextArrival = await interceptCallback(page);
  const url = authorizeUrl(app, { code_challenge: challenge, code_challenge_method: 'S256' });
  await page.goto(url);

  await page.getByLabel('User Name').fill(demo.username);
  await page.getByLabel('Password').fill(demo.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  const heading = page.getByRole('heading', { level: 1, name: `Authorize ${app.name}?` });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  // Still the consent flow, with the app's query as it came.
  expect(page.url()).toContain(url);
  await expect(page.getByText(`${app.name} wants to use your Sync account @${demo.username}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://app.example' })).toHaveAttribute(
    'href',
    'https://app.example',
  );
  const scopes = page.getByRole('region', { name: 'It will be able to:' }).getByRole('listitem');
  await expect(scopes).toHaveText([
    'See your posts, people and notifications',
    'Post, reply, favourite and bookmark for you',
  ]);
  await closeToast(page);
  await scan(page, 'consent light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await scan(page, 'consent dark');

  await page.getByRole('button', { name: 'Authorize' }).click();
  const redirect = await nextArrival();
  expect(`${redirect.origin}${redirect.pathname}`).toBe(callback);
  expect(redirect.searchParams.get('state')).toBe('xyz');
  const code = redirect.searchParams.get('code')!;

  const token = await exchange(request, app, code, { code_verifier: verifier });
  expect(token.status()).toBe(200);
  const { access_token: accessToken } = await token.json();
  const home = () => request.get('/api/v1/timelines/home', { headers: bearer(accessToken) });
  expect((await home()).status()).toBe(200);

  // Approved before with the same scopes: the page goes back to the app without asking; a code
  // traded with the wrong verifier is refused.
  // The page sends the browser on to the app as soon as it runs, so fast that the goto, which waits
  // only for the commit, may be told its navigation was interrupted by that redirect: the test then
  // waits for the app to be reached.
  await page.goto(url, { waitUntil: 'commit' }).catch((error: Error) => {
    if (!error.message.includes('interrupted by another navigation')) throw error;
  });
  const skipped = await nextArrival();
  expect(skipped.searchParams.get('state')).toBe('xyz');
  const wrong = await exchange(request, app, skipped.searchParams.get('code')!, {
    code_verifier: pkcePair().verifier,
  });
  expect(wrong.status()).toBe(400);

  // The first code presented again is refused, and the token it gave ends (RFC 6749 section 4.1.2).
  const again = await exchange(request, app, code, { code_verifier: verifier });
  expect(again.status()).toBe(400);
  expect((await again.json()).error).toBe('invalid_grant');
  expect((await home()).status()).toBe(401);
});

test('Deny, by keyboard: the app hears access_denied and its state, and gets no code', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  const app = await registerApp(request);
  const nextArrival = await interceptCallback(page);
  await logIn(page, user.username);
  await closeToast(page);
  await page.goto(authorizeUrl(app));
  await expect(page.getByRole('heading', { level: 1, name: `Authorize ${app.name}?` })).toBeVisible();

  const deny = page.getByRole('button', { name: 'Deny' });
  for (
    let presses = 0;
    presses < 10 && !(await deny.evaluate((button) => button === document.activeElement));
    presses++
  )
    await page.keyboard.press('Tab');
  await expect(deny).toBeFocused();
  await expect(deny).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('Enter');
  const redirect = await nextArrival();
  expect(Object.fromEntries(redirect.searchParams)).toEqual({ error: 'access_denied', state: 'xyz' });
});

test('an out-of-band app: the code is shown to copy, and it works', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await createUser(request);
  const app = await registerApp(request, outOfBand);
  await logIn(page, user.username);
  await closeToast(page);
  await page.goto(authorizeUrl(app, {}, outOfBand));
  await page.getByRole('button', { name: 'Authorize' }).click();

  const field = page.getByLabel('Authorization code');
  await expect(field).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
  await expect(field).toHaveAttribute('readonly');
  await expect(field).toBeFocused();
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied to the clipboard.' })).toBeVisible();
  const code = await field.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await scan(page, 'consent code');

  const token = await request.post('/oauth/token', {
    form: {
      grant_type: 'authorization_code',
      client_id: app.client_id,
      client_secret: app.client_secret,
      redirect_uri: outOfBand,
      code,
    },
  });
  expect(token.status()).toBe(200);
  const home = await request.get('/api/v1/timelines/home', {
    headers: bearer((await token.json()).access_token),
  });
  expect(home.status()).toBe(200);
});

test('a request that fails its checks is explained on the page and never followed, on a phone too', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await createUser(request);
  const app = await registerApp(request);
  let followed = false;
  await page.route('https://**/*', async (route) => {
    followed = true;
    await route.abort();
  });
  await logIn(page, user.username);
  await closeToast(page);

  const cases: Array<[string, string]> = [
    [authorizeUrl({ ...app, client_id: 'no-such-client' }), 'No app is registered with this client_id.'],
    [
      authorizeUrl(app, {}, 'https://evil.example/callback'),
      'The redirect_uri is not one this app registered.',
    ],
    [
      authorizeUrl(app, { scope: 'read write admin:write' }),
      'This app registered only the scopes "read write".',
    ],
    [
      '/oauth/authorize?response_type=code',
      'The link that brought you here names no app (it has no client_id).',
    ],
  ];
  for (const [url, message] of cases) {
    await page.goto(url);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This app’s request can’t be completed' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(page.getByRole('button', { name: 'Authorize' })).toHaveCount(0);
  }
  await scan(page, 'consent refused');

  // The consent screen itself fits a phone's width.
  await page.goto(authorizeUrl(app));
  await expect(page.getByRole('button', { name: 'Authorize' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Deny' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await scan(page, 'consent phone');
  expect(followed).toBe(false);
  expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
});

test('Settings lists the authorized apps; Revoke, once confirmed, ends the access', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  const app = await registerApp(request);
  await logIn(page, user.username);
  await closeToast(page);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Authorized apps' });
  await expect(section).toContainText('No app has access to your account.');
  await expect(section).toContainText('use a Mastodon app');

  const token = await authorizeOverHttp(request, user, app);
  await page.reload();
  const entry = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: app.name }) });
  await expect(entry).toContainText('See your posts, people and notifications');
  await expect(entry).toContainText('not used yet');
  await scan(page, 'settings authorized apps');

  await entry.getByRole('button', { name: `Revoke ${app.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Revoke ${app.name}?` });
  await expect(dialog).toBeVisible();
  await scan(page, 'revoke app dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect((await request.get('/api/v1/timelines/home', { headers: bearer(token) })).status()).toBe(200);

  await entry.getByRole('button', { name: `Revoke ${app.name}` }).click();
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(
    section.getByRole('status').filter({ hasText: `${app.name} no longer has access` }),
  ).toBeVisible();
  await expect(section).toContainText('No app has access to your account.');
  await expect(section.getByRole('heading', { name: 'Authorized apps' })).toBeFocused();
  expect((await request.get('/api/v1/timelines/home', { headers: bearer(token) })).status()).toBe(401);
});

/**
 * A web app on another origin, as Phanpy signs in: its page opens Sync's consent page in a popup and
 * waits; its redirect URI, loaded in the popup, hands the code to the app's window through
 * `window.opener`. The app's origin is a real server of its own (127.0.0.1 on another port).
 */
async function startWebApp(signInAt: (origin: string) => string) {
  let origin = '';
  const pages: Record<string, string> = {
    '/': `<!doctype html><title>Web app</title>
      <button id="sign-in">Sign in with Sync</button><p id="status">Signed out</p>
      <script>
        // As Phanpy: a popup that looks closed before the code came back is a failed sign-in.
        const status = document.getElementById('status');
        let signIn;
        document.getElementById('sign-in').onclick = () => {
          signIn = window.open(${JSON.stringify('SIGN_IN')}, 'sync-sign-in', 'popup,width=500,height=700');
          status.textContent = 'Signing in';
          const watch = setInterval(() => {
            if (status.textContent.startsWith('Signed in')) clearInterval(watch);
            else if (signIn.closed) status.textContent = 'Failed to log in';
          }, 50);
        };
        window.addEventListener('message', (event) => {
          if (event.origin === location.origin) status.textContent = 'Signed in, code ' + event.data;
        });
      </script>`,
    '/callback': `<!doctype html><title>Web app: back from Sync</title><p id="status"></p>
      <script>
        const code = new URLSearchParams(location.search).get('code');
        if (window.opener) window.opener.postMessage(code, location.origin);
        document.getElementById('status').textContent = window.opener ? 'Sent' : 'No opener';
      </script>`,
  };
  const server = http.createServer((request, response) => {
    const page = pages[new URL(request.url ?? '/', origin).pathname];
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page?.replace('SIGN_IN', signInAt(origin)) ?? 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The web app is not on a TCP port');
  origin = `http://127.0.0.1:${address.port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { origin, close };
}

test('an app on another origin signs in through a popup: the popup keeps its opener and hands back the code', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createUser(request);
  let app!: App;
  const webApp = await startWebApp((origin) =>
    new URL(authorizeUrl(app, {}, `${origin}/callback`), baseURL).toString(),
  );
  try {
    app = await registerApp(request, `${webApp.origin}/callback`);
    await page.goto(webApp.origin);
    const opened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Sync' }).click();
    const popup = await opened;
    await popup.getByLabel('User Name').fill(user.username);
    // Sync's pages in the popup: the app's window is still its opener (Cross-Origin-Opener-Policy:
    // same-origin on them severs it, and the app takes the closed-looking popup for a failed sign-in).
    expect(await popup.evaluate(() => window.opener !== null)).toBe(true);
    await popup.getByLabel('Password').fill(PASSWORD);
    await popup.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(popup.getByRole('heading', { level: 1, name: `Authorize ${app.name}?` })).toBeVisible();
    expect(await popup.evaluate(() => window.opener !== null)).toBe(true);
    await expect(page.locator('#status')).toHaveText('Signing in');

    await popup.getByRole('button', { name: 'Authorize' }).click();
    await expect(page.locator('#status')).toHaveText(/^Signed in, code [A-Za-z0-9_-]{43}$/);
    await expect(popup.locator('#status')).toHaveText('Sent');
  } finally {
    await webApp.close();
  }
});
