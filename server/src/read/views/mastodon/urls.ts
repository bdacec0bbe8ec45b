/**
 * The absolute URLs the Mastodon API's entities carry, all built here from the server's origin (the
 * request's scheme and host, behind TRUST_PROXY the forwarded ones). Each loads a page of the web client.
 */
export interface Urls {
  origin: string;
  profile(username: string): string;
  /** The account's stable id for federation (ActivityPub's actor id, to be served there later). */
  actor(username: string): string;
  post(postId: string): string;
  comment(postId: string, commentId: string): string;
  tag(tag: string): string;
  /** A file of the web client or an absolute URL as it is; an empty one is `fallback`. */
  file(pathOrUrl: string, fallback: string): string;
}

export function urlsOf(origin: string): Urls {
  return {
    origin,
    profile: (username) => `${origin}/profile/${encodeURIComponent(username)}`,
    actor: (username) => `${origin}/users/${encodeURIComponent(username)}`,
    post: (postId) => `${origin}/post/${postId}`,
    comment: (postId, commentId) => `${origin}/post/${postId}?comment=${commentId}`,
    tag: (tag) => `${origin}/tag/${encodeURIComponent(tag)}`,
    file(pathOrUrl, fallback) {
      const value = pathOrUrl.trim() || fallback;
      return /^https?:\/\//i.test(value) ? value : `${origin}${value.startsWith('/') ? '' : '/'}${value}`;
    },
  };
}

export const defaultAvatar = '/avatars/default.png';
export const defaultHeader = '/headers/default.png';

/** What one of this server's URLs (those above) shows: a status, an account or a tag. */
export type LocalTarget =
  { kind: 'status'; id: string } | { kind: 'account'; username: string } | { kind: 'tag'; name: string };

/** The status, account or tag a URL of this server shows, read back from the URLs built above. */
export function localTargetOf(urls: Urls, text: string): LocalTarget | undefined {
  try {
    const url = new URL(text.trim());
    const [, section, encoded, ...rest] = url.pathname.split('/');
    if (url.origin !== urls.origin || !section || !encoded || rest.length > 0) return undefined;
    const name = decodeURIComponent(encoded);
    if (section === 'post') return { kind: 'status', id: url.searchParams.get('comment') ?? name };
    if (section === 'profile' || section === 'users') return { kind: 'account', username: name };
    if (section === 'tag') return { kind: 'tag', name };
    return undefined;
  } catch {
    // Not a URL, or one with a malformed %-escape: not one of ours.
    return undefined;
  }
}
