/**
 * Schedule specs as Gitea reads them (robfig/cron with Minute|Hour|Dom|Month|Dow|Descriptor): five fields or a
 * descriptor (@yearly, @monthly, @weekly, @daily, @hourly, @every <duration>), UTC unless the spec starts with
 * `TZ=<zone>` or `CRON_TZ=<zone>`. Fields are matched by croner.
 */
import { Cron } from 'croner';
import { parseDuration } from '../../lib/duration.ts';

/** A parsed spec: the next time after a given one. */
export interface Schedule {
  next(after: Date): Date | null;
}

const DESCRIPTORS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

/** Parses a spec; null when Gitea's parser would refuse it (such specs are skipped silently, as Gitea does). */
export function parseSpec(spec: string): Schedule | null {
  let s = spec.trim();
  let timezone = 'UTC';
  const tz = /^(?:CRON_)?TZ=(\S+)\s+(.*)$/.exec(s);
  if (tz) {
    timezone = tz[1]!;
    s = tz[2]!.trim();
  }
  if (s.startsWith('@every ')) {
    const ms = parseDuration(s.slice(7).trim());
    if (!ms || ms <= 0) return null;
    return { next: (after) => new Date(after.getTime() + ms) };
  }
  if (s.startsWith('@') ? !DESCRIPTORS.has(s) : s.split(/\s+/).length !== 5) return null;
  try {
    const c = new Cron(s === '@midnight' ? '@daily' : s, { paused: true, timezone });
    return { next: (after) => c.nextRun(after) };
  } catch {
    return null;
  }
}
