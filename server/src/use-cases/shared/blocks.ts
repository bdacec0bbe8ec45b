import * as blocks from '../../data/blocks.repo.js';

/** A person's blocks as a cursor kind of their own, newest first: both APIs page through them. */
export const blocksOf = (viewerId: string) => ({ ...blocks.blocksByTime, scope: `blocks:${viewerId}` });
