/** Seeded pseudo-random numbers (mulberry32): the same seed gives the same data set shape. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }

  /** A random permutation of 0..n-1 (Fisher–Yates). */
  permutation(n: number): Int32Array {
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    for (let i = n - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const swap = order[i]!;
      order[i] = order[j]!;
      order[j] = swap;
    }
    return order;
  }
}

/**
 * Draws indexes 0..n-1 with Zipf-like weights: the item of popularity rank r has weight 1/(r+1)^exponent.
 * `rankOf[i]` says which rank item i has (identity when absent: item 0 is the most popular).
 */
export class ZipfSampler {
  private readonly cumulative: Float64Array;
  private readonly itemAtRank: Int32Array;

  constructor(
    n: number,
    exponent: number,
    private readonly random: Random,
    itemAtRank?: Int32Array,
  ) {
    this.cumulative = new Float64Array(n);
    let total = 0;
    for (let rank = 0; rank < n; rank++) {
      total += 1 / Math.pow(rank + 1, exponent);
      this.cumulative[rank] = total;
    }
    this.itemAtRank = itemAtRank ?? Int32Array.from({ length: n }, (_, i) => i);
  }

  draw(): number {
    const target = this.random.next() * this.cumulative[this.cumulative.length - 1]!;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return this.itemAtRank[low]!;
  }
}
