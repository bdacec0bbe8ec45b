import { HttpError } from '../../platform/http/errors.js';

/**
 * Runs Sync's checks of what a person wrote for the Mastodon API, refusing as Mastodon refuses invalid
 * input: 422 "Validation failed: …" instead of Sync's 400.
 */
export function validated<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw asValidationFailure(error);
  }
}

/** `validated` for a check that writes too (a status and its media), refusing the same way. */
export async function validatedWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw asValidationFailure(error);
  }
}

/**
 * Sync's refusals of what was written (400, and the 422s of input that cannot be used, such as
 * someone else's upload) as Mastodon's "Validation failed"; any other error as it is.
 */
function asValidationFailure(error: unknown): unknown {
  if (error instanceof InvalidInput || (error instanceof HttpError && error.statusCode === 400))
    return new HttpError(422, `Validation failed: ${error.message}`);
  return error;
}

/** Input that is well-formed but cannot be used (too many images, an upload that is not the writer's): 422. */
export class InvalidInput extends HttpError {
  constructor(message: string) {
    super(422, message);
  }
}
