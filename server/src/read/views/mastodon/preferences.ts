import type { Preferences } from '@sync/contract/mastodon';

/**
 * A person's posting and reading defaults. Sync has none to set: every status is public, nothing is
 * marked sensitive, and the language is the app's to guess.
 */
export const preferencesView = (): Preferences => ({
  'posting:default:visibility': 'public',
  'posting:default:sensitive': false,
  'posting:default:language': null,
  'reading:expand:media': 'default',
  'reading:expand:spoilers': false,
});
