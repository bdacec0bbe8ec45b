#!/usr/bin/env node
/** Type-checks the folders that have a tsconfig.json (web, e2e, bench, scripts). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
let failed = false;
for (const workspace of ['web', 'e2e', 'bench', 'scripts']) {
  if (!fs.existsSync(path.join(root, workspace, 'tsconfig.json'))) continue;
  const result = spawnSync('npx', ['tsc', '-p', workspace, '--noEmit'], { cwd: root, stdio: 'inherit' });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
