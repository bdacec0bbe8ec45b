import { useEffect, useState } from 'react';
import { getSession } from './session';

/**
 * Unsent text (the composer, a comment box, an edit in progress) kept in localStorage, so a reload,
 * a crash or an expired session does not lose it. Keyed by the account and the place the text
 * belongs, so another account signing in on this browser never sees it.
 */
const PREFIX = 'sync-draft:';
/** Drafts older than this are dropped when the store is next read. */
export const DRAFT_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

type Stored = { text: string; savedAt: number };

export const draftKeys = {
  composer: 'composer',
  comment: (postId: string) => `comment:${postId}`,
  editPost: (postId: string) => `edit-post:${postId}`,
  editComment: (commentId: string) => `edit-comment:${commentId}`,
};

function storageKey(owner: string, place: string) {
  return `${PREFIX}${owner}:${place}`;
}

function readStored(key: string): Stored | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { text, savedAt } = value as Partial<Stored>;
    return typeof text === 'string' && typeof savedAt === 'number' ? { text, savedAt } : null;
  } catch {
    return null;
  }
}

export function loadDraft(owner: string, place: string, now = Date.now()): string | null {
  const key = storageKey(owner, place);
  const stored = readStored(key);
  if (stored && now - stored.savedAt <= DRAFT_MAX_AGE_MS) return stored.text;
  if (localStorage.getItem(key) !== null) localStorage.removeItem(key);
  return null;
}

/** An empty or whitespace-only text is no draft: the entry is removed. */
export function saveDraft(owner: string, place: string, text: string, now = Date.now()) {
  const key = storageKey(owner, place);
  try {
    if (text.trim() === '') localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify({ text, savedAt: now } satisfies Stored));
  } catch {
    // Storage full or refused (private mode): the text stays on screen, it just won't survive a reload.
  }
}

export function clearDraft(owner: string, place: string) {
  localStorage.removeItem(storageKey(owner, place));
}

/** Every draft of an account, for when the account is deleted. */
export function clearDraftsOf(owner: string) {
  const prefix = storageKey(owner, '');
  for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
}

/**
 * The fields shown now, each told of every change to a draft: two fields of one page can hold the same
 * one (the home composer and the phone's compose sheet), and the other follows what is typed.
 */
const shown = new Set<(key: string, text: string) => void>();

/**
 * A text field's value that is saved as a draft on every change. `initial` is used when there is no
 * draft (an edit starts from the current text). `discard` clears both, after a successful send.
 */
export function useDraft(place: string, initial = '') {
  const owner = getSession()?.user.username ?? '';
  const [text, setText] = useState(() => loadDraft(owner, place) ?? initial);
  const key = storageKey(owner, place);
  useEffect(() => {
    const follow = (changed: string, next: string) => changed === key && setText(next);
    shown.add(follow);
    return () => void shown.delete(follow);
  }, [key]);
  const show = (next: string) => shown.forEach((follow) => follow(key, next));
  const update = (next: string) => {
    show(next);
    if (next === initial) clearDraft(owner, place);
    else saveDraft(owner, place, next);
  };
  const discard = (next = '') => {
    show(next);
    clearDraft(owner, place);
  };
  return { text, setText: update, discard };
}
