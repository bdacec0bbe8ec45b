import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { zipStream, type ZipEntry } from './zip.js';

/**
 * The archive read back by readers that share no code with the writer: Info-ZIP's unzip (Debian's
 * `unzip`) and Python's zipfile. A machine without one skips its checks with a notice.
 */
const has = (command: string, args: string[]) => spawnSync(command, args).status === 0;
const unzip = has('unzip', ['-v']);
const python = has('python3', ['-c', 'import zipfile']);
if (!unzip) console.warn('unzip is not installed: its ZIP checks are skipped (apt-get install -y unzip).');
if (!python) console.warn('python3 is not installed: its ZIP checks are skipped.');

const folder = mkdtempSync(path.join(tmpdir(), 'sync-zip-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function archive(name: string, entries: AsyncIterable<ZipEntry> | ZipEntry[]): Promise<string> {
  const chunks: Buffer[] = [];
  const source = Symbol.asyncIterator in entries ? entries : Readable.from(entries);
  for await (const chunk of zipStream(source)) chunks.push(chunk);
  const file = path.join(folder, name);
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

/** Python's reading of the archive: every name with its bytes (base64) and zipfile's own CRC check. */
function pythonRead(file: string): { bad: string | null; files: Record<string, string>; count: number } {
  const script = `
import base64, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    names = z.namelist()
    files = {n: base64.b64encode(z.read(n)).decode() for n in names[:20]}
    print(json.dumps({"bad": z.testzip(), "files": files, "count": len(names)}))
`;
  return JSON.parse(
    execFileSync('python3', ['-c', script, file], { maxBuffer: 64 * 1024 * 1024 }).toString(),
  );
}

describe('zipStream', () => {
  const at = new Date('2026-03-04T05:06:08Z');
  const photo = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 256));

  it('writes entries that unzip and Python read back byte for byte, names in UTF-8, the time kept', async () => {
    const file = await archive('small.zip', [
      { name: 'sync-ann.json', modifiedAt: at, data: Buffer.from('{"posts":[]}') },
      // A stream in uneven chunks, as a media store hands a file over.
      {
        name: 'media/photo één.png',
        modifiedAt: at,
        data: Readable.from([photo.subarray(0, 1), photo.subarray(1, 65_537), photo.subarray(65_537)]),
      },
      { name: 'media/empty.txt', modifiedAt: at, data: Buffer.alloc(0) },
    ]);
    if (unzip) {
      expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
      expect(execFileSync('unzip', ['-p', file, 'media/photo één.png']).equals(photo)).toBe(true);
      const listing = execFileSync('unzip', ['-Z', '-T', file]).toString();
      expect(listing).toMatch(/20260304\.0506(08|07)? media\/empty\.txt/);
    }
    if (python) {
      const read = pythonRead(file);
      expect(read.bad).toBeNull();
      expect(Object.keys(read.files)).toEqual(['sync-ann.json', 'media/photo één.png', 'media/empty.txt']);
      expect(Buffer.from(read.files['media/photo één.png']!, 'base64').equals(photo)).toBe(true);
      expect(Buffer.from(read.files['sync-ann.json']!, 'base64').toString()).toBe('{"posts":[]}');
    }
  });

  it('past 65,535 entries, the ZIP64 end records carry the count', async () => {
    async function* many(): AsyncGenerator<ZipEntry> {
      for (let i = 0; i < 65_540; i += 1)
        yield { name: `media/${i}.txt`, modifiedAt: at, data: Buffer.from(`file ${i}`) };
    }
    const file = await archive('many.zip', many());
    if (unzip) expect(execFileSync('unzip', ['-t', '-q', file]).toString()).toContain('No errors detected');
    if (python) {
      const read = pythonRead(file);
      expect(read.bad).toBeNull();
      expect(read.count).toBe(65_540);
      expect(Buffer.from(read.files['media/7.txt']!, 'base64').toString()).toBe('file 7');
    }
  }, 120_000);
});
