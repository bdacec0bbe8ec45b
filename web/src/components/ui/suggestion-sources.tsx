import type { PersonSummary, SearchTagsReply, SearchUsersReply, TagUse } from '@sync/contract';
import { api } from '../../lib/api-client';
import { Avatar } from './avatar';

/** The first `limit` people whose username or name starts with `q` (Sync's people search). */
export async function peopleStartingWith(q: string, limit: number): Promise<PersonSummary[]> {
  return (await api<SearchUsersReply>('/search', { query: { q, type: 'users', limit } })).users;
}

/** The first `limit` tags posts have that start with `q` (with or without its #), most used first. */
export async function tagsStartingWith(q: string, limit: number): Promise<TagUse[]> {
  return (await api<SearchTagsReply>('/search', { query: { q, type: 'tags', limit } })).tags;
}

/** A person as an option: picture, name and @username. */
export function PersonOption({ person }: { person: PersonSummary }) {
  const name = `${person.firstName} ${person.lastName}`.trim();
  return (
    <>
      <Avatar user={person} size="sm" />
      <span className="min-w-0">
        <span className="block truncate font-semibold">{name || `@${person.username}`}</span>
        <span className="block truncate text-zinc-600 dark:text-zinc-400">@{person.username}</span>
      </span>
    </>
  );
}

/** A tag as an option: #name and how many posts have it. */
export function TagOption({ tag }: { tag: TagUse }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-zinc-100 text-base font-semibold text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
      >
        #
      </span>
      <span className="min-w-0">
        <span className="block truncate font-semibold">#{tag.name}</span>
        <span className="block text-zinc-600 dark:text-zinc-400">
          {tag.uses.toLocaleString('en-US')} {tag.uses === 1 ? 'post' : 'posts'}
        </span>
      </span>
    </>
  );
}
