/**
 * Cron schedules in Gitea's forms: five- or six-field cron expressions and the `@daily` family (through croner),
 * `@midnight`, and `@every <Go duration>` (`@every 72h`). Times are the machine's local time, as Gitea's.
 */
import { Cron } from 'croner';
import { parseDuration } from '../../lib/duration.ts';

/** A schedule that can say when it next fires after a given moment. */
export interface Schedule {
  readonly spec: string;
  /** Epoch milliseconds of the first firing strictly after `after`. */
  nextAfter(after: number): number;
}

/** Why a schedule was refused. */
export class ScheduleError extends Error {}

const ALIASES: Record<string, string> = { '@midnight': '@daily', '@annually': '@yearly' };

/** Parses a schedule; throws ScheduleError naming the spec when it is not one. */
export function parseSchedule(spec: string): Schedule {
  const text = spec.trim();
  const every = /^@every\s+(\S+)$/i.exec(text);
  if (every) {
    const ms = parseDuration(every[1]!);
    if (ms === null || ms < 1000) throw new ScheduleError(`invalid schedule "${spec}": @every needs a duration of at least 1s`);
    // Gitea's @every counts from when the schedule started; here from the previous run (stored), so it survives restarts.
    return { spec: text, nextAfter: (after) => after + ms };
  }
  let cron: Cron;
  try {
    cron = new Cron(ALIASES[text.toLowerCase()] ?? text, { paused: true });
  } catch (err) {
    throw new ScheduleError(`invalid schedule "${spec}": ${err instanceof Error ? err.message : String(err)}`);
  }
  return {
    spec: text,
    nextAfter: (after) => cron.nextRun(new Date(after))?.getTime() ?? Number.MAX_SAFE_INTEGER,
  };
}
