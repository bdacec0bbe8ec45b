/**
 * What the client says when the API refuses something. The API keeps the spec's messages to the letter
 * ("Unprocessable Entity. Username Already Exists."): a client written for the spec reads them. A
 * person reads these words instead, keyed on the status and the API's message; Sync's own messages
 * (everything the spec does not word) are already written for a person and are shown as they are.
 */

/** The field a refusal is about, in the names the login and sign-up forms give their fields. */
export type ErrorField = 'username' | 'password';

export interface ErrorWords {
  text: string;
  field?: ErrorField;
}

/** The spec's messages (SPEC.md section 8), by `${status} ${message}`, trailing spaces and all. */
const specMessages: Record<string, ErrorWords> = {
  '422 Unprocessable Entity. Username Already Exists.': {
    text: 'That username is taken. Try another one.',
    field: 'username',
  },
  '404 The username you entered is not Registered. Not Found error': {
    text: 'No account has that username. Check it, or join Sync.',
    field: 'username',
  },
  '401 The credentials you entered are invalid. Unauthorized access error.': {
    text: 'That password is not right for this username.',
    field: 'password',
  },
  '401 The token is invalid. Unauthorized access error.': {
    text: 'Your session has ended. Log in again.',
  },
  "400 Cannot edit a Post doesn't belong to the logged in User.": {
    text: 'Only the author of this post can edit it.',
  },
  "400 Cannot delete a Post doesn't belong to the logged in User.": {
    text: 'Only the author of this post can delete it.',
  },
  '400 Cannot like a post that is already liked. ': { text: 'You already like this post.' },
  '400 Cannot decrement like less than 0.': { text: 'This post has no likes to take away.' },
  '400 Cannot dislike a post that is already disliked. ': { text: 'You already dislike this post.' },
  "400 Cannot edit a comment doesn't belong to the User.": {
    text: 'Only the author of this comment can edit it.',
  },
  "400 Cannot delete a comment doesn't belong to the User.": {
    text: 'Only the author of this comment or of its post can delete it.',
  },
  '400 Cannot upvote a post that is already upvoted. ': { text: 'You already voted this comment up.' },
  '400 Cannot downvote a post that is already downvoted. ': { text: 'You already voted this comment down.' },
  '400 This Post is already bookmarked': { text: 'This post is already in your bookmarks.' },
  '400 Post not bookmarked yet': { text: 'This post is not in your bookmarks.' },
  '400 User Already following': { text: 'You already follow them.' },
  '400 User already not following': { text: 'You do not follow them.' },
};

const ourSide = 'Something went wrong on our side. Try again in a moment.';

/**
 * The words for a refusal: the spec's messages reworded, Sync's own as they are. An answer without a
 * message (a proxy's error page) says what kind of failure it was. Status 0 is the client's own words
 * (the server was not reached).
 */
export function errorWords(status: number, message: string | undefined): ErrorWords {
  if (message?.trim()) return specMessages[`${status} ${message}`] ?? { text: message };
  if (status >= 500) return { text: ourSide };
  return { text: `Something went wrong (error ${status}). Try again.` };
}
