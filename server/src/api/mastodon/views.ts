import type { FastifyRequest } from 'fastify';
import type { HydratedStatuses } from '../../read/hydration/hydrator.js';
import { contextText, statusesText, statusViews } from '../../read/views/mastodon/statuses.js';
import type { Status } from '@sync/contract/mastodon';
import { recordNotFound } from '../../platform/http/errors.js';
import { urisFor } from '../uris.js';

/** The statuses of a hydrated answer as the request's viewer sees them. */
export const statusesFor = (request: FastifyRequest, hydrated: HydratedStatuses): Status[] =>
  statusViews(hydrated, request.access?.user?.id, urisFor(request));

/** The one status of an answer about one status. */
export function statusFor(request: FastifyRequest, hydrated: HydratedStatuses): Status {
  const [status] = statusesFor(request, hydrated);
  if (!status) throw recordNotFound();
  return status;
}

/**
 * The same as `statusesFor`, as JSON text and the ids of the statuses shown: for the pages apps read
 * most (timelines), which keep what every viewer sees of each status between answers.
 */
export const statusesTextFor = (request: FastifyRequest, hydrated: HydratedStatuses) =>
  statusesText(hydrated, request.access?.user?.id, urisFor(request));

/** A status's context as JSON text, its statuses rendered as `statusesTextFor` renders them. */
export const contextTextFor = (
  request: FastifyRequest,
  context: { ancestors: HydratedStatuses; descendants: HydratedStatuses },
) => contextText(context, request.access?.user?.id, urisFor(request));
