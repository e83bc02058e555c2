/** A <time> showing "3 minutes ago" with the full local time as its title. */
import { ago } from '../time.ts';

/** Renders `iso` as a relative time; nothing when it is empty. */
export function When({ iso }: { iso: string | null | undefined }) {
  if (!iso) return null;
  return <time dateTime={iso} title={new Date(iso).toLocaleString()}>{ago(iso)}</time>;
}
