import { HttpError } from '../../platform/http/errors.js';

/**
 * Runs Sync's checks of what a person wrote for the Mastodon API, refusing as Mastodon refuses invalid
 * input: 422 "Validation failed: …" instead of Sync's 400.
 */
export function validated<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400)
      throw new HttpError(422, `Validation failed: ${error.message}`);
    throw error;
  }
}
