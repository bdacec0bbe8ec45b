/**
 * A capped list of user ids with the viewer added at the end when they belong on it but the cap cut
 * them off: a client written for the spec checks these lists for the signed-in user (is my name in
 * likedBy?), so their own entries are always there, whatever the cap.
 */
export function withOwnEntry(ids: string[], viewerId: string | undefined, belongs: boolean): string[] {
  if (!viewerId || !belongs || ids.includes(viewerId)) return ids;
  return [...ids, viewerId];
}
