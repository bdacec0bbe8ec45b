import { Type, type Static } from 'typebox';
import { Limits } from './limits.js';

/**
 * The schemas every part of the contract uses (paging, a deletion's answer, an id in the path). In a
 * file of their own so that the contract's other files (safety.ts) can use them without importing
 * index.ts, which re-exports them.
 */

/** Additive: any list answers one page with `nextCursor` when `limit` or `cursor` is sent. */
export const PageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: Limits.pageSizeMax })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PageQuery = Static<typeof PageQuery>;

/** The cursor of the page after this one; null on the last page. */
export const NextCursor = Type.Union([Type.String(), Type.Null()]);

/** The answer of a deletion: the id (or name) of what was deleted. */
export const DeletedReply = Type.Object({ deleted: Type.String() });
export type DeletedReply = Static<typeof DeletedReply>;

/** A route's `:id` (a filter, a rule, an invite, a report). */
export const IdParams = Type.Object({ id: Type.String() });
