import fs from 'node:fs';

/**
 * The data folder holds the database, its backups and the token secret: only the user the server runs
 * as may read them. A folder that already exists keeps the mode its owner gave it.
 */
export function ensurePrivateDirectory(directory: string): void {
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
}

/** Creates the file empty when missing and makes it readable and writable by its owner only. */
export function ensurePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
}
