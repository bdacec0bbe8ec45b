import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Removes this run's data folder; only ever one made by the config, under the temp directory. */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && path.basename(dir).startsWith('sync-e2e-') && dir.startsWith(os.tmpdir())) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
