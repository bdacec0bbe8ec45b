import path from 'node:path';
import { loadConfig } from '../config.js';
import { backup, restore } from '../platform/ops/backup.js';

/**
 * npm run backup [-- FILE]   (default: DATA_DIR/backups/sync-<time>.sqlite or .pgdump)
 * npm run restore -- FILE    (stop the server first)
 */
const [command, file] = process.argv.slice(2);
const config = loadConfig();
const stamp = new Date().toISOString().replaceAll(':', '-').replace(/\..*/, '');
const extension = config.databaseUrl ? 'pgdump' : 'sqlite';

try {
  if (command === 'backup') {
    const out = path.resolve(file ?? path.join(config.dataDir, 'backups', `sync-${stamp}.${extension}`));
    await backup(config, out);
    console.log(`Backup written to ${out}`);
  } else if (command === 'restore' && file) {
    restore(config, path.resolve(file));
    console.log(`Restored ${file}. Start the server again.`);
  } else {
    console.error('Usage: npm run backup [-- FILE] | npm run restore -- FILE');
    process.exitCode = 2;
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
