import type { TSchema } from 'typebox';

/**
 * A route's `schema` whose 200 answer is serialised from the contract's entity (decision 123), as
 * Sync's routes are: fast-json-stringify writes the schema's fields in its order and drops any other.
 * Only for answers it writes byte for byte as they were (the goldens and the golden-schemas test hold
 * that): not the pages of statuses spliced from kept JSON text, nor notifications, whose statuses write
 * their fields in another order (decision 123 lists what is answered so and what is not).
 */
export const answeredWith = (entity: TSchema) => ({ response: { 200: entity } });
