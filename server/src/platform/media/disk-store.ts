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
    await fs.promises.mkdir(this.folder, { recursive: true });
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
