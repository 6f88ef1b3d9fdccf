/** mulberry32: a small, fast, fixed-seed PRNG. The seed never uses Math.random, so every run builds the same data. */
export interface Rng {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** picks by weight: [[value, weight], ...] */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** hex string of n characters */
  hex(n: number): string;
}

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (items) => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [value, w] of items) {
        r -= w;
        if (r < 0) return value;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    hex: (n) => {
      let s = '';
      while (s.length < n) s += Math.floor(next() * 0x10000).toString(16).padStart(4, '0');
      return s.slice(0, n);
    },
  };
  return rng;
}

/** Picks an index with probability proportional to weight, from a cumulative-weight array (binary search). */
export function cumulativePicker(weights: readonly number[]): (rng: Rng) => number {
  const cumulative = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    cumulative[i] = sum;
  });
  return (rng) => {
    const r = rng.next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) > r) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}
