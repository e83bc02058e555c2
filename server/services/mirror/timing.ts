/** Mirror intervals (Go durations, `[mirror] MIN_INTERVAL`) and the retry delay after failures. */
import type { AppContext } from '../context.ts';
import { parseDuration, formatDuration } from '../../lib/duration.ts';

const MAX_GO_DURATION_MS = 9_223_372_036_854;

/** Gitea's floor under `[mirror] MIN_INTERVAL`: a smaller value is raised to one minute, with a warning. */
export const MIN_INTERVAL_FLOOR_MS = 60_000;

const EIGHT_HOURS = 8 * 3_600_000;

/** The host's floor under MIN_INTERVAL: Gitea's minute unless the host was started with another (tests). */
export const intervalFloor = (app: AppContext): number => app.mirrorIntervalFloor ?? MIN_INTERVAL_FLOOR_MS;

/** `[mirror] MIN_INTERVAL` as Gitea applies it: raised to one minute when set lower. */
export function minInterval(app: AppContext): number {
  return Math.max(app.settings.duration('mirror.MIN_INTERVAL'), intervalFloor(app));
}

/** Logs Gitea's warnings when MIN_INTERVAL is below the floor or DEFAULT_INTERVAL below MIN_INTERVAL (called at start). */
export function warnLowMirrorInterval(app: AppContext): void {
  if (app.settings.duration('mirror.MIN_INTERVAL') < intervalFloor(app)) {
    app.log.warn(`Mirror.MinInterval is too low, set to ${formatDuration(intervalFloor(app))}`);
  }
  if (app.settings.duration('mirror.DEFAULT_INTERVAL') < minInterval(app)) {
    app.log.warn(`Mirror.DefaultInterval is less than Mirror.MinInterval, set to ${formatDuration(defaultInterval(app))}`);
  }
}

/** Why an interval was refused; the caller picks the status (422 for pull mirrors, 400 for push mirrors, as Gitea). */
export class IntervalError extends Error {}

/** Parses a mirror interval; 0 turns periodic sync off; otherwise it must be at least `[mirror] MIN_INTERVAL`. */
export function parseInterval(app: AppContext, text: string): number {
  const ms = parseDuration(text);
  // Go's time.Duration holds at most 2^63 ns (about 292 years); longer is "invalid duration" there too.
  if (ms === null || ms < 0 || ms > MAX_GO_DURATION_MS) throw new IntervalError(`time: invalid duration "${text}"`);
  const min = minInterval(app);
  if (ms !== 0 && ms < min) {
    throw new IntervalError(`invalid mirror interval: ${text} (${formatDuration(ms)}) is below minimum interval: ${formatDuration(min)}`);
  }
  return ms;
}

/**
 * The interval a new pull mirror gets when none is given: `[mirror] DEFAULT_INTERVAL`; when that is below
 * MIN_INTERVAL, Gitea uses 8h, or MIN_INTERVAL itself when that is longer than 8h.
 */
export function defaultInterval(app: AppContext): number {
  const min = minInterval(app);
  const configured = app.settings.duration('mirror.DEFAULT_INTERVAL');
  if (configured >= min) return configured;
  return min > EIGHT_HOURS ? min : EIGHT_HOURS;
}

const DAY = 24 * 3_600_000;

/**
 * How long to wait after `failures` failures in a row: MIN_INTERVAL, doubling with each further failure,
 * capped at a day (or the interval, when longer). A failing upstream is retried, never hammered.
 */
export function retryDelay(app: AppContext, failures: number, intervalMs: number): number {
  const base = Math.max(minInterval(app), 1000);
  const cap = Math.max(DAY, intervalMs);
  return Math.min(base * 2 ** Math.min(Math.max(failures - 1, 0), 30), cap);
}

/** When the next scheduled run is due after a run that ended `now`: 0 (never) when periodic runs are off. */
export function nextDue(app: AppContext, now: number, intervalMs: number, failures: number): number {
  if (intervalMs === 0) return 0;
  return now + (failures > 0 ? retryDelay(app, failures, intervalMs) : intervalMs);
}
