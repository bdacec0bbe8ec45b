/**
 * Keys pressed before the shortcuts' reader has loaded. The reader's code comes just after the first
 * screen (decision 040), and a person who focuses a post and presses `t` at once would otherwise lose
 * the key; kept here from startup, the reader replays them when it starts listening. A key older than
 * a moment is dropped instead: pressed signed out, or long before, it was not meant for now.
 */
export const EARLY_KEY_LIFETIME_MS = 3000;

let kept: { event: KeyboardEvent; at: number }[] | null = null;
let clock: () => number = () => performance.now();

function keep(event: KeyboardEvent) {
  kept?.push({ event, at: clock() });
}

/** Starts keeping key presses, once, at startup. */
export function keepEarlyKeys(now: () => number = () => performance.now()) {
  if (kept) return;
  kept = [];
  clock = now;
  document.addEventListener('keydown', keep);
}

/** The keys pressed in the last moment, in order; from here on the caller listens, and nothing more is kept. */
export function takeEarlyKeys(): KeyboardEvent[] {
  const since = clock() - EARLY_KEY_LIFETIME_MS;
  const taken = (kept ?? []).filter((key) => key.at >= since).map((key) => key.event);
  kept = null;
  document.removeEventListener('keydown', keep);
  return taken;
}
