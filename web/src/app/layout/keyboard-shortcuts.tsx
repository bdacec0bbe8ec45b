import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { COMPOSER_ID, POST_CARD_ATTRIBUTE } from '../../entities/posts';
import { SEARCH_FIELD_ATTRIBUTE } from '../../features/search';
import { createShortcutReader, type ShortcutAction } from '../../lib/keyboard-shortcuts';
import { takeEarlyKeys } from '../../lib/early-keys';
import { focusIdWhenShown, focusWhenShown } from '../../lib/focus-when-shown';
import { lazyPart } from '../../lib/lazy';

const ShortcutHelp = lazyPart(() => import('./shortcut-help'));

/** What this client can do by key. */
export const AVAILABLE_SHORTCUTS = new Set<ShortcutAction>([
  'next',
  'previous',
  'like',
  'bookmark',
  'repost',
  'quote',
  'open',
  'newPost',
  'search',
  'goHome',
  'goNotifications',
  'help',
]);

function cards() {
  return [...document.querySelectorAll<HTMLElement>(`[${POST_CARD_ATTRIBUTE}]`)];
}

function currentCard() {
  return document.activeElement?.closest<HTMLElement>(`[${POST_CARD_ATTRIBUTE}]`) ?? null;
}

function moveFocus(step: 1 | -1) {
  const list = cards();
  if (list.length === 0) return;
  const current = currentCard();
  const index = current ? list.indexOf(current) + step : step === 1 ? 0 : list.length - 1;
  const next = list[Math.min(Math.max(index, 0), list.length - 1)];
  next?.focus();
  next?.scrollIntoView({ block: 'nearest' });
}

/** Presses the focused post's control for the shortcut (`data-shortcut`; some are hidden, for keys only). */
function press(shortcut: 'like' | 'bookmark' | 'repost' | 'quote') {
  currentCard()?.querySelector<HTMLElement>(`[data-shortcut="${shortcut}"]`)?.click();
}

/** The search field on screen: the top bar's, or below md the search screen's. */
function visibleSearchField() {
  return [...document.querySelectorAll<HTMLElement>(`[${SEARCH_FIELD_ATTRIBUTE}]`)].find(
    (field) => field.offsetParent !== null,
  );
}

export default function KeyboardShortcuts() {
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);

  useEffect(() => {
    const read = createShortcutReader(AVAILABLE_SHORTCUTS);
    const actions: Record<ShortcutAction, () => void> = {
      next: () => moveFocus(1),
      previous: () => moveFocus(-1),
      like: () => press('like'),
      bookmark: () => press('bookmark'),
      repost: () => press('repost'),
      quote: () => press('quote'),
      open: () => {
        const id = currentCard()?.getAttribute(POST_CARD_ATTRIBUTE);
        if (id) void navigate(`/post/${id}`);
      },
      newPost: () => {
        if (window.location.pathname !== '/') void navigate('/');
        focusIdWhenShown(COMPOSER_ID);
      },
      search: () => {
        if (!visibleSearchField()) void navigate('/search');
        focusWhenShown(visibleSearchField);
      },
      goHome: () => void navigate('/'),
      goNotifications: () => void navigate('/notifications'),
      help: () => setHelpOpen(true),
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      // A dialog or menu with focus in it owns the keyboard; toasts are dialogs too, but not modal ones.
      const owner = document.activeElement?.closest('[role="dialog"], [role="alertdialog"], [role="menu"]');
      if (owner && !owner.closest('[data-toasts]')) return;
      const action = read(event);
      if (!action) return;
      event.preventDefault();
      actions[action]();
    };
    document.addEventListener('keydown', onKeyDown);
    for (const event of takeEarlyKeys()) onKeyDown(event);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate]);

  if (!helpOpen) return null;
  return (
    <Suspense>
      <ShortcutHelp available={AVAILABLE_SHORTCUTS} onClose={() => setHelpOpen(false)} />
    </Suspense>
  );
}
