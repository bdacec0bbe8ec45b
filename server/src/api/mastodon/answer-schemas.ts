import type { TSchema } from 'typebox';

/**
 * A route's `schema` whose 200 answer is the contract's entity (decision 123), as Sync's routes are:
 * fast-json-stringify writes an object answer in the schema's field order and drops any other field.
 * A page spliced from kept JSON text (timelines, a context, a status's quotes) is sent as its text,
 * which Fastify does not serialise again: the schema declares it, and the golden-schemas test holds
 * the text to what the serializer would write. Every Mastodon route answering JSON declares one
 * (answer-schemas.test.ts, from the route table).
 */
export const answeredWith = (entity: TSchema) => ({ response: { 200: entity } });
