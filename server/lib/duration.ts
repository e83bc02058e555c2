/** Go-style durations ("8h", "30m", "1h30m", "1.5h", "0") as used by Gitea's settings and mirror intervals. */
const UNIT_MS: Record<string, number> = {
  ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000,
};

/** Parses a Go duration into milliseconds; returns null when the text is not one. */
export function parseDuration(text: string): number | null {
  const s = text.trim();
  if (s === '0') return 0;
  if (!/^([0-9]*\.?[0-9]+(ns|us|µs|ms|s|m|h))+$/.test(s)) return null;
  let total = 0;
  for (const m of s.matchAll(/([0-9]*\.?[0-9]+)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(m[1]) * (UNIT_MS[m[2] ?? ''] ?? 0);
  }
  return Number.isFinite(total) ? Math.round(total) : null;
}

/** Formats milliseconds the way Go prints a time.Duration ("8h0m0s", "10m0s", "0s"). */
export function formatDuration(ms: number): string {
  if (ms <= 0) return '0s';
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = (ms % 60_000) / 1000;
  if (h > 0) return `${h}h${m}m${s}s`;
  if (m > 0) return `${m}m${s}s`;
  return `${s}s`;
}
