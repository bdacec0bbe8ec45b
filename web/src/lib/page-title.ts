import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isTypingTarget } from './typing-target';

export const APP_NAME = 'Sync';

/** The tab's title names the screen first, so a screen reader and a list of tabs tell them apart. */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}

/** How long after a navigation the page's heading may take to appear (it can wait for its data). */
const HEADING_WAIT_MS = 5000;

/** The page's h1, made focusable by script (it is no tab stop). */
export function pageHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('h1');
  if (heading) heading.tabIndex = -1;
  return heading;
}

function focusHeading(): boolean {
  const heading = pageHeading();
  heading?.focus({ preventScroll: true });
  return heading !== null;
}

/**
 * After moving to another screen, focus goes to its h1, as a page load would start a screen reader
 * there; not on the first load, and not when the user has already put focus somewhere else (or is
 * typing in a field).
 */
export function useFocusHeadingOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === firstPath) {
      firstPath = null;
      return;
    }
    firstPath = null;
    const before = document.activeElement;
    // A field with focus (the composer after the n shortcut) is where the user is typing: leave it.
    const userMovedOn = () =>
      isTypingTarget(document.activeElement) ||
      (document.activeElement !== before && document.activeElement !== document.body);
    const attempt = () => userMovedOn() || focusHeading();
    if (attempt()) return;
    const observer = new MutationObserver(() => {
      if (attempt()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);
}

let firstPath: string | null = typeof window === 'undefined' ? null : window.location.pathname;
