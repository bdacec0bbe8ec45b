import { crc32 } from 'node:zlib';

/**
 * A ZIP archive written as it streams (PKWARE's APPNOTE 6.3): entries stored as they are (no
 * compression: photos are compressed already), each followed by a data descriptor with its CRC-32 and
 * sizes, so nothing is held but the entry's running CRC and the central directory's records.
 *
 * ZIP64 (APPNOTE 4.3.9, 4.5.3): an entry's size is known only once it has streamed, so every local
 * header carries the ZIP64 extra field and every data descriptor 8-byte sizes, which readers since
 * Info-ZIP's unzip 6.0 and Python's zipfile read. The central directory and its end use ZIP64 records
 * only where a number does not fit: an entry or an offset past 4 GiB, more than 65,535 entries.
 */

export interface ZipEntry {
  /** The path inside the archive, `/`-separated (UTF-8, flagged as such). */
  name: string;
  modifiedAt: Date;
  data: AsyncIterable<Buffer> | Buffer;
}

const max32 = 0xffffffff;
const max16 = 0xffff;
/** General purpose flags: sizes in a data descriptor (bit 3), names in UTF-8 (bit 11). */
const flags = 0x0808;
/** Version needed to extract: 4.5, for ZIP64. Made by: 4.5 on Unix. */
const versionNeeded = 45;
const versionMadeBy = (3 << 8) | 45;

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

/** MS-DOS time and date, as ZIP keeps them (local time has no place in a server's archive: UTC). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

function localHeader(name: Buffer, time: number, date: number): Buffer {
  const header = Buffer.alloc(30 + name.length + 20);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(versionNeeded, 4);
  header.writeUInt16LE(flags, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  header.writeUInt32LE(0, 14); // CRC-32: in the data descriptor
  header.writeUInt32LE(max32, 18); // sizes: in the ZIP64 extra field and the data descriptor
  header.writeUInt32LE(max32, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(20, 28);
  name.copy(header, 30);
  const extra = 30 + name.length;
  header.writeUInt16LE(0x0001, extra); // ZIP64 extended information, sizes not known yet
  header.writeUInt16LE(16, extra + 2);
  return header;
}

function dataDescriptor(crc: number, size: number): Buffer {
  const descriptor = Buffer.alloc(24);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc, 4);
  descriptor.writeBigUInt64LE(BigInt(size), 8);
  descriptor.writeBigUInt64LE(BigInt(size), 16);
  return descriptor;
}

function centralRecord(entry: Written): Buffer {
  // The ZIP64 extra field holds, in this order, what does not fit in its 32-bit place.
  const wide = [
    ...(entry.size >= max32 ? [entry.size, entry.size] : []),
    ...(entry.offset >= max32 ? [entry.offset] : []),
  ];
  const extraLength = wide.length > 0 ? 4 + 8 * wide.length : 0;
  const record = Buffer.alloc(46 + entry.name.length + extraLength);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(versionMadeBy, 4);
  record.writeUInt16LE(versionNeeded, 6);
  record.writeUInt16LE(flags, 8);
  record.writeUInt16LE(0, 10);
  record.writeUInt16LE(entry.time, 12);
  record.writeUInt16LE(entry.date, 14);
  record.writeUInt32LE(entry.crc, 16);
  record.writeUInt32LE(Math.min(entry.size, max32), 20);
  record.writeUInt32LE(Math.min(entry.size, max32), 24);
  record.writeUInt16LE(entry.name.length, 28);
  record.writeUInt16LE(extraLength, 30);
  // Comment length, disk number, internal attributes: 0. External: a regular file, rw-r--r--.
  record.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  record.writeUInt32LE(Math.min(entry.offset, max32), 42);
  entry.name.copy(record, 46);
  if (wide.length > 0) {
    const extra = 46 + entry.name.length;
    record.writeUInt16LE(0x0001, extra);
    record.writeUInt16LE(8 * wide.length, extra + 2);
    wide.forEach((value, index) => record.writeBigUInt64LE(BigInt(value), extra + 4 + 8 * index));
  }
  return record;
}

/** The end of the archive: ZIP64's end record and locator first when a count or an offset does not fit. */
function end(count: number, directorySize: number, directoryOffset: number): Buffer {
  const parts: Buffer[] = [];
  if (count > max16 || directorySize >= max32 || directoryOffset >= max32) {
    const zip64End = Buffer.alloc(56);
    zip64End.writeUInt32LE(0x06064b50, 0);
    zip64End.writeBigUInt64LE(44n, 4); // the record's size after this field
    zip64End.writeUInt16LE(versionMadeBy, 12);
    zip64End.writeUInt16LE(versionNeeded, 14);
    // This disk and the directory's: 0.
    zip64End.writeBigUInt64LE(BigInt(count), 24);
    zip64End.writeBigUInt64LE(BigInt(count), 32);
    zip64End.writeBigUInt64LE(BigInt(directorySize), 40);
    zip64End.writeBigUInt64LE(BigInt(directoryOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
    locator.writeUInt32LE(1, 16); // disks
    parts.push(zip64End, locator);
  }
  const record = Buffer.alloc(22);
  record.writeUInt32LE(0x06054b50, 0);
  record.writeUInt16LE(Math.min(count, max16), 8);
  record.writeUInt16LE(Math.min(count, max16), 10);
  record.writeUInt32LE(Math.min(directorySize, max32), 12);
  record.writeUInt32LE(Math.min(directoryOffset, max32), 16);
  parts.push(record);
  return Buffer.concat(parts);
}

/** The archive of `entries`, in chunks, each entry read only when its turn comes. */
export async function* zipStream(entries: AsyncIterable<ZipEntry>): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const { time, date } = dosDateTime(entry.modifiedAt);
    const header = localHeader(name, time, date);
    const start = offset;
    yield header;
    offset += header.length;
    let crc = 0;
    let size = 0;
    for await (const chunk of Buffer.isBuffer(entry.data) ? [entry.data] : entry.data) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      yield chunk;
    }
    offset += size;
    const descriptor = dataDescriptor(crc, size);
    yield descriptor;
    offset += descriptor.length;
    written.push({ name, crc, size, offset: start, time, date });
  }
  const directoryOffset = offset;
  let directorySize = 0;
  for (const entry of written) {
    const record = centralRecord(entry);
    directorySize += record.length;
    yield record;
  }
  yield end(written.length, directorySize, directoryOffset);
}
