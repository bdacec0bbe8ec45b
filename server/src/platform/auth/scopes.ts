/**
 * OAuth scopes as the Mastodon API defines them: top-level scopes (`read`, `write`, …) grant every
 * granular scope under them (`read` grants `read:statuses`); the legacy `follow` grants reading and
 * changing follows, blocks and mutes; `profile` grants only `GET /api/v1/accounts/verify_credentials`.
 */
const granular = {
  read: [
    'accounts',
    'blocks',
    'bookmarks',
    'favourites',
    'filters',
    'follows',
    'lists',
    'mutes',
    'notifications',
    'search',
    'statuses',
  ],
  write: [
    'accounts',
    'blocks',
    'bookmarks',
    'conversations',
    'favourites',
    'filters',
    'follows',
    'lists',
    'media',
    'mutes',
    'notifications',
    'reports',
    'statuses',
  ],
  'admin:read': [
    'accounts',
    'reports',
    'domain_allows',
    'domain_blocks',
    'ip_blocks',
    'email_domain_blocks',
    'canonical_email_blocks',
  ],
  'admin:write': [
    'accounts',
    'reports',
    'domain_allows',
    'domain_blocks',
    'ip_blocks',
    'email_domain_blocks',
    'canonical_email_blocks',
  ],
} as const;

type Family = keyof typeof granular;
type GranularScope = { [F in Family]: `${F}:${(typeof granular)[F][number]}` }[Family];
export type Scope = Family | GranularScope | 'follow' | 'push' | 'profile';

/** Every scope this server knows, in the order its metadata lists them. */
export const knownScopes: readonly Scope[] = [
  'read',
  'write',
  'follow',
  'push',
  'profile',
  ...(Object.keys(granular) as Family[]).flatMap((family) => [
    ...(family.startsWith('admin') ? [family] : []),
    ...granular[family].map((name) => `${family}:${name}` as GranularScope),
  ]),
];
const known = new Set<string>(knownScopes);

const followGrants = new Set<string>([
  'read:follows',
  'write:follows',
  'read:blocks',
  'write:blocks',
  'read:mutes',
  'write:mutes',
]);

/** Scopes as a request wrote them (space- or plus-separated); `read` when none were given. */
export function parseScopes(text: string | undefined): { scopes: Scope[] } | { unknown: string[] } {
  const words = (text ?? '').split(/[\s+]+/).filter(Boolean);
  if (words.length === 0) return { scopes: ['read'] };
  const unknown = words.filter((word) => !known.has(word));
  if (unknown.length > 0) return { unknown };
  return { scopes: [...new Set(words as Scope[])] };
}

/**
 * Whether a token granted `scopes` may use an endpoint that needs `required`. `profile` (reading one's
 * own profile) is part of what `read:accounts` grants.
 */
export function grants(scopes: readonly Scope[], required: Scope): boolean {
  if (scopes.includes(required)) return true;
  if (required === 'profile') return grants(scopes, 'read:accounts');
  const family = required.slice(0, required.lastIndexOf(':'));
  if (required.includes(':') && scopes.some((scope) => scope === family)) return true;
  return followGrants.has(required) && scopes.includes('follow');
}

/** Whether every one of `requested` is within `allowed` (an app asks for at most what it registered). */
export const withinScopes = (allowed: readonly Scope[], requested: readonly Scope[]) =>
  requested.every((scope) => grants(allowed, scope));

export const scopeText = (scopes: readonly Scope[]) => scopes.join(' ');
