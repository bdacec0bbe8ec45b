import { DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uniqueName } from '../../test/expectations.js';
import { hasPostgres } from '../../test/harness.js';
import { gpsPositionOf, phonePhoto } from '../../test/images.js';
import {
  createBucket,
  describeWithS3,
  dropBucket,
  keysIn,
  s3Client,
  s3Credentials,
  s3Endpoint,
  s3Region,
  uniqueBucketName,
} from '../../test/s3.js';
import type { ServerProcess } from '../../test/server-process.js';
import { twoProcesses } from '../../test/two-processes.js';
import { fetchFile, sendFile } from '../../test/uploads.js';

interface Person {
  token: string;
  id: string;
}

/**
 * Two real server processes on one PostgreSQL database and one S3 bucket (moto_server): what several
 * machines of one deployment share. Whatever one stores, the other serves; whatever one deletes is gone
 * from the bucket.
 */
describeWithS3(
  'media across two processes (PostgreSQL, S3)',
  () => {
    const bucket = uniqueBucketName('sync-media');
    let client: S3Client;
    // Before the processes start: each checks the bucket at start-up.
    beforeAll(async () => {
      client = s3Client();
      await createBucket(client, bucket);
    });
    afterAll(async () => {
      await dropBucket(client, bucket);
      client.destroy();
    });
    const processes = twoProcesses('media', {
      MEDIA_S3_ENDPOINT: s3Endpoint,
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_REGION: s3Region,
      MEDIA_S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
    });
    let a: ServerProcess;
    let b: ServerProcess;
    beforeAll(() => {
      ({ a, b } = processes);
    });

    const call = async (
      server: ServerProcess,
      method: string,
      urlPath: string,
      who?: Person,
      body?: unknown,
    ) => {
      const response = await fetch(server.url + urlPath, {
        method,
        headers: {
          ...(who ? { authorization: who.token } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = await response.json();
      expect(response.status, `${method} ${urlPath}: ${JSON.stringify(answer)}`).toBeLessThan(300);
      return answer;
    };
    const person = async (server: ServerProcess): Promise<Person> => {
      const answer = await call(server, 'POST', '/api/auth/signup', undefined, {
        username: uniqueName('media'),
        password: 'password123',
        firstName: 'Test',
        lastName: 'User',
      });
      return { token: answer.encodedToken, id: answer.createdUser._id };
    };
    const fileName = (url: string) => path.basename(url);

    it('an image uploaded through A is in the bucket, on the post read through B, and served by B', async () => {
      const author = await person(a);
      const upload = await sendFile(a.url, '/api/media', author.token, { bytes: await phonePhoto() });
      expect(upload.status, JSON.stringify(upload.body)).toBe(201);
      const media = upload.body.media;
      const files = [fileName(media.url), fileName(media.previewUrl)];
      expect(await keysIn(client, bucket)).toEqual(expect.arrayContaining(files));

      const post = (
        await call(a, 'POST', '/api/posts?return=post', author, {
          postData: { content: 'From A', mediaIds: [media.id] },
        })
      ).post;
      expect((await call(b, 'GET', `/api/posts/${post._id}`)).post.media).toEqual([media]);

      const original = await fetchFile(b.url, media.url);
      expect(original.status).toBe(200);
      expect(original.headers.get('content-type')).toBe('image/jpeg');
      expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await sharp(original.bytes).metadata()).toMatchObject({ width: 400, height: 600 });
      expect(await gpsPositionOf(original.bytes)).toBeUndefined();
      const part = await fetchFile(b.url, media.url, { range: 'bytes=0-99' });
      expect(part.status).toBe(206);
      expect(part.bytes).toEqual(original.bytes.subarray(0, 100));
      expect((await fetchFile(b.url, media.previewUrl)).status).toBe(200);

      // B reads the bucket, not a folder of its own: an object taken out of it is gone for B too.
      const probe = await sendFile(a.url, '/api/media', author.token, { bytes: await phonePhoto() });
      await client.send(
        new DeleteObjectCommand({ Bucket: bucket, Key: fileName(probe.body.media.previewUrl) }),
      );
      expect((await fetchFile(b.url, probe.body.media.previewUrl)).status).toBe(404);
      expect((await fetchFile(b.url, probe.body.media.url)).status).toBe(200);
    });

    it('a post deleted through B takes its objects out of the bucket; neither process serves them', async () => {
      const author = await person(b);
      const uploads = [];
      for (const server of [a, b]) {
        const reply = await sendFile(server.url, '/api/media', author.token, { bytes: await phonePhoto() });
        expect(reply.status).toBe(201);
        uploads.push(reply.body.media);
      }
      const files = uploads.flatMap((media) => [fileName(media.url), fileName(media.previewUrl)]);
      const post = (
        await call(a, 'POST', '/api/posts?return=post', author, {
          postData: { content: 'Soon gone', mediaIds: uploads.map((media) => media.id) },
        })
      ).post;
      expect(await keysIn(client, bucket)).toEqual(expect.arrayContaining(files));

      await call(b, 'DELETE', `/api/posts/${post._id}`, author);
      const left = await keysIn(client, bucket);
      for (const file of files) expect(left).not.toContain(file);
      for (const server of [a, b]) {
        for (const media of uploads) expect((await fetchFile(server.url, media.url)).status).toBe(404);
      }
    });
  },
  hasPostgres,
);
