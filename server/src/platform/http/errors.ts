/** The spec's error texts (SPEC.md section 8), kept to the letter, trailing spaces included. */
export const Messages = {
  usernameTaken: 'Unprocessable Entity. Username Already Exists.',
  emailTaken: 'That email is already in use by another account.',
  userNotRegistered: 'The username you entered is not Registered. Not Found error',
  wrongPassword: 'The credentials you entered are invalid. Unauthorized access error.',
  invalidToken: 'The token is invalid. Unauthorized access error.',
  missingToken: 'You need to log in first: send your token in the authorization header.',
  editForeignPost: "Cannot edit a Post doesn't belong to the logged in User.",
  deleteForeignPost: "Cannot delete a Post doesn't belong to the logged in User.",
  alreadyLiked: 'Cannot like a post that is already liked. ',
  likeBelowZero: 'Cannot decrement like less than 0.',
  alreadyDisliked: 'Cannot dislike a post that is already disliked. ',
  editForeignComment: "Cannot edit a comment doesn't belong to the User.",
  deleteForeignComment: "Cannot delete a comment doesn't belong to the User.",
  alreadyUpvoted: 'Cannot upvote a post that is already upvoted. ',
  alreadyDownvoted: 'Cannot downvote a post that is already downvoted. ',
  alreadyBookmarked: 'This Post is already bookmarked',
  notBookmarked: 'Post not bookmarked yet',
  alreadyFollowing: 'User Already following',
  notFollowing: 'User already not following',
  followSelf: 'You cannot follow yourself.',
  postNotFound: (id: string) => `No post with id "${id}" exists. It may have been deleted.`,
  commentNotFound: (id: string) => `No comment with id "${id}" exists on this post.`,
  reportNotFound: (id: string) => `No report with id "${id}" exists.`,
  keptImageNotFound: (reportId: string, mediaId: string) =>
    `Report "${reportId}" keeps no image "${mediaId}": its files go once the report is resolved.`,
  userNotFound: (name: string) => `No user "${name}" exists.`,
  uploadNotFound: (id: string) =>
    `No upload with id "${id}" of yours exists. It may have been deleted, or posted and then deleted.`,
  fileNotFound: 'No such file: it may have been deleted.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;

/** An error with a status and a message for the client; the error handler answers `{errors: [message]}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent as Retry-After: when a client may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** How long a client is asked to wait after a 503 (overload, a database that does not answer, a connection cap). */
export const unavailableRetryAfterSeconds = 5;

export const unavailable = (message: string) => new HttpError(503, message, unavailableRetryAfterSeconds);

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const notFound = (message: string) => new HttpError(404, message);

/** Mastodon's answer for an id that names nothing (an account, a status), which apps recognise. */
export const recordNotFoundMessage = 'Record not found';
export const recordNotFound = () => new HttpError(404, recordNotFoundMessage);
