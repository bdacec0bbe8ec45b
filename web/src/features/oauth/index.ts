/** The oauth feature: the consent page of the Mastodon API's OAuth provider and Settings → Authorized apps. */
export { useRefreshAuthorizedApps } from './api/oauth';
export { AuthorizedApps } from './components/authorized-apps';
export { AuthorizeApp } from './components/consent';
export { strings as oauthStrings } from './components/strings';
