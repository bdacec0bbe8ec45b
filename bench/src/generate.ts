/**
 * npm run seed:large -w bench -- --users 100000 --posts 1000000 --likes 5000000 --comments 1000000
 *   --follows 1000000 --bookmarks 500000 [--database-url postgres://...] [--data-dir DIR] [--force]
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../server/src/config.js';
import { benchPassword, type DatasetSize } from './dataset.js';
import { openServerDatabase, type DatabaseTarget } from './database-target.js';
import { countAllRows, findInvariantViolations, isConsistent } from './invariants.js';
import { describeSeedReport, seedLargeDataset } from './seed.js';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    posts: { type: 'string', default: '1000000' },
    likes: { type: 'string', default: '5000000' },
    comments: { type: 'string', default: '1000000' },
    follows: { type: 'string', default: '1000000' },
    bookmarks: { type: 'string', default: '500000' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    force: { type: 'boolean', default: false },
    'keep-indexes': { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
  },
});

function wholeNumber(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number, got "${raw}"`);
  return value;
}

const size: DatasetSize = {
  users: wholeNumber('users', values.users),
  posts: wholeNumber('posts', values.posts),
  likes: wholeNumber('likes', values.likes),
  comments: wholeNumber('comments', values.comments),
  follows: wholeNumber('follows', values.follows),
  bookmarks: wholeNumber('bookmarks', values.bookmarks),
};
// The same defaults as the server: DATABASE_URL, else DATA_DIR (or the repository's data/ folder).
const config = loadConfig();
const target: DatabaseTarget = {
  databaseUrl: values['database-url'] ?? config.databaseUrl,
  dataDir: values['data-dir'] ?? config.dataDir,
};

console.log(`Generating ${JSON.stringify(size)} into ${target.databaseUrl ?? target.dataDir}`);
const report = await seedLargeDataset(target, size, {
  force: values.force,
  dropIndexes: !values['keep-indexes'],
  seed: wholeNumber('seed', values.seed),
});
console.log(describeSeedReport(report));

const handle = openServerDatabase(target);
try {
  const violations = await findInvariantViolations(handle.db);
  console.log('Rows:', await countAllRows(handle.db));
  console.log(`Invariants: ${isConsistent(violations) ? 'OK' : 'BROKEN'}`, violations);
  console.log(`Every user (user0 … user${size.users - 1}) has the password: ${benchPassword}`);
  if (!isConsistent(violations)) process.exitCode = 1;
} finally {
  await handle.db.destroy();
}
