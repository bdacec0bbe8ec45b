import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { ByteRange, MediaStore, StoredFile } from './storage.js';

export interface S3StoreOptions {
  /** Unset: AWS itself. MinIO, Garage, Ceph, R2, moto: their URL. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's usual sources (AWS_* variables, an instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

/**
 * Files in an S3-compatible bucket, for several machines. Path-style addressing (`endpoint/bucket/key`),
 * which every S3-compatible server understands where virtual-hosted buckets need DNS; checksums only
 * where S3 requires them, since several such servers refuse the SDK's newer default checksums.
 */
export class S3Store implements MediaStore {
  readonly description: string;
  private readonly client: S3Client;

  constructor(private readonly options: S3StoreOptions) {
    this.description = `S3 bucket ${options.bucket}${options.endpoint ? ` at ${options.endpoint}` : ''}`;
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.endpoint && { endpoint: options.endpoint }),
      ...(options.accessKeyId &&
        options.secretAccessKey && {
          credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
        }),
    });
  }

  /** Fails with a message naming the bucket when it cannot be reached: at start, not at the first upload. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
    } catch (error) {
      throw new Error(
        `The media bucket ${this.options.bucket} cannot be reached (${describe(error)}): check MEDIA_S3_ENDPOINT, MEDIA_S3_BUCKET and the keys, and that the bucket exists.`,
      );
    }
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async read(key: string, range?: ByteRange): Promise<StoredFile | undefined> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: key,
          ...(range && { Range: `bytes=${range.start}-${range.end}` }),
        }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error('S3 answered a body that is not a stream');
      const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
      if (served) {
        return {
          body: answer.Body,
          size: Number(served[3]),
          range: { start: Number(served[1]), end: Number(served[2]) },
        };
      }
      return { body: answer.Body, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    // One request per key: DeleteObjects requires a checksum some S3-compatible servers check differently.
    await Promise.all(
      keys.map((key) => this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }))),
    );
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  close(): void {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

function describe(error: unknown): string {
  if (error instanceof S3ServiceException) return `${error.name}, HTTP ${error.$metadata.httpStatusCode}`;
  return error instanceof Error ? error.message : String(error);
}
