import { Type, type Static } from 'typebox';
import { Account } from './accounts.js';
import { Entity } from './entity.js';
import { Status } from './statuses.js';
import { Tag } from './tags.js';

/** https://docs.joinmastodon.org/entities/Search/ */
export const Search = Entity({
  accounts: Type.Array(Account),
  statuses: Type.Array(Status),
  hashtags: Type.Array(Tag),
});
export type Search = Static<typeof Search>;
