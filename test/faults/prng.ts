/** A seeded pseudo-random generator (mulberry32), so a failing fault run can be repeated with its printed seed. */

export interface Rng {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(xs: readonly T[]): T;
}

/** The seed from `FAULTS_SEED`, or a fresh one. */
export function seedFromEnv(): number {
  const s = Number.parseInt(process.env.FAULTS_SEED ?? '', 10);
  return Number.isFinite(s) ? s >>> 0 : (Date.now() ^ (process.pid << 16)) >>> 0;
}

/** A generator for `seed`. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    seed,
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (xs) => xs[Math.floor(next() * xs.length)]!,
  };
}
