/** The largest request body any route reads (a post is at most 5,000 characters). */
export const bodyLimitBytes = 64 * 1024;
