import type { TSchema } from 'typebox';

/**
 * A route's `schema` whose 200 answer is serialised from the contract's entity (decision 123), as
 * Sync's routes are: fast-json-stringify writes the schema's fields in its order and drops any other.
 * Only for answers it writes byte for byte as they were (the goldens and the golden-schemas test hold
 * that); statuses are not among them yet: views write their fields in more than one order.
 */
export const answeredWith = (entity: TSchema) => ({ response: { 200: entity } });
