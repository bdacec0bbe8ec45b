import type { FastifyError, FastifyRequest } from 'fastify';
import { bodyTooLargeMessage } from './body-limit.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { HttpError, Messages, unavailableRetryAfterSeconds } from './errors.js';
import { overloadMessage } from './overload.js';
import { describeValidationError } from './validation.js';

/** What an error becomes for the client, whichever API answers it: each API words the body its own way. */
export interface ErrorAnswer {
  status: number;
  message: string;
  retryAfterSeconds?: number | undefined;
}

/**
 * The one classification of errors for every API surface: ours (HttpError), validation failures, load
 * shedding, an unavailable database, Fastify's own client errors, and the rest (logged, a plain 500).
 */
export function errorAnswer(error: FastifyError, request: FastifyRequest): ErrorAnswer {
  if (error instanceof HttpError) {
    return { status: error.statusCode, message: error.message, retryAfterSeconds: error.retryAfterSeconds };
  }
  if (error.validation?.[0]) {
    return {
      status: 400,
      message: describeValidationError(error.validation[0], error.validationContext ?? 'body'),
    };
  }
  // Shed by @fastify/under-pressure, which has set Retry-After.
  if (error.code === 'FST_UNDER_PRESSURE') return { status: 503, message: overloadMessage };
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return {
      status: 503,
      message: 'The database is not answering right now. Try again in a few seconds.',
      retryAfterSeconds: unavailableRetryAfterSeconds,
    };
  }
  const status = error.statusCode ?? 500;
  if (status < 500) return { status, message: clientErrorMessage(error) };
  request.log.error({ err: error }, 'request failed');
  return { status: 500, message: Messages.internal };
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLargeMessage;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON, with the header Content-Type: application/json.';
    default:
      return error.message;
  }
}
