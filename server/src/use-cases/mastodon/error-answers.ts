import { Messages, recordNotFoundMessage as recordNotFound } from '../../platform/http/errors.js';
import type { ErrorAnswer } from '../../platform/http/error-answers.js';
import type { AnyDomainError, Missing, Taken } from '../shared/domain-errors.js';

/**
 * How the Mastodon API answers a refusal of the shared domain (docs/decisions/122), in `{error: …}`:
 * invalid input as Mastodon refuses it (422 "Validation failed: …"), someone else's status as one that
 * does not exist, an unknown account as "Record not found".
 */
export function mastodonErrorAnswer(error: AnyDomainError): ErrorAnswer {
  switch (error.kind) {
    case 'not-found':
      return { status: 404, message: missingWords(error.missing) };
    case 'not-yours':
      return { status: 404, message: recordNotFound };
    case 'not-allowed':
      return { status: 403, message: error.message };
    // Answered as before the domain errors, in the same words as Sync's API: no failed validation.
    case 'act-on-self':
    case 'unacceptable':
      return { status: 422, message: error.message };
    case 'unreadable-query':
      return { status: 400, message: error.message };
    // The token endpoint answers a client that failed to authenticate 401 (RFC 6749 section 5.2).
    case 'oauth-refusal':
      return { status: error.code === 'invalid_client' ? 401 : 400, message: error.message };
    case 'too-large':
      return { status: 413, message: error.message };
    case 'taken':
      return takenAnswers[error.what];
    case 'invalid':
    case 'limit-reached':
      return { status: 422, message: `Validation failed: ${error.message}` };
    // Favourites are idempotent (use-cases/mastodon/statuses.ts takes these as done); the rest Sync's API has alone.
    case 'already-done':
    case 'no-likes-to-take-away':
      return { status: 400, message: error.message };
  }
}

/**
 * An unknown account is Mastodon's "Record not found". A post, comment or upload a write step finds
 * missing (a quoted status, an upload, one deleted meanwhile), and the signed-in person's own account
 * gone meanwhile, are still answered in Sync's words, as they were before domain errors: Mastodon's
 * would be "Record not found" too (decision 122, what is left).
 */
function missingWords(missing: Missing): string {
  switch (missing.thing) {
    case 'person':
    case 'filter':
    case 'filter-keyword':
      return recordNotFound;
    case 'post':
      return Messages.postNotFound(missing.id);
    case 'comment':
      return Messages.commentNotFound(missing.id);
    // A report an action names (`report_id`); the report routes find theirs first ("Record not found").
    case 'report':
      return Messages.reportNotFound(missing.id);
    case 'kept-image':
      return Messages.keptImageNotFound(missing.reportId, missing.mediaId);
    case 'upload':
      return Messages.uploadNotFound(missing.id);
    case 'viewer':
      return Messages.userNotFound(missing.id);
    // Files are served beside the APIs, by Sync's error handler: never answered here.
    case 'file':
      return Messages.fileNotFound;
  }
}

/** In Sync's words and statuses, as the Mastodon API answered them before the domain errors. */
const takenAnswers: Record<Taken['what'], ErrorAnswer> = {
  username: { status: 422, message: Messages.usernameTaken },
  email: { status: 409, message: Messages.emailTaken },
};
