import { Type, type Static } from 'typebox';
import { FilterContext } from '../safety.js';
import { AlwaysEmpty, Entity, Nullable, OneOf } from './entity.js';

/** https://docs.joinmastodon.org/entities/FilterKeyword/ */
export const FilterKeyword = Entity({
  id: Type.String(),
  keyword: Type.String(),
  whole_word: Type.Boolean(),
});
export type FilterKeyword = Static<typeof FilterKeyword>;

const filterFields = {
  id: Type.String(),
  title: Type.String(),
  context: Type.Array(FilterContext),
  expires_at: Nullable(Type.String()),
  filter_action: OneOf(['warn', 'hide']),
};

/**
 * https://docs.joinmastodon.org/entities/Filter/ — a keyword filter (filters v2). Sync filters by
 * keywords only: `statuses` is always empty.
 */
export const Filter = Entity({ ...filterFields, keywords: Type.Array(FilterKeyword), statuses: AlwaysEmpty });
export type Filter = Static<typeof Filter>;

/**
 * https://docs.joinmastodon.org/entities/FilterResult/ — why a status is shown behind a warning; its
 * filter comes without keywords, as Mastodon's does.
 */
export const FilterResult = Entity({
  filter: Entity(filterFields),
  keyword_matches: Nullable(Type.Array(Type.String())),
  status_matches: Type.Null(),
});
export type FilterResult = Static<typeof FilterResult>;

/**
 * https://docs.joinmastodon.org/entities/V1_Filter/ — filters v1: one keyword of a filter, as apps made
 * before filters v2 (Tusky) still read them.
 */
export const V1Filter = Entity({
  id: Type.String(),
  phrase: Type.String(),
  context: Type.Array(FilterContext),
  whole_word: Type.Boolean(),
  expires_at: Nullable(Type.String()),
  /** The filter hides what matches (filters v2's `hide`), rather than warning. */
  irreversible: Type.Boolean(),
});
export type V1Filter = Static<typeof V1Filter>;
