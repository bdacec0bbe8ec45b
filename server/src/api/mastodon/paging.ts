import type { FastifyReply, FastifyRequest } from 'fastify';
import { timeOfId } from '../../platform/db/ids.js';
import type { TimeWindow } from '../../platform/db/keyset.js';
import { badRequest } from '../../platform/http/errors.js';
import { urisFor } from '../uris.js';
import { Type, type Static } from 'typebox';

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

/**
 * The query parameters of a window, for a route's query schema (request-schemas.ts). `limit` is text:
 * windowOf reads it as Mastodon does, where a limit that is no number is the default, not a refusal.
 */
export const windowParams = {
  max_id: Type.Optional(Type.String()),
  since_id: Type.Optional(Type.String()),
  min_id: Type.Optional(Type.String()),
  limit: Type.Optional(Type.String()),
};
export const WindowQuery = Type.Object(windowParams);
export type WindowQuery = Static<typeof WindowQuery>;

/**
 * The window a list request asks for; `limit` is clamped to 1..`max` as Mastodon does, `fallback`
 * when absent (notifications: 40 of at most 80). An empty id is no bound.
 */
export function windowOf(query: WindowQuery, max = maxLimit, fallback = defaultLimit): Window {
  const asked = Number(query.limit || fallback);
  const limit = Number.isFinite(asked) ? Math.min(Math.max(Math.trunc(asked), 1), max) : fallback;
  return {
    maxId: query.max_id || undefined,
    sinceId: query.since_id || undefined,
    minId: query.min_id || undefined,
    limit,
  };
}

/** A status id's keyset key ([created_at, id]): Sync's ids are UUIDv7, which carry their time. */
export function keyOfStatusId(id: string): [string, string] {
  const time = timeOfId(id);
  if (!time) throw badRequest(`"${id}" is not a status id.`);
  return [time.toISOString(), id];
}

/**
 * Sets the `Link` header for a page of a list, as Mastodon does: `prev` before `newest` (its `min_id`)
 * on any page with items, `next` after `oldest` (its `max_id`) only when the list `continues` (the page
 * is full): a short page is the end, and a `next` from it would lead apps to an empty page (Mastodon.py's
 * `fetch_next` then fails on it). Absent bounds (an empty page) mean no link.
 */
export function setLinks(
  request: FastifyRequest,
  reply: FastifyReply,
  bounds: { newest: string | undefined; oldest: string | undefined; continues: boolean },
): void {
  const link = linkTo(request, ['max_id', 'min_id', 'since_id']);
  const links: string[] = [];
  if (bounds.continues && bounds.oldest !== undefined) links.push(link('next', 'max_id', bounds.oldest));
  if (bounds.newest !== undefined) links.push(link('prev', 'min_id', bounds.newest));
  if (links.length > 0) reply.header('link', links.join(', '));
}

/**
 * Whether a list goes on past a page of `count` items read through a window of `limit`: the page is
 * full, or the viewer's rules left it short after it read a full window (`readUpTo`).
 */
export const continuesPast = (count: number, limit: number, readUpTo: unknown): boolean =>
  count >= limit || readUpTo !== undefined;

/**
 * A link of the `Link` header: the request's own path and query with `key` set, the parameters `dropped`
 * left out, at PUBLIC_URL's origin like every URL Sync gives (the request's without it).
 */
function linkTo(request: FastifyRequest, dropped: readonly string[]) {
  const base = urisFor(request).at(request.url.split('?')[0] ?? '');
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  for (const key of dropped) query.delete(key);
  return (rel: string, key: string, value: string) => {
    const params = new URLSearchParams(query);
    params.set(key, value);
    return `<${base}?${params.toString()}>; rel="${rel}"`;
  };
}

/** Mastodon's `offset` (search, trends), for a route's query schema: text, as offsetOf reads it. */
export const offsetParams = { offset: Type.Optional(Type.String()) };

/** Mastodon's `offset` (search, trends): how many entries to skip; 0 when absent or not a count. */
export function offsetOf(query: { offset?: string | undefined }): number {
  const asked = Number(query.offset || 0);
  return Number.isSafeInteger(asked) && asked > 0 ? asked : 0;
}

/**
 * Sets the `Link` header of a list paged by offset (trends), as Mastodon does: `next` when the page is
 * full (more may follow), `prev` unless it is the first.
 */
export function setOffsetLinks(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { offset: number; limit: number; count: number },
): void {
  const link = linkTo(request, ['offset']);
  const links: string[] = [];
  if (page.count >= page.limit) links.push(link('next', 'offset', String(page.offset + page.limit)));
  if (page.offset > 0) links.push(link('prev', 'offset', String(Math.max(page.offset - page.limit, 0))));
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

/**
 * Sets the `Link` header of a page of statuses (newest first): by their own ids. `found.readUpTo`: the id
 * of the last status the window read, when the viewer's rules left it short
 * (use-cases/shared/window-pages.ts): the link in the window's reading direction continues from there
 * (`min_id`'s windows read upwards).
 */
export function setStatusLinks(
  request: FastifyRequest,
  reply: FastifyReply,
  ids: readonly string[],
  window: TimeWindow,
  found: { items: readonly unknown[]; readUpTo?: string | undefined },
): void {
  const { readUpTo } = found;
  setLinks(request, reply, {
    newest: (window.oldestFirst && readUpTo) || ids[0],
    oldest: (!window.oldestFirst && readUpTo) || ids.at(-1),
    continues: continuesPast(found.items.length, window.limit, readUpTo),
  });
}
