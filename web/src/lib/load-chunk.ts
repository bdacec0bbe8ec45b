/**
 * Loading the code the app fetches after the first screen (lazy screens, menus, dialogs, the toaster)
 * through a moment without the server, and across an upgrade that renamed the files (decision 114).
 * A failed `import()` says neither why nor with what status, and an answer that is not JavaScript (the
 * server's page, a 404) fails it the same way: the server's health says which case it is.
 */

import { serverAnswered } from './server-answers';

/** Code that could not be loaded: `offline` when the server could not be reached either. */
export class ChunkLoadError extends Error {
  constructor(
    readonly offline: boolean,
    cause: unknown,
  ) {
    super('This screen could not be loaded.', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Whether the server answers at all: reloading while it does not would show the browser's error page. */
export async function serverReachable(): Promise<boolean> {
  try {
    const answered = (await fetch('/api/health', { cache: 'no-store' })).ok;
    if (answered) serverAnswered();
    return answered;
  } catch {
    return false;
  }
}

/** Waits after each unanswered health check: short at first, then rarer, then every 15 s. */
const PROBE_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000];
const LONGEST_PROBE_DELAY_MS = 15_000;

/** How long a screen waits for the server before saying it can't be reached (Retry asks again). */
export const SCREEN_PATIENCE_MS = 3_500;

/**
 * Resolves true once the server answers, false once `patienceMs` have passed without an answer. It
 * asks again at once when the browser says it is back online, else after the next of PROBE_DELAYS_MS.
 */
async function waitForServer(patienceMs = Infinity): Promise<boolean> {
  const deadline = Date.now() + patienceMs;
  for (let probe = 0; ; probe++) {
    if (await serverReachable()) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    const delay = Math.min(left, PROBE_DELAYS_MS[probe] ?? LONGEST_PROBE_DELAY_MS);
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        window.removeEventListener('online', done);
        resolve();
      };
      const timer = setTimeout(done, delay);
      window.addEventListener('online', done);
    });
  }
}

const RELOADED_KEY = 'sync-reloaded-for-build';

/**
 * The build this page runs: its entry script's address, whose name holds a hash of the build's
 * content, so an upgrade changes it.
 */
function buildId(): string {
  return document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '';
}

/**
 * After an upgrade the old files are gone and only a fresh page knows the new ones: reloads the page,
 * once per build (a page reloaded into the same build, whose file is still missing, is not reloaded
 * again). True when it reloads.
 */
export function reloadOncePerBuild(): boolean {
  const build = buildId();
  if (sessionStorage.getItem(RELOADED_KEY) === build) return false;
  sessionStorage.setItem(RELOADED_KEY, build);
  window.location.reload();
  return true;
}

/**
 * How long a load waits for the server. `bounded`: a screen, which says soon that the server can't
 * be reached and offers Retry. `until-back`: a part of a screen (a menu, a field's suggestions, the
 * toaster), which is simply not there until the server is back, the screen around it unharmed.
 */
export type Patience = 'bounded' | 'until-back';

/**
 * `load()`, tried again once the server answers. A load that fails while the server answers is code
 * that is gone (an upgrade): the page reloads once into the new build, and the promise never settles,
 * so nothing shows an error on its way out. Otherwise it rejects with a ChunkLoadError: `bounded`, after
 * a second try, `until-back` only when the code is gone and the page was reloaded for it already.
 */
export async function loadChunk<T>(load: () => Promise<T>, patience: Patience): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let failure: unknown;
    try {
      return await load();
    } catch (error) {
      failure = error;
    }
    // The first failure may have been a moment without the network; a second one with the server up is not.
    if (attempt > 1 && (await serverReachable())) {
      if (reloadOncePerBuild()) return new Promise<T>(() => undefined);
      throw new ChunkLoadError(false, failure);
    }
    const bounded = patience === 'bounded';
    if ((bounded && attempt > 1) || !(await waitForServer(bounded ? SCREEN_PATIENCE_MS : Infinity))) {
      throw new ChunkLoadError(true, failure);
    }
  }
}
