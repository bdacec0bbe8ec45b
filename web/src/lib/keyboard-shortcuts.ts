/**
 * Mastodon-style keyboard shortcuts: which key (or g-sequence) means which action. Pure, so it is
 * unit-tested; the app binds the actions (app/layout/keyboard-shortcuts.tsx).
 */
import { isTypingTarget } from './typing-target';
export type ShortcutAction =
  | 'next'
  | 'previous'
  | 'like'
  | 'bookmark'
  | 'repost'
  | 'quote'
  | 'open'
  | 'newPost'
  | 'search'
  | 'goHome'
  | 'goNotifications'
  | 'help';

export type Shortcut = { keys: string[]; action: ShortcutAction; description: string };

export const SHORTCUTS: Shortcut[] = [
  { keys: ['j'], action: 'next', description: 'Next post' },
  { keys: ['k'], action: 'previous', description: 'Previous post' },
  { keys: ['l'], action: 'like', description: 'Like or unlike the post' },
  { keys: ['b'], action: 'bookmark', description: 'Bookmark the post, or remove the bookmark' },
  { keys: ['t'], action: 'repost', description: 'Repost the post, or undo the repost' },
  { keys: ['q'], action: 'quote', description: 'Quote the post' },
  { keys: ['o'], action: 'open', description: 'Open the post (Enter too)' },
  { keys: ['n'], action: 'newPost', description: 'Write a new post' },
  { keys: ['/'], action: 'search', description: 'Search' },
  { keys: ['g', 'h'], action: 'goHome', description: 'Go to Home' },
  { keys: ['g', 'n'], action: 'goNotifications', description: 'Go to Notifications' },
  { keys: ['?'], action: 'help', description: 'Show these shortcuts' },
];

/** How long the second key of a g-sequence may wait. */
export const SEQUENCE_TIMEOUT_MS = 1500;

type KeyEventLike = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
  isComposing?: boolean;
};

/**
 * Reads key presses into actions, for the actions that exist on this client (`available`). Returns null for anything else, so the key does its usual job.
 */
export function createShortcutReader(available: ReadonlySet<ShortcutAction>, now: () => number = Date.now) {
  let pending: { key: string; at: number } | null = null;
  return (event: KeyEventLike): ShortcutAction | null => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return null;
    if (isTypingTarget(event.target)) {
      pending = null;
      return null;
    }
    const first = pending && now() - pending.at <= SEQUENCE_TIMEOUT_MS ? pending.key : null;
    pending = null;
    const keys = first ? [first, event.key] : [event.key];
    const match = SHORTCUTS.find(
      (shortcut) => available.has(shortcut.action) && shortcut.keys.join(' ') === keys.join(' '),
    );
    if (match) return match.action;
    const startsSequence = SHORTCUTS.some(
      (shortcut) =>
        available.has(shortcut.action) && shortcut.keys.length > 1 && shortcut.keys[0] === event.key,
    );
    if (!first && startsSequence) pending = { key: event.key, at: now() };
    return null;
  };
}
