import fs from 'node:fs';
import path from 'node:path';
import type { ByteRange, MediaStore, StoredFile } from './storage.js';

/** Files in one folder (`DATA_DIR/media` by default): one machine, or a folder every machine mounts. */
export class DiskStore implements MediaStore {
  readonly description: string;

  constructor(private readonly folder: string) {
    this.description = `disk: ${folder}`;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    // Private as the rest of DATA_DIR (which this may be the first to create, before the database or
    // the token secret): Sync serves the files, nobody else on the machine needs to read the folder.
    await fs.promises.mkdir(this.folder, { recursive: true, mode: 0o700 });
    // Written whole under a temporary name, then renamed: a reader never sees half a file.
    const target = this.pathOf(key);
    const partial = `${target}.partial`;
    await fs.promises.writeFile(partial, bytes, { mode: 0o644 });
    await fs.promises.rename(partial, target);
  }

  async read(key: string, range?: ByteRange): Promise<StoredFile | undefined> {
    const size = await this.size(key);
    if (size === undefined) return undefined;
    return { body: fs.createReadStream(this.pathOf(key), range), size, ...(range && { range }) };
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => fs.promises.rm(this.pathOf(key), { force: true })));
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await fs.promises.stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Keys are made by the server (media-keys.ts) and checked again here: never a path outside the folder. */
  private pathOf(key: string): string {
    if (!/^[A-Za-z0-9_-]+(\.[a-z0-9]+)+$/.test(key)) throw new Error(`not a media key: ${key}`);
    return path.join(this.folder, key);
  }
}
