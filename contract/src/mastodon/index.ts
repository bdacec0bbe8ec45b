/**
 * The Mastodon client API's entities as Sync answers them (https://docs.joinmastodon.org/entities/):
 * ids are strings, times ISO 8601 UTC with milliseconds, URLs absolute. Only the fields Sync can fill
 * are anything but their documented empty values, and each schema is exact (no other fields), so the
 * golden answers checked against them show any change of shape. Imported as `@sync/contract/mastodon`:
 * its names (Status, Notification, MediaAttachment, …) are Mastodon's and would clash with Sync's own.
 */
export * from './accounts.js';
export { AlwaysEmpty, Empty } from './entity.js';
export * from './discovery.js';
export * from './filters.js';
export * from './instance.js';
export * from './markers.js';
export * from './media.js';
export * from './notifications.js';
export * from './oauth.js';
export * from './preferences.js';
export * from './quotes.js';
export * from './reports.js';
export * from './search.js';
export * from './statuses.js';
export * from './tags.js';
