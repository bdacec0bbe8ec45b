import path from 'node:path';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../data/database.js';
import { backup, restore } from '../platform/ops/backup.js';
import { grantRoleFromCommandLine } from '../use-cases/roles.js';

/**
 * The server's command line, on the data DATA_DIR or DATABASE_URL name (as the server reads them):
 *
 * npm run sync -- role USERNAME ROLE   (owner, admin, moderator or user; like Mastodon's tootctl)
 * npm run backup [-- FILE]             (default: DATA_DIR/backups/sync-<time>.sqlite or .pgdump)
 * npm run restore -- FILE              (stop the server first)
 */
const usage = [
  'Usage:',
  '  npm run sync -- role USERNAME ROLE    ROLE: owner, admin, moderator or user',
  '  npm run backup [-- FILE]',
  '  npm run restore -- FILE               (stop the server first)',
].join('\n');

const [command, ...args] = process.argv.slice(2);
const config = loadConfig();
const stamp = new Date().toISOString().replaceAll(':', '-').replace(/\..*/, '');
const extension = config.databaseUrl ? 'pgdump' : 'sqlite';

/** Grants a role, written in the audit log as done from the command line. */
async function grantRole(username: string, role: string) {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const { account } = await grantRoleFromCommandLine(
      { db: database.db, clock: systemClock },
      { username, role },
    );
    console.log(`@${account.username}'s role is now ${account.role}.`);
  } finally {
    await database.db.destroy();
  }
}

try {
  const [first = '', second = ''] = args;
  if (command === 'role' && args.length === 2) {
    await grantRole(first, second);
  } else if (command === 'backup' && args.length <= 1) {
    const out = path.resolve(first || path.join(config.dataDir, 'backups', `sync-${stamp}.${extension}`));
    await backup(config, out);
    console.log(`Backup written to ${out}`);
  } else if (command === 'restore' && args.length === 1) {
    restore(config, path.resolve(first));
    console.log(`Restored ${first}. Start the server again.`);
  } else {
    console.error(usage);
    process.exitCode = 2;
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
