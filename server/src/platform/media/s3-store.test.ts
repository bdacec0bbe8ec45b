import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../test/server-process.js';
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
import { S3Store } from './s3-store.js';

const storeOn = (bucket: string, endpoint = s3Endpoint) =>
  new S3Store({ endpoint, bucket, region: s3Region, ...s3Credentials });

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describeWithS3('S3 media store (moto_server)', () => {
  const bucket = uniqueBucketName('sync-store');
  let client: S3Client;
  let store: S3Store;
  const file = randomBytes(5000);
  beforeAll(async () => {
    client = s3Client();
    await createBucket(client, bucket);
    store = storeOn(bucket);
  });
  afterAll(async () => {
    store.close();
    await dropBucket(client, bucket);
    client.destroy();
  });

  it('check() passes for a bucket that exists', async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });

  it('puts a file with its type and a year of caching, and reads it back whole', async () => {
    await store.put('AbCdEf0123456789_-xy.jpg', file, 'image/jpeg');
    expect(await keysIn(client, bucket)).toContain('AbCdEf0123456789_-xy.jpg');
    const head = await client.send(
      new HeadObjectCommand({ Bucket: bucket, Key: 'AbCdEf0123456789_-xy.jpg' }),
    );
    expect(head).toMatchObject({
      ContentType: 'image/jpeg',
      CacheControl: 'public, max-age=31536000, immutable',
      ContentLength: file.length,
    });
    const read = await store.read('AbCdEf0123456789_-xy.jpg');
    expect(read).toMatchObject({ size: file.length });
    expect(read!.range).toBeUndefined();
    expect(await bytesOf(read!.body)).toEqual(file);
    expect(await store.size('AbCdEf0123456789_-xy.jpg')).toBe(file.length);
  });

  it('reads a range: those bytes, the whole size, the range served', async () => {
    await store.put('range-test.png', file, 'image/png');
    const read = await store.read('range-test.png', { start: 100, end: 1099 });
    expect(read).toMatchObject({ size: file.length, range: { start: 100, end: 1099 } });
    expect(await bytesOf(read!.body)).toEqual(file.subarray(100, 1100));
    const last = await store.read('range-test.png', { start: file.length - 1, end: file.length - 1 });
    expect(await bytesOf(last!.body)).toEqual(file.subarray(-1));
  });

  it('a missing key: read and size are undefined', async () => {
    expect(await store.read('no-such-key.jpg')).toBeUndefined();
    expect(await store.read('no-such-key.jpg', { start: 0, end: 9 })).toBeUndefined();
    expect(await store.size('no-such-key.jpg')).toBeUndefined();
  });

  it('removes files; a key already gone is no error', async () => {
    await store.put('to-remove.webp', file, 'image/webp');
    await store.put('to-keep.webp', file, 'image/webp');
    await store.remove(['to-remove.webp', 'never-there.webp']);
    expect(await store.size('to-remove.webp')).toBeUndefined();
    expect(await store.size('to-keep.webp')).toBe(file.length);
    expect(await keysIn(client, bucket)).not.toContain('to-remove.webp');
    await store.remove([]);
  });

  it('check() fails with a message naming a bucket that does not exist, and what to check', async () => {
    const missing = storeOn(uniqueBucketName('sync-missing'));
    try {
      await expect(missing.check()).rejects.toThrow(
        /^The media bucket sync-missing-\S+ cannot be reached \(.*HTTP 404\): check MEDIA_S3_ENDPOINT, MEDIA_S3_BUCKET and the keys, and that the bucket exists\.$/,
      );
    } finally {
      missing.close();
    }
  });

  it('check() fails clearly when nothing answers at the endpoint', async () => {
    const away = storeOn(bucket, `http://127.0.0.1:${await freePort()}`);
    try {
      await expect(away.check()).rejects.toThrow(
        new RegExp(`^The media bucket ${bucket} cannot be reached \\(.+\\): check MEDIA_S3_ENDPOINT`),
      );
    } finally {
      away.close();
    }
  });
});
