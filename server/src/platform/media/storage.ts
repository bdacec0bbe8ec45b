import type { Readable } from 'node:stream';

/**
 * Where uploaded files are kept: a folder (disk-store.ts) or an S3-compatible bucket (s3-store.ts).
 * Keys are file names (`<random>.<ext>`); the store knows nothing of posts or people.
 */
export interface MediaStore {
  /** What the start-up line says, e.g. "disk: /srv/sync/data/media" or "S3 bucket sync-media". */
  readonly description: string;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or the part a range (within the file: see `size`) asks for; undefined when there is none. */
  read(key: string, range?: ByteRange): Promise<StoredFile | undefined>;
  /** Deletes the files; a key that is already gone is no error. */
  remove(keys: readonly string[]): Promise<void>;
  /** The file's size in bytes, or undefined when there is no such file (a range is checked against it). */
  size(key: string): Promise<number | undefined>;
}

/** Inclusive byte offsets, as HTTP's Range header counts them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFile {
  body: Readable;
  /** The whole file's size, whatever part `body` holds. */
  size: number;
  /** The part `body` holds, when a range was asked for. */
  range?: ByteRange;
}
