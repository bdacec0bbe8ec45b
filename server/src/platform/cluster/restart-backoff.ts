/**
 * How long to wait before starting a worker again. A worker that dies soon after starting is likely to
 * die again the same way (a bad disk, a full database, a bug on start-up): each such death doubles the
 * wait, up to `maxMs`, so a crash loop costs little CPU and few log lines. A worker that ran for
 * `stableAfterMs` before dying resets the wait.
 */
export class RestartBackoff {
  private quickDeaths = 0;

  constructor(
    private readonly options: { firstMs: number; maxMs: number; stableAfterMs: number } = {
      firstMs: 250,
      maxMs: 30_000,
      stableAfterMs: 30_000,
    },
  ) {}

  /** The wait before replacing a worker that ran for `livedMs`. */
  delayAfter(livedMs: number): number {
    const { firstMs, maxMs, stableAfterMs } = this.options;
    this.quickDeaths = livedMs >= stableAfterMs ? 0 : this.quickDeaths + 1;
    return Math.min(maxMs, firstMs * 2 ** Math.max(0, this.quickDeaths - 1));
  }
}
