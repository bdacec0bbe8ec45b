import type { ReturnQuery } from '@sync/contract';

/**
 * `?return=post` or `?return=minimal` asks a change to answer only what changed; without it the
 * answer is the contract's (every post, every bookmark, every user).
 */
export const wantsChangedOnly = (query: ReturnQuery) => query.return === 'post' || query.return === 'minimal';
