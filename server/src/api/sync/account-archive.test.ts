import { AccountExport } from '@sync/contract';
import { Ajv } from 'ajv';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startServer, type TestServer } from '../../test/harness.js';
import { jpeg, png } from '../../test/images.js';
import { newPerson, succeed, type Person } from '../../test/people.js';
import {
  createBucket,
  describeWithS3,
  dropBucket,
  s3Client,
  s3Credentials,
  s3Endpoint,
  s3Region,
  uniqueBucketName,
} from '../../test/s3.js';
import { fetchFile, sendFile } from '../../test/uploads.js';

/**
 * `GET /api/account/archive`: a ZIP of the JSON export and every image the person uploaded, read back
 * by Info-ZIP's unzip (Debian's `unzip`), which shares no code with the server's ZIP writer. Each image
 * in it is byte for byte the file the server serves at the image's URL. A machine without unzip skips
 * these tests with a notice.
 */
const hasUnzip = spawnSync('unzip', ['-v']).status === 0;
if (!hasUnzip)
  console.warn('unzip is not installed: the archive tests are skipped (apt-get install -y unzip).');
const checkExport = new Ajv({ strict: false }).compile(AccountExport);
const folder = mkdtempSync(path.join(tmpdir(), 'sync-archive-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Everything an archive should carry: images with alt text (one an avatar), an edit, a block, a mute, a filter. */
async function busyPerson(server: TestServer) {
  const me = await newPerson(server, 'archive');
  const [ann, ben] = [await newPerson(server, 'ann'), await newPerson(server, 'ben')];
  const upload = async (bytes: Buffer, type: string, description: string) => {
    const reply = await sendFile(
      server.url,
      '/api/media',
      me.token,
      { bytes, type, name: 'x' },
      {
        fields: { description },
      },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.media as { id: string; url: string };
  };
  const photo = await upload(await jpeg(320, 240, '#a03030'), 'image/jpeg', 'A red square, “quoted”');
  const screenshot = await upload(await png(), 'image/png', 'A green screenshot');
  const post = await succeed(server, 'POST', '/api/posts?return=post', me, {
    postData: { content: 'Two pictures', mediaIds: [photo.id, screenshot.id] },
  });
  await succeed(server, 'POST', `/api/posts/edit/${post.post._id}?return=post`, me, {
    postData: { content: 'Two pictures, edited', mediaIds: [photo.id, screenshot.id] },
  });
  const avatar = await sendFile(
    server.url,
    '/api/account/avatar',
    me.token,
    { bytes: await jpeg(200, 200) },
    {
      method: 'PUT',
    },
  );
  expect(avatar.status).toBe(200);
  const avatarUrl: string = avatar.body.user.avatarURL;
  await succeed(server, 'POST', `/api/users/${ann.username}/block`, me);
  await succeed(server, 'POST', `/api/users/${ben.username}/mute`, me, { notifications: false });
  await succeed(server, 'POST', '/api/filters', me, {
    title: 'Spoilers',
    context: ['home'],
    action: 'warn',
    keywords: [{ keyword: 'finale', wholeWord: true }],
  });
  return { me, ann, ben, photo, screenshot, avatarUrl, postId: post.post._id as string };
}

function archiveSuite(server: () => TestServer) {
  const download = async (who: Person) => {
    const response = await fetch(`${server().url}/api/account/archive`, {
      headers: { authorization: who.token },
    });
    expect(response.status).toBe(200);
    const file = path.join(folder, `${who.username}.zip`);
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    return { response, file };
  };

  it.runIf(hasUnzip)(
    'holds the JSON export and every uploaded image, each byte for byte as served, named in the JSON with its alt text',
    async () => {
      const { me, ann, ben, photo, screenshot, avatarUrl, postId } = await busyPerson(server());
      const { response, file } = await download(me);
      expect(response.headers.get('content-type')).toBe('application/zip');
      const date = new Date().toISOString().slice(0, 10);
      const name = `sync-${me.username}-${date}`;
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${name}.zip"`);

      expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
      const data = JSON.parse(execFileSync('unzip', ['-p', file, `${name}.json`]).toString());
      expect(checkExport(data), JSON.stringify(checkExport.errors)).toBe(true);
      // The JSON in the archive is the JSON download's, written at another moment.
      const json = await succeed(server(), 'GET', '/api/account/export', me);
      expect({ ...data, exportedAt: undefined }).toEqual({ ...json, exportedAt: undefined });

      expect(data.media).toHaveLength(3);
      const [first, second, avatar] = data.media;
      expect(first).toMatchObject({
        _id: photo.id,
        purpose: 'attachment',
        postId,
        description: 'A red square, “quoted”',
      });
      expect(second).toMatchObject({
        _id: screenshot.id,
        purpose: 'attachment',
        postId,
        description: 'A green screenshot',
      });
      expect(avatar).toMatchObject({ purpose: 'avatar', postId: null, description: '' });
      const listing = execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n');
      expect(listing).toEqual([`${name}.json`, ...data.media.map((media: { path: string }) => media.path)]);
      for (const [media, url] of [
        [first, photo.url],
        [second, screenshot.url],
        [avatar, avatarUrl],
      ] as const) {
        expect(media.path).toMatch(/^media\/[\w-]+\.(jpg|jpeg|png|webp|gif)$/);
        const inArchive = execFileSync('unzip', ['-p', file, media.path], { maxBuffer: 64 * 1024 * 1024 });
        const served = await fetchFile(server().url, url);
        expect(served.status).toBe(200);
        expect(inArchive.length).toBeGreaterThan(100);
        expect(inArchive.equals(served.bytes)).toBe(true);
      }

      // What the export lacked before (issue 44): blocks, mutes, filters and edit history.
      expect(data.blocks).toEqual([
        { userId: ann.id, username: ann.username, createdAt: expect.any(String) },
      ]);
      expect(data.mutes).toEqual([
        {
          userId: ben.id,
          username: ben.username,
          notifications: false,
          expiresAt: null,
          createdAt: expect.any(String),
        },
      ]);
      expect(data.filters).toEqual([
        {
          _id: expect.any(String),
          title: 'Spoilers',
          context: ['home'],
          action: 'warn',
          expiresAt: null,
          keywords: [{ keyword: 'finale', wholeWord: true }],
        },
      ]);
      expect(data.editHistory).toEqual([
        {
          postId,
          commentId: null,
          text: 'Two pictures',
          sensitive: false,
          media: [
            { id: photo.id, description: 'A red square, “quoted”' },
            { id: screenshot.id, description: 'A green screenshot' },
          ],
          writtenAt: expect.any(String),
          replacedAt: expect.any(String),
        },
      ]);
    },
  );

  it.runIf(hasUnzip)('someone with no images gets the JSON alone; a visitor gets a 401', async () => {
    const quiet = await newPerson(server(), 'quiet');
    const { file } = await download(quiet);
    expect(execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n')).toEqual([
      expect.stringMatching(/^sync-.*\.json$/),
    ]);
    expect((await fetch(`${server().url}/api/account/archive`)).status).toBe(401);
  });
}

describeEachDatabase('account archive (disk store)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(() => server.close());
  archiveSuite(() => server);
});

describeWithS3(
  'account archive (S3 store)',
  () => {
    const bucket = uniqueBucketName('sync-archive');
    let client: S3Client;
    let server: TestServer;
    beforeAll(async () => {
      client = s3Client();
      await createBucket(client, bucket);
      server = await startServer('sqlite', {
        env: {
          MEDIA_S3_ENDPOINT: s3Endpoint,
          MEDIA_S3_BUCKET: bucket,
          MEDIA_S3_REGION: s3Region,
          MEDIA_S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
          MEDIA_S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
        },
      });
    });
    afterAll(async () => {
      await server?.close();
      await dropBucket(client, bucket);
      client.destroy();
    });
    archiveSuite(() => server);
  },
  hasUnzip,
);
