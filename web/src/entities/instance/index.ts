/**
 * The instance entity: the community's public description (`GET /api/instance`), one cache the About
 * page, the sign-up form, the report dialog and the moderators' settings share.
 */
export { instanceKeys, useInstance } from './instance';
