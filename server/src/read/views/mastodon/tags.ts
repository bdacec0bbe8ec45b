import type { Tag } from '@sync/contract/mastodon';
import type { Uris } from '../../../platform/uris/uris.js';

/** A day's use of a tag: posts with it and the people who wrote them. */
export interface TagDay {
  /** The day, UTC, `YYYY-MM-DD`. */
  day: string;
  uses: number;
  accounts: number;
}

/** A tag and its recent days, newest first (none where an answer shows no history). */
export interface TagUsage {
  name: string;
  history: readonly TagDay[];
}

/** A tag as Mastodon's Tag: its history's days as UNIX times of their midnights, the numbers as text. */
export function tagView(usage: TagUsage, urls: Uris, viewer?: { following: boolean }): Tag {
  return {
    id: usage.name,
    name: usage.name,
    url: urls.tag(usage.name),
    history: usage.history.map((day) => ({
      day: String(Date.parse(`${day.day}T00:00:00.000Z`) / 1000),
      uses: String(day.uses),
      accounts: String(day.accounts),
    })),
    ...(viewer && { following: viewer.following }),
  };
}
