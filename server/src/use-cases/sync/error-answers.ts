import { Messages } from '../../platform/http/errors.js';
import type { ErrorAnswer } from '../../platform/http/error-answers.js';
import type { AlreadyDone, AnyDomainError, Missing, NotYours, Taken } from '../shared/domain-errors.js';

/**
 * How Sync's API answers a refusal of the shared domain (docs/decisions/122): the statuses and the
 * spec's texts (SPEC.md section 8) it has always answered, in `{errors: [message]}`.
 */
export function syncErrorAnswer(error: AnyDomainError): ErrorAnswer {
  switch (error.kind) {
    case 'not-found':
      return { status: 404, message: missingWords(error.missing) };
    case 'not-allowed':
      return { status: 403, message: error.message };
    case 'act-on-self':
      return { status: 422, message: error.message };
    // The spec refuses these as bad requests.
    case 'not-yours':
      return { status: 400, message: notYoursWords[error.thing][error.change] };
    case 'already-done':
      return { status: 400, message: alreadyDoneWords[error.change] };
    case 'no-likes-to-take-away':
      return { status: 400, message: Messages.likeBelowZero };
    // Sync's authorization page refuses a request it cannot show, whatever the code (RFC 6749 4.1.2.1).
    case 'oauth-refusal':
    case 'unreadable-query':
      return { status: 400, message: error.message };
    case 'invalid':
      return { status: error.problem === 'malformed' ? 400 : 422, message: error.message };
    case 'limit-reached':
    case 'unacceptable':
      return { status: 422, message: error.message };
    case 'too-large':
      return { status: 413, message: error.message };
    case 'taken':
      return takenAnswers[error.what];
  }
}

function missingWords(missing: Missing): string {
  switch (missing.thing) {
    case 'post':
      return Messages.postNotFound(missing.id);
    case 'comment':
      return Messages.commentNotFound(missing.id);
    case 'person':
      return Messages.userNotFound(missing.name);
    case 'viewer':
      return Messages.userNotFound(missing.id);
    case 'file':
      return Messages.fileNotFound;
    case 'upload':
      return Messages.uploadNotFound(missing.id);
    case 'filter':
      return `No filter with id "${missing.id}" exists.`;
    case 'filter-keyword':
      return `No filter keyword with id "${missing.id}" exists.`;
    case 'report':
      return Messages.reportNotFound(missing.id);
    case 'kept-image':
      return Messages.keptImageNotFound(missing.reportId, missing.mediaId);
  }
}

const notYoursWords: Record<NotYours['thing'], Record<NotYours['change'], string>> = {
  post: { edit: Messages.editForeignPost, delete: Messages.deleteForeignPost },
  comment: { edit: Messages.editForeignComment, delete: Messages.deleteForeignComment },
};

const alreadyDoneWords: Record<AlreadyDone['change'], string> = {
  like: Messages.alreadyLiked,
  dislike: Messages.alreadyDisliked,
  upvote: Messages.alreadyUpvoted,
  downvote: Messages.alreadyDownvoted,
  unvote: 'You have not voted on this comment.',
};

/** The spec's 422 for a username; 409 for an address, as an address's conflict. */
const takenAnswers: Record<Taken['what'], ErrorAnswer> = {
  username: { status: 422, message: Messages.usernameTaken },
  email: { status: 409, message: Messages.emailTaken },
};
