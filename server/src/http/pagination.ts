import { createHmac, timingSafeEqual } from 'node:crypto';
import { Limits } from '@sync/contract';
import { badRequest } from './errors.js';

export type CursorKey = (string | number)[];

export interface PageRequest {
  limit: number;
  /** The sort key of the last item of the previous page; absent on the first page. */
  after: CursorKey | undefined;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const invalidCursor = 'The cursor is not valid. Load the list again from the start (without a cursor).';

/**
 * Cursors are opaque: the last item's sort key, signed so a client cannot forge a position
 * (or smuggle values of the wrong type into a query).
 */
export class CursorCodec {
  constructor(private readonly secret: string) {}

  encode(scope: string, key: CursorKey): string {
    const body = Buffer.from(JSON.stringify(key)).toString('base64url');
    return `${body}.${this.sign(scope, body)}`;
  }

  decode(scope: string, cursor: string, shape: readonly ('string' | 'number')[]): CursorKey {
    const [body, signature, extra] = cursor.split('.');
    if (!body || !signature || extra !== undefined) throw badRequest(invalidCursor);
    const expected = Buffer.from(this.sign(scope, body));
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
    if (
      !Array.isArray(key) ||
      key.length !== shape.length ||
      key.some((value, index) => typeof value !== shape[index])
    ) {
      throw badRequest(invalidCursor);
    }
    return key as CursorKey;
  }

  /** Reads `limit` and `cursor` of a list request; undefined when neither was sent (the unpaginated contract). */
  pageRequest(
    scope: string,
    query: { limit?: number; cursor?: string },
    shape: readonly ('string' | 'number')[],
  ): PageRequest | undefined {
    if (query.limit === undefined && query.cursor === undefined) return undefined;
    return {
      limit: query.limit ?? Limits.pageSizeDefault,
      after: query.cursor === undefined ? undefined : this.decode(scope, query.cursor, shape),
    };
  }

  /** Builds a page from rows fetched with `limit + 1`: the extra row only says whether more exist. */
  page<T>(scope: string, rows: T[], limit: number, keyOf: (row: T) => CursorKey): Page<T> {
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      items,
      nextCursor: rows.length > limit && last ? this.encode(scope, keyOf(last)) : null,
    };
  }

  private sign(scope: string, body: string): string {
    return createHmac('sha256', this.secret).update(`${scope}:${body}`).digest('base64url').slice(0, 22);
  }
}
