import { HttpError } from '../../platform/http/errors.js';
import type { Status } from '@sync/contract/mastodon';
import { Type, type Static } from 'typebox';

const cannotKeep = (message: string) => new HttpError(422, `Validation failed: ${message}`);

/** The parameters of a new or edited status that Sync cannot keep yet (refuseWhatSyncCannotKeep). */
export const StatusOptions = Type.Object({
  visibility: Type.Optional(Type.String()),
  spoiler_text: Type.Optional(Type.String()),
  poll: Type.Record(Type.String(), Type.Unknown()),
  scheduled_at: Type.Optional(Type.String()),
});

/**
 * What an app may ask of a new status that Sync cannot keep yet, refused with 422 rather than left out:
 * a followers-only or direct status would otherwise be shown to everyone, a content warning dropped in
 * front of what it was meant to hide, a scheduled status posted at once, a poll lost. An
 * unlisted status is public on Mastodon too, only kept off its public timelines: it is posted as public.
 */
export function refuseWhatSyncCannotKeep(body: Static<typeof StatusOptions>): void {
  const visibility = body.visibility || 'public';
  if (visibility !== 'public' && visibility !== 'unlisted')
    throw cannotKeep(`every status on Sync is public, so a ${visibility} one cannot be posted.`);
  if (body.spoiler_text?.trim())
    throw cannotKeep('Sync has no content warnings yet: post without one to show the text to everyone.');
  if (Object.keys(body.poll).length > 0) throw cannotKeep('Sync has no polls yet.');
  if (body.scheduled_at) throw cannotKeep('Sync cannot schedule statuses yet.');
}

/**
 * Why a status cannot be pinned, in Mastodon's words (its StatusPinValidator): a boost, someone else's
 * status, and otherwise the limit, which on Sync is none (instance: `max_pinned_statuses: 0`).
 */
export function pinRefusalOf(status: Status, viewerId: string): string {
  if (status.reblog) return 'A boost cannot be pinned';
  if (status.account.id !== viewerId) return "Someone else's post cannot be pinned";
  return 'You have already pinned the maximum number of posts';
}
