import type { SiteConfig } from '../../config.js';

/**
 * Every absolute URI and URL Sync gives out, built here and nowhere else (docs/decisions/118, which has
 * the table). Ids (`actor`, `post`, `comment`, `repost`, the activities and collections) are permanent:
 * once another server has stored one it can never change, so a path below is never renamed. Pages
 * (`profile`, `tag`, `at`) are the web client's and load in a browser.
 *
 * The origin is PUBLIC_URL and the domain of `@user@domain` is LOCAL_DOMAIN (Mastodon's WEB_DOMAIN and
 * LOCAL_DOMAIN), whatever Host a request names. Without PUBLIC_URL (a try on a laptop) each request's
 * own origin is used, as it comes, and federation must stay off: ids that depend on a Host header are
 * not permanent (`Site.federates`).
 */
export interface Uris {
  /** Where Sync is served: scheme and host, no trailing slash. */
  origin: string;
  /** The domain of this server's `@user@domain` (WebFinger's `acct:`, the instance's `uri`). */
  localDomain: string;
  /** Whether a domain (an `acct:`'s, a URL's host) names this server: its local domain or where it is served. */
  isLocal(domain: string): boolean;

  /** An account's id (ActivityPub's actor). */
  actor(username: string): string;
  /** An account's page in the web client. */
  profile(username: string): string;
  /** A post's id, and its page. */
  post(postId: string): string;
  /** A comment's id, and its page: its post's page at the comment, ending with the comment's own id. */
  comment(postId: string, commentId: string): string;
  /** A repost's id (an Announce), and its page: the reposted post's. */
  repost(postId: string, repostId: string): string;
  /** A tag's page. */
  tag(name: string): string;
  /** This server's URL of a path (and query): a page of the web client (`/login`), an API endpoint. */
  at(path: string): string;
  /** A file of the web client or the server, or an absolute URL as it is; an empty one is `fallback`. */
  file(pathOrUrl: string, fallback: string): string;

  /** The Like of a post or an upvote of a comment, by its own id. */
  like(username: string, likeId: string): string;
  /** The Dislike of a post or a downvote of a comment, by its own id. */
  dislike(username: string, dislikeId: string): string;
  /** A Follow, by its own id: what its Accept and its Undo name. */
  follow(username: string, followId: string): string;
  /** A Block, by its own id: what its Undo names. */
  block(username: string, blockId: string): string;
  /** One of an actor's collections. */
  collection(username: string, name: ActorCollection): string;
  /** The actor's public key, in the actor's document. */
  publicKey(username: string): string;
  /** The inbox every account of this server shares. */
  sharedInbox: string;
}

export type ActorCollection = 'inbox' | 'outbox' | 'followers' | 'following' | 'featured';

const collectionPaths: Record<ActorCollection, string> = {
  inbox: 'inbox',
  outbox: 'outbox',
  followers: 'followers',
  following: 'following',
  featured: 'collections/featured',
};

/** The paths of the pages above, for a redirect (platform/http/web-client.ts) that keeps the request's origin. */
export const pagePaths = {
  profile: (username: string) => `/profile/${encodeURIComponent(username)}`,
  post: (postId: string) => `/post/${encodeURIComponent(postId)}`,
};

/** The URIs of a server served at `origin` (scheme and host) whose accounts are `@user@localDomain`. */
export function urisOf(origin: string, localDomain: string = new URL(origin).host): Uris {
  const servedAt = new URL(origin);
  const ours = new Set([localDomain, servedAt.host, servedAt.hostname].map((name) => name.toLowerCase()));
  const actor = (username: string) => `${origin}/users/${encodeURIComponent(username)}`;
  const post = (postId: string) => `${origin}${pagePaths.post(postId)}`;
  return {
    origin,
    localDomain,
    isLocal: (domain) => ours.has(domain.toLowerCase()),
    actor,
    profile: (username) => `${origin}${pagePaths.profile(username)}`,
    post,
    comment: (postId, commentId) => `${post(postId)}/comment/${encodeURIComponent(commentId)}`,
    repost: (postId, repostId) => `${post(postId)}?repost=${encodeURIComponent(repostId)}`,
    tag: (name) => `${origin}/tag/${encodeURIComponent(name)}`,
    at: (path) => `${origin}${path}`,
    file(pathOrUrl, fallback) {
      const value = pathOrUrl.trim() || fallback;
      return /^https?:\/\//i.test(value) ? value : `${origin}${value.startsWith('/') ? '' : '/'}${value}`;
    },
    like: (username, likeId) => `${actor(username)}/likes/${encodeURIComponent(likeId)}`,
    dislike: (username, dislikeId) => `${actor(username)}/dislikes/${encodeURIComponent(dislikeId)}`,
    follow: (username, followId) => `${actor(username)}/follows/${encodeURIComponent(followId)}`,
    block: (username, blockId) => `${actor(username)}/blocks/${encodeURIComponent(blockId)}`,
    collection: (username, name) => `${actor(username)}/${collectionPaths[name]}`,
    publicKey: (username) => `${actor(username)}#main-key`,
    sharedInbox: `${origin}/inbox`,
  };
}

/** Where this server is, from configuration: the URIs of every answer, and whether it may federate. */
export class Site {
  /**
   * Whether federation may be turned on: only with PUBLIC_URL, whose ids are the same whatever a
   * request's Host says. Without it ids follow each request and would not be permanent.
   */
  readonly federates: boolean;
  /** The URIs of what is built outside a request (mail): PUBLIC_URL's, else this machine's on PORT. */
  readonly detached: Uris;
  private readonly configured: Uris | undefined;

  constructor(config: SiteConfig) {
    this.configured =
      config.publicUrl === undefined ? undefined : urisOf(config.publicUrl, config.localDomain);
    this.federates = this.configured !== undefined;
    this.detached = this.configured ?? urisOf(config.localUrl);
  }

  /** The URIs of an answer to a request that reached `requestOrigin`: PUBLIC_URL's when it is set. */
  urisFor(requestOrigin: string): Uris {
    return this.configured ?? urisOf(requestOrigin);
  }
}

export const defaultAvatar = '/avatars/default.png';
export const defaultHeader = '/headers/default.png';

/** What one of this server's URLs (those above) shows: a status, an account or a tag. */
export type LocalTarget =
  { kind: 'status'; id: string } | { kind: 'account'; username: string } | { kind: 'tag'; name: string };

/** The status, account or tag a URL of this server shows, read back from the URLs built above. */
export function localTargetOf(uris: Uris, text: string): LocalTarget | undefined {
  try {
    const url = new URL(text.trim());
    const [, section, encoded, ...rest] = url.pathname.split('/');
    if (url.origin !== uris.origin || !section || !encoded) return undefined;
    const name = decodeURIComponent(encoded);
    if (section === 'post' && rest.length === 2 && rest[0] === 'comment' && rest[1]) {
      return { kind: 'status', id: decodeURIComponent(rest[1]) };
    }
    if (rest.length > 0) return undefined;
    // `?comment=` is how a comment's address was written before it ended with its own id.
    if (section === 'post') return { kind: 'status', id: url.searchParams.get('comment') ?? name };
    if (section === 'profile' || section === 'users') return { kind: 'account', username: name };
    if (section === 'tag') return { kind: 'tag', name };
    return undefined;
  } catch {
    // Not a URL, or one with a malformed %-escape: not one of ours.
    return undefined;
  }
}
