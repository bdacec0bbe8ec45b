const reportEveryMs = 2_000;

/** Logs rows written and the rate, every couple of seconds and once at the end. */
export class Progress {
  private done = 0;
  private readonly startedAt = performance.now();
  private lastReportAt = this.startedAt;

  constructor(
    private readonly label: string,
    private readonly total: number,
  ) {}

  tick(): void {
    this.done++;
    if ((this.done & 1023) !== 0) return;
    const now = performance.now();
    if (now - this.lastReportAt < reportEveryMs) return;
    this.lastReportAt = now;
    this.log(now, '…');
  }

  /** Logs the final line and returns the elapsed seconds. */
  finish(): number {
    const now = performance.now();
    this.log(now, 'done');
    return (now - this.startedAt) / 1000;
  }

  private log(now: number, state: string) {
    const seconds = (now - this.startedAt) / 1000;
    const rate = Math.round(this.done / Math.max(seconds, 0.001));
    console.log(
      `  ${this.label.padEnd(15)} ${this.done.toLocaleString('en-US').padStart(11)} / ${this.total.toLocaleString('en-US')}` +
        `  ${rate.toLocaleString('en-US')} rows/s  ${seconds.toFixed(1)} s ${state}`,
    );
  }
}
