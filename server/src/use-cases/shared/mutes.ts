import * as mutes from '../../data/mutes.repo.js';

/** A person's mutes as a cursor kind of their own, newest first: both APIs page through them. */
export const mutesOf = (viewerId: string) => ({ ...mutes.mutesByTime, scope: `mutes:${viewerId}` });
