import { createHmac, timingSafeEqual } from 'node:crypto';
import { Limits } from '@sync/contract';
import type { CursorKey, CursorKind, KeyPart, PageRequest } from '../db/keyset.js';
import { badRequest } from './errors.js';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface PageQuery {
  limit?: number | undefined;
  cursor?: string | undefined;
}

/**
 * Which of a page's rows stay (in their order, a subsequence of `rows`): the read pipeline's rules
 * dropping what the viewer does not see.
 */
export type Keep<Row> = (rows: Row[]) => Promise<Row[]>;

/** How many more reads a page whose rows were dropped may take to fill itself. */
const refillsAtMost = 4;

const invalidCursor = 'The cursor is not valid. Load the list again from the start (without a cursor).';

/**
 * Cursors are opaque: the last item's sort key, signed so a client cannot forge a position
 * (or smuggle values of the wrong type into a query).
 */
export class CursorCodec {
  constructor(private readonly secret: string) {}

  encode<Shape extends readonly KeyPart[]>(kind: CursorKind<Shape>, key: CursorKey<Shape>): string {
    const body = Buffer.from(JSON.stringify(key)).toString('base64url');
    return `${body}.${this.sign(kind.scope, body)}`;
  }

  decode<Shape extends readonly KeyPart[]>(kind: CursorKind<Shape>, cursor: string): CursorKey<Shape> {
    const [body, signature, extra] = cursor.split('.');
    if (!body || !signature || extra !== undefined) throw badRequest(invalidCursor);
    const expected = Buffer.from(this.sign(kind.scope, body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw badRequest(invalidCursor);
    }
    let key: unknown;
    try {
      key = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw badRequest(invalidCursor);
    }
    if (!isKeyOfShape(key, kind.shape)) throw badRequest(invalidCursor);
    return key;
  }

  /** Reads `limit` and `cursor` of a list request; undefined when neither was sent (the unpaginated contract). */
  pageRequest<Shape extends readonly KeyPart[]>(
    kind: CursorKind<Shape>,
    query: PageQuery,
  ): PageRequest<CursorKey<Shape>> | undefined {
    if (query.limit === undefined && query.cursor === undefined) return undefined;
    return {
      limit: query.limit ?? Limits.pageSizeDefault,
      after: query.cursor === undefined ? undefined : this.decode(kind, query.cursor),
    };
  }

  /**
   * The one way a list becomes a page: asks `load` for `limit + 1` rows after the cursor (the extra
   * row only says whether more exist) and signs the last item's key as `nextCursor`.
   */
  async page<Shape extends readonly KeyPart[], Row>(
    kind: CursorKind<Shape>,
    request: PageRequest<CursorKey<Shape>>,
    load: (after: CursorKey<Shape> | undefined, limit: number) => Promise<Row[]>,
    keyOf: (row: Row) => CursorKey<Shape>,
    keep?: Keep<Row>,
  ): Promise<Page<Row>> {
    if (keep) return this.filledPage(kind, request, load, keyOf, keep);
    const rows = await load(request.after, request.limit + 1);
    const items = rows.slice(0, request.limit);
    const last = items.at(-1);
    return {
      items,
      nextCursor: rows.length > request.limit && last ? this.encode(kind, keyOf(last)) : null,
    };
  }

  /** A page of a list that is always paginated: the first page when neither limit nor cursor was sent. */
  pageOrFirst<Shape extends readonly KeyPart[], Row>(
    kind: CursorKind<Shape>,
    query: PageQuery,
    load: (after: CursorKey<Shape> | undefined, limit: number) => Promise<Row[]>,
    keyOf: (row: Row) => CursorKey<Shape>,
    keep?: Keep<Row>,
  ): Promise<Page<Row>> {
    const request = this.pageRequest(kind, query) ?? { limit: Limits.pageSizeDefault, after: undefined };
    return this.page(kind, request, load, keyOf, keep);
  }

  /**
   * A page of the rows `keep` keeps (the viewer's rules): when it drops some, the page is refilled from
   * where the last read ended, so it stays full. A refill reads at least a page's worth, and after
   * `refillsAtMost` reads the page is answered short, its cursor after the last row read (a list of
   * nothing but hidden rows costs a bounded number of reads per page, not one read per row).
   */
  private async filledPage<Shape extends readonly KeyPart[], Row>(
    kind: CursorKind<Shape>,
    request: PageRequest<CursorKey<Shape>>,
    load: (after: CursorKey<Shape> | undefined, limit: number) => Promise<Row[]>,
    keyOf: (row: Row) => CursorKey<Shape>,
    keep: Keep<Row>,
  ): Promise<Page<Row>> {
    const items: Row[] = [];
    let after = request.after;
    for (let read = 0; read <= refillsAtMost; read += 1) {
      const wanted = request.limit - items.length;
      const size = read === 0 ? wanted : Math.max(wanted, request.limit);
      const rows = await load(after, size + 1);
      const examined = rows.slice(0, size);
      const kept = await keep(examined);
      const more = rows.length > size;
      if (kept.length >= wanted) {
        // Full: the page ends at its last item, and whatever was read past it comes next time.
        items.push(...kept.slice(0, wanted));
        const last = items.at(-1);
        const readPast = kept.length > wanted || more;
        return { items, nextCursor: readPast && last ? this.encode(kind, keyOf(last)) : null };
      }
      items.push(...kept);
      const lastRead = examined.at(-1);
      if (!more || !lastRead) return { items, nextCursor: null };
      after = keyOf(lastRead);
    }
    return { items, nextCursor: after ? this.encode(kind, after) : null };
  }

  private sign(scope: string, body: string): string {
    return createHmac('sha256', this.secret).update(`${scope}:${body}`).digest('base64url').slice(0, 22);
  }
}

function isKeyOfShape<Shape extends readonly KeyPart[]>(key: unknown, shape: Shape): key is CursorKey<Shape> {
  return (
    Array.isArray(key) &&
    key.length === shape.length &&
    key.every((value, index) => typeof value === shape[index])
  );
}
