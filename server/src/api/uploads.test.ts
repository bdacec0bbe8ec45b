import { execFile } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startServer, type TestServer } from '../test/harness.js';
import { accessToken } from '../test/mastodon.js';
import { newPerson } from '../test/people.js';

const run = promisify(execFile);

/** MEDIA_MAX_BYTES for these suites: small, so a body past it is cheap to send. */
const maxBytes = 64 * 1024;

/**
 * Every route that takes files (its method, path, the surface whose token it wants and a field it takes
 * a file in), and a route of the Mastodon API that takes multipart text only.
 */
const multipartRoutes = [
  { method: 'POST', path: '/api/media', surface: 'sync', file: 'file' },
  { method: 'PUT', path: '/api/account/avatar', surface: 'sync', file: 'file' },
  { method: 'PUT', path: '/api/account/header', surface: 'sync', file: 'file' },
  { method: 'POST', path: '/api/v1/media', surface: 'mastodon', file: 'file' },
  { method: 'POST', path: '/api/v2/media', surface: 'mastodon', file: 'file' },
  // Mastodon's media update takes a thumbnail; the size is refused before the id is looked up.
  { method: 'PUT', path: '/api/v1/media/1', surface: 'mastodon', file: 'thumbnail' },
  { method: 'PATCH', path: '/api/v1/accounts/update_credentials', surface: 'mastodon', file: 'avatar' },
  { method: 'POST', path: '/api/v1/statuses', surface: 'mastodon', file: undefined },
] as const;

/** A connection of the test's own: what it writes and the answer. */
interface RawConnection {
  write: (data: Buffer | string) => void;
  answer: Promise<{ status: number; body: string }>;
}

/**
 * A request written on a socket of its own, so a test can send less body than it declares (or none
 * of it) and see whether the server answers before reading it.
 */
function rawConnection(url: string): RawConnection {
  const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
  let received = '';
  let closed = false;
  socket.on('error', () => (closed = true));
  socket.on('close', () => (closed = true));
  const answer = new Promise<{ status: number; body: string }>((resolve) => {
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = /content-length: (\d+)/i.exec(received.slice(0, end));
      const body = received.slice(end + 4);
      if (length && body.length >= Number(length[1]))
        resolve({ status: Number(received.slice(9, 12)), body });
    });
  });
  return {
    write: (data) => {
      if (!closed) socket.write(data);
    },
    answer,
  };
}

/**
 * Node's fetch, in a child process, sends a multipart body of 16 MB (past what the kernel's buffers
 * hold, so a server that closed at its early answer would reset the connection under the sender:
 * EPIPE) and reports the answer, or the error it met. A client in the server's own process would
 * take turns with it on one event loop and never see that.
 */
async function wholeBodyFromAnotherProcess(
  url: string,
  method: string,
  field: string,
  authorization: string | undefined,
): Promise<{ status: number; body: string }> {
  const script = `
    const [url, method, field, authorization] = process.argv.slice(1);
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(16 * 1024 * 1024)], { type: 'image/jpeg' }), 'big.jpg');
    try {
      const answer = await fetch(url, { method, body: form, headers: authorization ? { authorization } : {} });
      console.log(JSON.stringify({ status: answer.status, body: await answer.text() }));
    } catch (error) {
      console.log(JSON.stringify({ status: 0, body: String(error.cause?.code ?? error) }));
    }`;
  const { stdout } = await run(process.execPath, [
    '--input-type=module',
    '-e',
    script,
    url,
    method,
    field,
    authorization ?? '',
  ]);
  const answer: { status: number; body: string } = JSON.parse(stdout);
  return answer;
}

const head = (method: string, path: string, authorization: string, headers: Record<string, string>) =>
  [`${method} ${path} HTTP/1.1`, 'Host: localhost', `Authorization: ${authorization}`]
    .concat(Object.entries(headers).map(([name, value]) => `${name}: ${value}`))
    .join('\r\n') + '\r\n';

const boundary = 'sync-test-boundary';
const fileStart = (field: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.jpg"\r\n` +
  'Content-Type: image/jpeg\r\n\r\n';
const textStart = (field: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n`;
const chunk = (data: string) => `${Buffer.byteLength(data, 'latin1').toString(16)}\r\n${data}\r\n`;

describeEachDatabase('uploads', (dialect) => {
  let server: TestServer;
  const tokens = { sync: '', mastodon: '' };
  beforeAll(async () => {
    server = await startServer(dialect, { env: { MEDIA_MAX_BYTES: String(maxBytes) } });
    const person = await newPerson(server, 'uploader');
    tokens.sync = person.token;
    tokens.mastodon = `Bearer ${await accessToken(server, person.token)}`;
  });
  afterAll(() => server.close());

  describe.each(multipartRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    (_, { method, path, surface, file }) => {
      const tooLarge = file
        ? /^The file is larger than 64 KB, the most Sync takes\./
        : /^The request body is too large: the limit is 64 KB\.$/;
      const expectTooLarge = (answer: { status: number; body: string }) => {
        expect(answer.status, answer.body).toBe(413);
        expect(JSON.parse(answer.body)).toEqual(
          surface === 'sync'
            ? { errors: [expect.stringMatching(tooLarge)] }
            : { error: expect.stringMatching(tooLarge) },
        );
      };
      // A text field that does not end: the one kind of part busboy's own limits read to its end.
      const endlessText = textStart(file ? 'description' : 'status');
      /** A multipart request whose body comes in chunks, the first carrying `start`. */
      const chunkedRequest = (start: string) => {
        const connection = rawConnection(server.url);
        connection.write(
          head(method, path, tokens[surface], {
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Transfer-Encoding': 'chunked',
          }) +
            '\r\n' +
            chunk(start),
        );
        return connection;
      };

      it('a declared length past the limit: 413 at once, before the body is sent', async () => {
        const connection = rawConnection(server.url);
        connection.write(
          head(method, path, tokens[surface], {
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': String(4 * maxBytes),
          }) +
            '\r\n' +
            (file ? fileStart(file) : endlessText),
        );
        const answer = await connection.answer;
        expectTooLarge(answer);
      });

      it.runIf(file)('a chunked file that passes the limit: 413 without reading on', async () => {
        const connection = chunkedRequest(fileStart(file ?? ''));
        // Past the limit, and then nothing: a server that reads to the end of the body never answers.
        connection.write(chunk('x'.repeat(maxBytes + 8 * 1024)));
        const answer = await connection.answer;
        expect(answer.status, answer.body).toBe(413);
      });

      it('a chunked text field that passes what the route carries: 413 without reading on', async () => {
        const connection = chunkedRequest(endlessText);
        // Five times MEDIA_MAX_BYTES, past any route's files and text room, and then nothing.
        for (let sent = 0; sent <= 4 * maxBytes; sent += maxBytes)
          connection.write(chunk('x'.repeat(maxBytes)));
        const answer = await connection.answer;
        expectTooLarge(answer);
      });

      /** Sent whole by Node's fetch in a process of its own, as an app on another machine sends it. */
      const sendWhole = (authorization: string | undefined) =>
        wholeBodyFromAnotherProcess(`${server.url}${path}`, method, file ?? 'status', authorization);

      it('a client that sends its whole body anyway reads the answer that came before it, without a token', async () => {
        const answer = await sendWhole(undefined);
        // Sign-in comes first on the routes that take files; /api/v1/statuses weighs the body first.
        if (file) expect(answer.status, answer.body).toBe(401);
        else expectTooLarge(answer);
      });

      it.runIf(file)(
        'a client that sends a whole file past the limit reads the 413 and its words',
        async () => {
          expectTooLarge(await sendWhole(tokens[surface]));
        },
      );

      it('a malformed multipart body: 400 saying what is wrong, never a 500', async () => {
        for (const [what, contentType, body] of [
          ['an empty boundary', 'multipart/form-data; boundary=', `--\r\n\r\nhello\r\n`],
          [
            'a part that never ends',
            `multipart/form-data; boundary=${boundary}`,
            (file ? fileStart(file) : endlessText) + 'x',
          ],
        ] as const) {
          const connection = rawConnection(server.url);
          connection.write(
            head(method, path, tokens[surface], {
              'Content-Type': contentType,
              'Content-Length': String(Buffer.byteLength(body)),
            }) +
              '\r\n' +
              body,
          );
          const answer = await connection.answer;
          expect(answer.status, `${what}: ${answer.body}`).toBe(400);
          expect(answer.body, what).toMatch(/The multipart\/form-data body cannot be read/);
        }
      });
    },
  );
});
