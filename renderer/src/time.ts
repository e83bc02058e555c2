/** Dates in words for lists: "3 minutes ago", with the full time as a tooltip. */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [['year', 31536000], ['month', 2592000], ['day', 86400], ['hour', 3600], ['minute', 60], ['second', 1]];

/** "3 minutes ago", in the browser's language. */
export function ago(iso: string): string {
  const seconds = (Date.parse(iso) - Date.now()) / 1000;
  if (!Number.isFinite(seconds)) return '';
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const [unit, size] = UNITS.find(([, n]) => Math.abs(seconds) >= n) ?? ['second', 1];
  return rtf.format(Math.round(seconds / size), unit);
}
