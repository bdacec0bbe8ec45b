/** The largest request body any route reads (a post is at most 5,000 characters). */
export const bodyLimitBytes = 64 * 1024;

/** The refusal of a body past `bodyLimitBytes`, whichever part of the server reads it. */
export const bodyTooLargeMessage = `The request body is too large: the limit is ${bodyLimitBytes / 1024} KB.`;
