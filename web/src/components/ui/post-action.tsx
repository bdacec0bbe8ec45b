import type { ReactNode } from 'react';
import { pendingProps } from './button';

/** The round actions under a post (its comments link, like, bookmark). */
export const postActionClass =
  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1.5 text-sm transition-colors focus-ring hover:bg-zinc-100 aria-disabled:opacity-60 dark:hover:bg-zinc-800';

/** A count beside an action, linking to who did it (likers, reposters). */
export const postCountClass =
  'inline-flex min-h-8 min-w-6 items-center justify-center rounded-full px-1 text-sm tabular-nums hover:underline focus-ring';

/**
 * Each action's colour once it is on, one hue apiece so a like and a bookmark are told apart at a
 * glance (a like rose, a repost green, a bookmark blue); 3:1 or more against the card in both modes,
 * hovered or not.
 */
export const postActionOnClass = {
  like: 'text-rose-600 dark:text-rose-400',
  repost: 'text-emerald-700 dark:text-emerald-400',
  bookmark: 'text-blue-600 dark:text-blue-400',
} as const;

type Props = {
  /** A fixed name; the state is said by `aria-pressed`. */
  label: string;
  pressed: boolean;
  pending: boolean;
  /**
   * Which action it is: the keyboard shortcut that presses it inside the focused post card
   * (`data-shortcut`), and its colour when on.
   */
  shortcut: 'like' | 'bookmark';
  onClick: () => void;
  children: ReactNode;
};

/** An on/off action under a post (like, bookmark): stays focusable while its request runs. */
export function PostToggle({ label, pressed, pending, shortcut, onClick, children }: Props) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      data-shortcut={shortcut}
      onClick={onClick}
      className={`${postActionClass} ${pressed ? postActionOnClass[shortcut] : ''}`}
      {...pendingProps(pending)}
    >
      {children}
    </button>
  );
}
