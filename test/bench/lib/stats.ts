/** Small statistics and timing helpers shared by the benchmark modules. */
import { performance } from 'node:perf_hooks';

/** The median of the values (the upper middle one for an even count). */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** The median of the per-round ratios a[i] / b[i], where the two sides of each round ran back to back. */
export const pairedRatio = (a: number[], b: number[]): number => median(a.map((x, i) => x / b[i]!));

/** The value below which `p` percent of the values fall (nearest rank). */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** Runs `fn` and returns how long it took in milliseconds. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** Rounds for display: 3 significant digits below 100, whole numbers above. */
export function fmt(n: number, digits = 3): string {
  if (!Number.isFinite(n)) return '–';
  return Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-US') : Number(n.toPrecision(digits)).toString();
}

/** A ratio formatted as `1.23×`. */
export const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;

/** Mebibytes from bytes, for display. */
export const mb = (bytes: number): number => bytes / 1024 / 1024;
