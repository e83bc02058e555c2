/**
 * The housekeeping runtime of a host: light maintenance after pushes (once the repository is quiet), the cron
 * tasks on their schedules (sleep-aware: due times are stored), health checks when git reports damage. Work
 * runs as low-priority git child processes, at most `[housekeeping] MAX_CONCURRENT` repositories at once;
 * requests never wait for it, so it never slows a push, fetch or clone.
 */
import type { AppContext } from '../context.ts';
import * as hkStore from '../../store/housekeeping.ts';
import * as repoStore from '../../store/repos.ts';
import { CRON_TASKS, runAtStart, runTaskBody, scheduleOf, taskEnabled, type CronTaskName } from './tasks.ts';
import { checkRepository, maintainRepository } from './repo-upkeep.ts';

const TICK_MS = 30_000;
/** Upkeep after pushes waits at most this many DEBOUNCE periods for a repository that keeps being written. */
const MAX_WAIT_PERIODS = 10;

/** A repository's upkeep waiting for it to be quiet: the first and the latest ref move since its last run. */
export interface PendingUpkeep {
  first: number;
  last: number;
}

/** When upkeep after pushes is due: `quiet` ms after the latest move, at the latest MAX_WAIT_PERIODS × `quiet` after the first. */
export function upkeepDue(p: PendingUpkeep, quiet: number): number {
  return Math.min(p.last + quiet, p.first + quiet * MAX_WAIT_PERIODS);
}

export class Housekeeper {
  private readonly app: AppContext;
  private readonly upkeepTimers = new Map<number, NodeJS.Timeout>();
  private readonly pending = new Map<number, PendingUpkeep>();
  private readonly running = new Set<string>();
  private readonly work = new Set<Promise<unknown>>();
  private readonly waiting: (() => void)[] = [];
  private slotsUsed = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly abort = new AbortController();

  constructor(app: AppContext) {
    this.app = app;
  }

  /** Starts the schedule: tasks with RUN_AT_START run now, overdue ones (the host was off or asleep) once. */
  async start(): Promise<void> {
    for (const task of CRON_TASKS) {
      if (!taskEnabled(this.app, task)) continue;
      const rec = await hkStore.getCron(this.app.store, task);
      if (runAtStart(this.app, task)) this.runTask(task);
      else if (!rec || !rec.next_due) await this.scheduleNext(task, Date.now());
    }
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
    void this.tick();
  }

  /** Stops timers and waits for the git runs under way (each is killed by its own timeout at worst). */
  async stop(): Promise<void> {
    this.abort.abort();
    if (this.timer) clearInterval(this.timer);
    for (const t of this.upkeepTimers.values()) clearTimeout(t);
    this.upkeepTimers.clear();
    this.pending.clear();
    for (const w of this.waiting.splice(0)) w();
    while (this.work.size) await Promise.allSettled([...this.work]);
  }

  /**
   * After refs moved: light maintenance of the repository once it has had no ref move for `[housekeeping] DEBOUNCE`,
   * or at the latest MAX_WAIT_PERIODS of it after the first move. A repack deletes loose objects from the folders
   * that a burst of API writes is creating objects in, and file creation there then stalls the host's main thread
   * (measured: open() 44-64 % of it during 32-client tag and contents bursts), so upkeep keeps out of bursts.
   */
  afterPush(repoId: number): void {
    if (this.abort.signal.aborted || !this.app.settings.bool('housekeeping.AFTER_PUSH')) return;
    const now = Date.now();
    const waiting = this.pending.get(repoId);
    if (waiting) {
      waiting.last = now; // the timer sees it when it fires (a burst costs no timer per write)
      return;
    }
    this.pending.set(repoId, { first: now, last: now });
    this.armUpkeep(repoId, this.app.settings.duration('housekeeping.DEBOUNCE'));
  }

  private armUpkeep(repoId: number, delay: number): void {
    const t = setTimeout(() => {
      this.upkeepTimers.delete(repoId);
      const waiting = this.pending.get(repoId);
      if (!waiting || this.abort.signal.aborted) return;
      const due = upkeepDue(waiting, this.app.settings.duration('housekeeping.DEBOUNCE'));
      if (due > Date.now()) {
        this.armUpkeep(repoId, due - Date.now());
        return;
      }
      this.pending.delete(repoId);
      this.track(this.slot(async () => {
        const repo = await repoStore.getById(this.app.store, repoId);
        if (repo && !this.abort.signal.aborted) await maintainRepository(this.app, repo, 'light', this.abort.signal);
      }));
    }, delay);
    t.unref();
    this.upkeepTimers.set(repoId, t);
  }

  /** Git said something that looks like damage while serving `repoId`: check it (once at a time). */
  suspectDamage(repoId: number): void {
    if (this.abort.signal.aborted || this.running.has(`check:${repoId}`)) return;
    this.running.add(`check:${repoId}`);
    this.track(this.slot(async () => {
      const repo = await repoStore.getById(this.app.store, repoId);
      if (repo && !this.abort.signal.aborted) await checkRepository(this.app, repo, this.abort.signal);
    }).finally(() => this.running.delete(`check:${repoId}`)));
  }

  /** Runs a cron task now (the admin's POST /admin/cron/{task}, a due schedule); a task already running is left to finish. */
  runTask(task: CronTaskName): void {
    if (this.abort.signal.aborted || this.running.has(task)) return;
    this.running.add(task);
    const started = Date.now();
    const p = (async () => {
      await hkStore.updateCron(this.app.store, task, (r) => { r.prev = new Date(started).toISOString(); r.exec_times += 1; });
      await this.scheduleNext(task, started);
      await runTaskBody(this.app, task, this.abort.signal, (fn) => this.slot(fn));
    })().finally(() => this.running.delete(task));
    this.track(p);
  }

  /** Reads the schedule once and starts each enabled task that is due. */
  async tick(): Promise<void> {
    if (this.abort.signal.aborted) return;
    const now = Date.now();
    for (const task of CRON_TASKS) {
      if (!taskEnabled(this.app, task) || this.running.has(task)) continue;
      const rec = await hkStore.getCron(this.app.store, task);
      if (rec && rec.next_due && rec.next_due <= now) this.runTask(task);
    }
  }

  private async scheduleNext(task: CronTaskName, after: number): Promise<void> {
    const s = scheduleOf(this.app, task);
    await hkStore.updateCron(this.app.store, task, (r) => { r.next_due = s ? s.nextAfter(after) : 0; });
  }

  /** Runs `fn` when one of the MAX_CONCURRENT upkeep slots is free. */
  private async slot<T>(fn: () => Promise<T>): Promise<T | undefined> {
    while (this.slotsUsed >= this.app.settings.int('housekeeping.MAX_CONCURRENT')) {
      if (this.abort.signal.aborted) return undefined;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.slotsUsed += 1;
    try {
      return await fn();
    } finally {
      this.slotsUsed -= 1;
      this.waiting.shift()?.();
    }
  }

  private track(p: Promise<unknown>): void {
    const q = p.catch((err: unknown) => this.abort.signal.aborted || this.app.log.error('housekeeping failed', { err: err instanceof Error ? err.stack : String(err) }))
      .finally(() => this.work.delete(q));
    this.work.add(q);
  }
}
