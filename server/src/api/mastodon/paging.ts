import type { FastifyReply, FastifyRequest } from 'fastify';
import { timeOfId } from '../../platform/db/ids.js';
import type { TimeWindow } from '../../platform/db/keyset.js';
import { badRequest } from '../../platform/http/errors.js';

/**
 * Mastodon's paging: `max_id` (older than), `since_id` (newer than, newest first), `min_id` (newer
 * than, the page just above it) and `limit`, with an RFC 8288 `Link` header whose `next` carries
 * `max_id` and `prev` carries `min_id`, so a client following either never sees a page twice.
 */
export interface Window {
  maxId?: string | undefined;
  sinceId?: string | undefined;
  minId?: string | undefined;
  limit: number;
}

export const defaultLimit = 20;
export const maxLimit = 40;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The window a list request asks for; `limit` is clamped to 1..`max` as Mastodon does, `fallback`
 * when absent (notifications: 40 of at most 80).
 */
export function windowOf(query: unknown, max = maxLimit, fallback = defaultLimit): Window {
  const params = (query ?? {}) as Record<string, unknown>;
  const asked = Number(text(params.limit) ?? fallback);
  const limit = Number.isFinite(asked) ? Math.min(Math.max(Math.trunc(asked), 1), max) : fallback;
  return { maxId: text(params.max_id), sinceId: text(params.since_id), minId: text(params.min_id), limit };
}

/** A status id's keyset key ([created_at, id]): Sync's ids are UUIDv7, which carry their time. */
export function keyOfStatusId(id: string): [string, string] {
  const time = timeOfId(id);
  if (!time) throw badRequest(`"${id}" is not a status id.`);
  return [time.toISOString(), id];
}

/**
 * Sets the `Link` header for a page of a list: `next` continues after `oldest` (its `max_id`), `prev`
 * before `newest` (its `min_id`). Absent bounds (an empty page) mean no link: the list ends there.
 */
export function setLinks(
  request: FastifyRequest,
  reply: FastifyReply,
  bounds: { newest: string | undefined; oldest: string | undefined },
): void {
  const links: string[] = [];
  const base = `${request.protocol}://${request.host}${request.url.split('?')[0]}`;
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  for (const key of ['max_id', 'min_id', 'since_id']) query.delete(key);
  const link = (key: string, value: string, rel: string) => {
    const params = new URLSearchParams(query);
    params.set(key, value);
    links.push(`<${base}?${params.toString()}>; rel="${rel}"`);
  };
  if (bounds.oldest !== undefined) link('max_id', bounds.oldest, 'next');
  if (bounds.newest !== undefined) link('min_id', bounds.newest, 'prev');
  if (links.length > 0) reply.header('link', links.join(', '));
}

/**
 * A window of a list of statuses (ordered by time, then id) from its ids: `min_id` wins over
 * `since_id`, as on Mastodon. An id that is not one of Sync's is refused with 400. `keyOf`: the key
 * of another list's ids (notifications').
 */
export function timeWindowOf(
  window: Window,
  keyOf: (id: string) => [string, string] = keyOfStatusId,
): TimeWindow {
  const newer = window.minId ?? window.sinceId;
  return {
    olderThan: window.maxId === undefined ? undefined : keyOf(window.maxId),
    newerThan: newer === undefined ? undefined : keyOf(newer),
    oldestFirst: window.minId !== undefined,
    limit: window.limit,
  };
}

/** Sets the `Link` header of a page of statuses (newest first): by their own ids. */
export function setStatusLinks(
  request: FastifyRequest,
  reply: FastifyReply,
  page: readonly { id: string }[],
): void {
  setLinks(request, reply, { newest: page[0]?.id, oldest: page.at(-1)?.id });
}
