/** mulberry32: a small, fast, seeded PRNG, so demo and large data sets come out the same every run. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** A whole number from 0 to n - 1. */
  const below = (n: number): number => Math.floor(next() * n);
  return {
    next,
    below,
    /** A whole number from min to max, both included. */
    between: (min: number, max: number): number => min + below(max - min + 1),
    chance: (p: number): boolean => next() < p,
    pick<T>(items: readonly T[]): T {
      const item = items[below(items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}
export type SeededRandom = ReturnType<typeof seededRandom>;
