import path from 'node:path';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase, type Db } from '../data/database.js';
import { countJobs } from '../data/jobs.repo.js';
import { backup, restore } from '../platform/ops/backup.js';
import { isDomainError } from '../use-cases/shared/domain-errors.js';
import { grantRoleFromCommandLine } from '../use-cases/shared/role-changes.js';
import { syncErrorAnswer } from '../use-cases/sync/error-answers.js';

/**
 * The server's command line, on the data DATA_DIR or DATABASE_URL name (as the server reads them):
 *
 * npm run sync -- role USERNAME ROLE   (owner, admin, moderator or user; like Mastodon's tootctl)
 * npm run backup [-- FILE]             (default: DATA_DIR/backups/sync-<time>.sqlite or .pgdump)
 * npm run restore -- FILE              (stop the server first)
 * npm run sync -- jobs                 (the durable job queue: jobs of each kind in each state)
 */
const usage = [
  'Usage:',
  '  npm run sync -- role USERNAME ROLE    ROLE: owner, admin, moderator or user',
  '  npm run backup [-- FILE]',
  '  npm run restore -- FILE               (stop the server first)',
  '  npm run sync -- jobs                  (queued, running, done and failed jobs of each kind)',
].join('\n');

const [command, ...args] = process.argv.slice(2);
const config = loadConfig();
const stamp = new Date().toISOString().replaceAll(':', '-').replace(/\..*/, '');
const extension = config.databaseUrl ? 'pgdump' : 'sqlite';

/** Runs `work` on the server's database, brought up to date first, and closes it after. */
async function withDatabase(work: (db: Db) => Promise<void>) {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    await work(database.db);
  } finally {
    await database.db.destroy();
  }
}

/** Grants a role, written in the audit log as done from the command line. */
const grantRole = (username: string, role: string) =>
  withDatabase(async (db) => {
    const { account } = await grantRoleFromCommandLine({ db, clock: systemClock }, { username, role });
    console.log(`@${account.username}'s role is now ${account.role}.`);
  });

/** The durable job queue's jobs of each kind in each state: failed ones wait for someone to look. */
const printJobCounts = () =>
  withDatabase(async (db) => {
    const counts = await countJobs(db);
    if (counts.length === 0) console.log('No jobs.');
    for (const { kind, state, count } of counts) console.log(`${kind}\t${state}\t${count}`);
  });

try {
  const [first = '', second = ''] = args;
  if (command === 'role' && args.length === 2) {
    await grantRole(first, second);
  } else if (command === 'jobs' && args.length === 0) {
    await printJobCounts();
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
  // The command line words the domain's refusals as Sync's API does (an unknown person: "No user … exists.").
  console.error(isDomainError(error) ? syncErrorAnswer(error).message : (error as Error).message);
  process.exitCode = 1;
}
