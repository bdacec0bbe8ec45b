import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { describe } from 'vitest';

/**
 * An S3-compatible server for the S3 store's tests: `moto_server`, which `.ci/run` starts on port 9000
 * (TEST_S3_ENDPOINT names another). Each suite makes a bucket of its own and drops it after.
 */
export const s3Endpoint = process.env.TEST_S3_ENDPOINT ?? 'http://127.0.0.1:9000';

/** moto takes any keys; a real server's are given as AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY. */
export const s3Credentials = {
  accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? 'test',
  secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? 'test',
};
export const s3Region = 'us-east-1';

async function s3Reachable(): Promise<boolean> {
  try {
    await fetch(s3Endpoint, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

export const hasS3 = await s3Reachable();
if (!hasS3) {
  console.warn(`No S3 server answers at ${s3Endpoint} (moto_server): the S3 media tests are skipped.`);
}

/** A describe block that runs when the S3 server answers (and `alsoNeeds`, e.g. PostgreSQL). */
export const describeWithS3 = (name: string, suite: () => void, alsoNeeds = true) =>
  (hasS3 && alsoNeeds ? describe : describe.skip)(name, suite);

export function s3Client(): S3Client {
  return new S3Client({
    endpoint: s3Endpoint,
    region: s3Region,
    forcePathStyle: true,
    credentials: s3Credentials,
  });
}

/** A bucket name of this run's own. */
export const uniqueBucketName = (prefix: string) =>
  `${prefix}-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;

/** The keys in a bucket, sorted. */
export async function keysIn(client: S3Client, bucket: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
    token = page.NextContinuationToken;
  } while (token);
  return keys.sort();
}

export async function createBucket(client: S3Client, bucket: string): Promise<void> {
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
}

/** Empties the bucket and deletes it. */
export async function dropBucket(client: S3Client, bucket: string): Promise<void> {
  for (const key of await keysIn(client, bucket)) {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  }
  await client.send(new DeleteBucketCommand({ Bucket: bucket }));
}
