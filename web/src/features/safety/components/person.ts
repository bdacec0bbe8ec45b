import type { UserSummary } from '@sync/contract';

/** Whom a menu or dialog is about: a post's author, or a profile's person. */
export type Person = Pick<UserSummary, 'username' | 'firstName' | 'lastName'>;
