import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ensurePrivateDirectory, ensurePrivateFile } from './private-files.js';

export interface BackupTarget {
  databaseUrl: string | undefined;
  dataDir: string;
}

const sqliteFile = (dataDir: string) => path.join(dataDir, 'sync.sqlite');

function runTool(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.trim()}`);
}

/**
 * SQLite: an online backup (the server may keep running; the copy is consistent).
 * PostgreSQL: pg_dump in its custom format.
 */
export async function backup(target: BackupTarget, outFile: string): Promise<void> {
  ensurePrivateDirectory(path.dirname(outFile));
  // Created owner-only before anything is written into it; both tools keep the mode of the file.
  ensurePrivateFile(outFile);
  if (target.databaseUrl) {
    runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${outFile}`, target.databaseUrl]);
    return;
  }
  const source = sqliteFile(target.dataDir);
  if (!fs.existsSync(source)) throw new Error(`No SQLite database at ${source}`);
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(outFile);
  } finally {
    db.close();
  }
}

/** Replaces the database with a backup. Stop the server first. */
export function restore(target: BackupTarget, inFile: string): void {
  if (!fs.existsSync(inFile)) throw new Error(`No backup file at ${inFile}`);
  if (target.databaseUrl) {
    runTool('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${target.databaseUrl}`, inFile]);
    return;
  }
  const check = new SQLite(inFile, { readonly: true, fileMustExist: true });
  try {
    const [row] = check.pragma('integrity_check') as { integrity_check: string }[];
    if (row?.integrity_check !== 'ok') throw new Error(`${inFile} fails SQLite's integrity check`);
  } finally {
    check.close();
  }
  const file = sqliteFile(target.dataDir);
  ensurePrivateDirectory(target.dataDir);
  for (const stale of [`${file}-wal`, `${file}-shm`]) fs.rmSync(stale, { force: true });
  fs.copyFileSync(inFile, file);
  fs.chmodSync(file, 0o600);
}
