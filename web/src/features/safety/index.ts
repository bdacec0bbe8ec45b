/**
 * The safety feature's public face: blocking, muting and reporting someone (the "…" on their posts
 * and profile), the notices on their profile, and Settings → Blocked accounts and Muted accounts.
 */
export { BlockNotice, MutedBadge, useBlockedEitherWay } from './components/profile-safety';
export { SafetyMenuButton } from './components/safety-menu-button';
export { BlockedAccounts, MutedAccounts } from './components/settings-lists';
export { strings as safetyStrings } from './strings';
export { menuStrings as safetyMenuStrings } from './strings/menu';
