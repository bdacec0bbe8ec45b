import { createHash, randomFillSync } from 'node:crypto';

/** The last id made by this process: its time and its 74 random bits, bumped for the next one. */
let last: { time: number; random: bigint } | undefined;
const randomBits = 74n;
const randomMask = (1n << randomBits) - 1n;

/**
 * UUID version 7: time-ordered, so ids created later sort later and keyset pages stay index-friendly.
 * The time comes from the caller (the app's clock, or a seed's past dates). Two ids made in the same
 * millisecond still come out in order: the second takes the first's random part plus one (RFC 9562,
 * section 6.2, method 2), which Mastodon clients need, since they compare ids to order what they have
 * (longer is newer, then lexical).
 */
export function newId(at: Date): string {
  let time = at.getTime();
  let random = BigInt(`0x${tenRandomBytesHex()}`) & randomMask;
  if (last?.time === time) {
    random = (last.random + 1n) & randomMask;
    // 2^74 ids in one millisecond: never in practice; the time moves on by one to stay in order.
    if (random === 0n) time += 1;
  }
  last = { time, random };
  return format(time, random);
}

/**
 * Random bytes are drawn from the system 4 KB at a time, as Node's own randomUUID does: one call per id
 * cost more than the rest of making it (1.6% of an edit's CPU in the bench's profile).
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function tenRandomBytesHex(): string {
  if (poolOffset + 10 > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  poolOffset += 10;
  return pool.toString('hex', poolOffset - 10, poolOffset);
}

function format(time: number, random: bigint): string {
  const hex = (value: bigint, digits: number) => value.toString(16).padStart(digits, '0');
  const randA = random >> 62n; // 12 bits after the version
  const randB = random & ((1n << 62n) - 1n); // 62 bits after the variant
  const timeHex = hex(BigInt(time), 12);
  const versioned = hex(0x7000n | randA, 4);
  const variant = hex((0b10n << 62n) | randB, 16);
  return `${timeHex.slice(0, 8)}-${timeHex.slice(8)}-${versioned}-${variant.slice(0, 4)}-${variant.slice(4)}`;
}

const uuidV7 = /^([0-9a-f]{8})-([0-9a-f]{4})-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The time a UUIDv7 id carries, or undefined for a string that is not one. */
export function timeOfId(id: string): Date | undefined {
  const match = uuidV7.exec(id);
  if (!match) return undefined;
  return new Date(parseInt(`${match[1]}${match[2]}`, 16));
}

/**
 * The id of a name: the same name always has the same id (a UUID version 5, RFC 9562 section 5.5, in
 * no namespace). For a row that must be written once however many times its cause runs.
 */
export function idOfName(name: string): string {
  const hash = createHash('sha1').update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
