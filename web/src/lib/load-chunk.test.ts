import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk, SCREEN_PATIENCE_MS } from './load-chunk';
import { fakeApi } from './test/fake-api';

/** The server's health as the test sets it; `checks` counts the questions. */
let serverUp = true;
let checks = 0;
let reloads = 0;

beforeEach(() => {
  serverUp = true;
  checks = 0;
  reloads = 0;
  sessionStorage.clear();
  document.head.innerHTML = '<script type="module" src="/assets/index-AAAAAAAA.js"></script>';
  fakeApi({
    'GET /health': () => {
      checks += 1;
      if (!serverUp) throw new TypeError('Failed to fetch');
      return { body: { ok: true } };
    },
  });
  vi.stubGlobal('location', { ...window.location, reload: () => (reloads += 1) });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** An import that fails `failures` times, then loads. */
function flakyImport(failures: number) {
  let calls = 0;
  const load = async () => {
    calls += 1;
    if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module');
    return { default: 'the module' };
  };
  return { load, calls: () => calls };
}

describe('loadChunk', () => {
  it('loads at once when it can, asking the server nothing', async () => {
    const chunk = flakyImport(0);
    await expect(loadChunk(chunk.load, 'bounded')).resolves.toEqual({ default: 'the module' });
    expect(checks).toBe(0);
  });

  it('tries again once the server answers: a moment without the network is not an error', async () => {
    const chunk = flakyImport(1);
    await expect(loadChunk(chunk.load, 'bounded')).resolves.toEqual({ default: 'the module' });
    expect(chunk.calls()).toBe(2);
    expect(reloads).toBe(0);
  });

  it('reloads once for code gone while the server answers (an upgrade), then says so', async () => {
    const gone = flakyImport(Infinity);
    const pending = loadChunk(gone.load, 'bounded');
    await vi.waitFor(() => expect(reloads).toBe(1));
    let settled = false;
    void pending.finally(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);

    // The reloaded page is the same build: the code is still missing, so no second reload.
    const again = await loadChunk(gone.load, 'until-back').catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ChunkLoadError);
    expect((again as ChunkLoadError).offline).toBe(false);
    expect(reloads).toBe(1);

    // A new build may reload once more.
    document.head.innerHTML = '<script type="module" src="/assets/index-BBBBBBBB.js"></script>';
    void loadChunk(gone.load, 'bounded');
    await vi.waitFor(() => expect(reloads).toBe(2));
  });

  it('a screen waits a short while for the server, then says it is unreachable', async () => {
    vi.useFakeTimers();
    serverUp = false;
    const chunk = flakyImport(Infinity);
    const result = loadChunk(chunk.load, 'bounded').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(SCREEN_PATIENCE_MS);
    const error = await result;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).offline).toBe(true);
    expect(chunk.calls()).toBe(1);
    expect(checks).toBeGreaterThan(1);
    expect(reloads).toBe(0);
  });

  it('a part waits for the server however long, and asks again at once when the browser is back online', async () => {
    vi.useFakeTimers();
    serverUp = false;
    const chunk = flakyImport(1);
    const result = loadChunk(chunk.load, 'until-back');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(chunk.calls()).toBe(1);
    const before = checks;

    serverUp = true;
    window.dispatchEvent(new Event('online'));
    await expect(result).resolves.toEqual({ default: 'the module' });
    expect(checks).toBe(before + 1);
    expect(chunk.calls()).toBe(2);
  });
});
