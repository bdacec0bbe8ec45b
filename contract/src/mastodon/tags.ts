import { Type, type Static } from 'typebox';
import { Entity } from './entity.js';

/** A day of a tag's use: `day` is the UNIX time of its midnight (UTC), every number a string. */
export const TagHistory = Entity({ day: Type.String(), uses: Type.String(), accounts: Type.String() });
export type TagHistory = Static<typeof TagHistory>;

/** https://docs.joinmastodon.org/entities/Tag/ */
export const Tag = Entity({
  /** Sync keeps no table of tags: a tag's id is its name, which names it for good. */
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
  history: Type.Array(TagHistory),
  /** Whether the viewer follows the tag: Sync has no followed tags yet. */
  following: Type.Optional(Type.Boolean()),
  featuring: Type.Optional(Type.Boolean()),
});
export type Tag = Static<typeof Tag>;
