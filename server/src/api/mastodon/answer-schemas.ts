import type { TSchema } from 'typebox';

/**
 * A route's `schema` whose 200 answer is serialised from the contract's entity (decision 123), as
 * Sync's routes are: fast-json-stringify writes the schema's fields in its order and drops any other.
 * Only for answers it writes byte for byte as they were (the goldens and the golden-schemas test hold
 * that): every entity but a status and what holds one, whose views splice kept JSON text and write a
 * status's fields in more than one order (decision 123 lists what is answered so and what is not).
 */
export const answeredWith = (entity: TSchema) => ({ response: { 200: entity } });
