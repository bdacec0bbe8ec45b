/**
 * Every string the oauth feature shows (the consent page at /oauth/authorize and Settings →
 * Authorized apps), in one place so translation can extract them as they are. A string that names
 * something is a function of it.
 */

/** What a scope lets an app do, in the words of someone deciding whether to allow it. */
const scopeWords: Record<string, string> = {
  read: 'See your posts, people and notifications',
  write: 'Post, reply, favourite and bookmark for you',
  follow: 'Follow and unfollow people',
  push: 'Receive push notifications',
  profile: 'See your profile',
  'read:accounts': 'See profiles, yours included',
  'read:blocks': 'See who you blocked',
  'read:bookmarks': 'See your bookmarks',
  'read:favourites': 'See your favourites',
  'read:filters': 'See your filters',
  'read:follows': 'See who you follow',
  'read:lists': 'See your lists',
  'read:mutes': 'See who you muted',
  'read:notifications': 'See your notifications',
  'read:search': 'Search for you',
  'read:statuses': 'See posts and replies',
  'write:accounts': 'Change your profile',
  'write:blocks': 'Block and unblock people',
  'write:bookmarks': 'Bookmark and unbookmark posts',
  'write:conversations': 'Manage your conversations',
  'write:favourites': 'Favourite and unfavourite posts',
  'write:filters': 'Change your filters',
  'write:follows': 'Follow and unfollow people',
  'write:lists': 'Change your lists',
  'write:media': 'Upload media for you',
  'write:mutes': 'Mute and unmute people',
  'write:notifications': 'Clear and dismiss your notifications',
  'write:reports': 'Report people and posts',
  'write:statuses': 'Post, reply and delete posts for you',
};
const moderate = 'Moderate this server';

/** The plain words of each scope, once each (two scopes may say the same, as every admin scope does). */
export function scopeDescriptions(scopes: readonly string[]): string[] {
  const words = scopes.map((scope) => (scope.startsWith('admin:') ? moderate : (scopeWords[scope] ?? scope)));
  return [...new Set(words)];
}

export const strings = {
  consent: {
    loginIntro: 'Log in to Sync to let an app use your account.',
    pageTitle: 'Authorize an app',
    loading: 'Reading what the app asks for…',
    title: (app: string) => `Authorize ${app}?`,
    wants: (app: string, username: string) => `${app} wants to use your Sync account @${username}.`,
    website: 'Website:',
    allowsHeading: 'It will be able to:',
    noPassword: 'It never sees your password. You can revoke its access in Settings at any time.',
    returnsTo: (host: string) => `Either way you go back to ${host}.`,
    authorize: 'Authorize',
    deny: 'Deny',
    leaving: (app: string) => `Taking you back to ${app}…`,
    codeTitle: 'Copy the code into the app',
    codeIntro: (app: string) => `${app} asks you to paste this code into it to finish signing in.`,
    codeLabel: 'Authorization code',
    copy: 'Copy',
    copied: 'Copied to the clipboard.',
    copyByHand: 'The browser did not let this page copy: select the code and copy it yourself.',
    invalidTitle: 'This app’s request can’t be completed',
    missingClient: 'The link that brought you here names no app (it has no client_id).',
    invalidHint: 'Nothing was shared with the app. Go back to it and try signing in again.',
    home: 'Go to Sync',
  },
  apps: {
    heading: 'Authorized apps',
    intro: 'Mastodon apps you let use your account. Revoking one ends its access at once.',
    loading: 'Loading authorized apps',
    empty: 'No app has access to your account.',
    howToAdd: (server: string) =>
      `To add one, use a Mastodon app (such as Ivory, Tusky, Elk or Phanpy) and sign in with this server's address, ${server}.`,
    scopesLabel: 'Can:',
    authorizedAt: (date: string) => `Authorized ${date}`,
    lastUsedAt: (date: string) => `last used ${date}`,
    neverUsed: 'not used yet',
    revoke: 'Revoke',
    revokeLabel: (app: string) => `Revoke ${app}`,
    confirmTitle: (app: string) => `Revoke ${app}?`,
    confirmText: (app: string) =>
      `${app} will no longer be able to use your account. You can sign in from the app again later.`,
    revoked: (app: string) => `${app} no longer has access to your account.`,
  },
};
