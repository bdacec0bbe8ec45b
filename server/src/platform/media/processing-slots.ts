/**
 * At most `size` images are processed at once; the others wait their turn in order. Decoding a photo
 * takes a core for a fraction of a second: a burst of uploads then waits rather than starving every
 * other request of the process.
 */
export class ProcessingSlots {
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.busy++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.busy--;
    }
  }
}
