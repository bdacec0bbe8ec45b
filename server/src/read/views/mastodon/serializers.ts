import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { Notification, Status } from '@sync/contract/mastodon';
import type { Static, TSchema } from 'typebox';

/**
 * The entity's JSON text as a route answering it writes it: fast-json-stringify compiled from the
 * contract's schema, as Fastify compiles a route's answer (decision 123), in the schema's field order
 * and without a field it does not declare. Compiled on first use, as the routes' are.
 */
export function serializerOf<Schema extends TSchema>(schema: Schema): (value: Static<Schema>) => string {
  let serialize: ((value: Static<Schema>) => string) | undefined;
  return (value) => {
    serialize ??= SerializerSelector()()({ schema, method: 'GET', url: '/', httpStatus: '200' });
    return serialize(value);
  };
}

/** The streaming API's payloads, JSON text inside its events, are written as the routes write them. */
export const statusText = serializerOf(Status);
export const notificationText = serializerOf(Notification);
