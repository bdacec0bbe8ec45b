import { Type, type Static } from 'typebox';

/**
 * How a person appears inside another answer. In a file of its own so that the contract's other files
 * (safety.ts) can use it without importing index.ts, which re-exports them.
 */
export const UserSummary = Type.Object({
  _id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  avatarURL: Type.String(),
});
export type UserSummary = Static<typeof UserSummary>;
