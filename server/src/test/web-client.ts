import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const webPublic = path.resolve(import.meta.dirname, '../../../web/public');

/**
 * The web client's public files (the favicon) as its build copies them, and a stand-in index.html, so
 * a test of what the server sends for them needs no web build. The pictures Sync's data names (avatars,
 * the default header, the thumbnail) are the server's own (server/public), served whatever the client.
 */
export function webClientWithPublicFiles(): { webDir: string; remove: () => void } {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-web-'));
  fs.cpSync(webPublic, webDir, { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Sync</title>');
  return { webDir, remove: () => fs.rmSync(webDir, { recursive: true, force: true }) };
}
