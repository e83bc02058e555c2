/**
 * The mirror schedule. "Due" comes from the stored next-due timestamps, so a host that wakes from sleep
 * (or starts again) syncs each overdue mirror once, not once per missed interval. One sync per mirror at
 * a time: a request for a mirror already syncing runs it once more afterwards; a scheduled tick skips it.
 */
import type { AppContext } from '../context.ts';
import * as mirrorStore from '../../store/mirrors.ts';
import * as pushStore from '../../store/push-mirrors.ts';
import * as repoStore from '../../store/repos.ts';
import { syncPullMirror, type MirrorHost } from './pull-sync.ts';
import { syncPushMirror } from './push-mirrors.ts';
import { minInterval } from './timing.ts';

/** How often the schedule is read: often enough for MIN_INTERVAL, at most once a minute. */
function tickMs(app: AppContext): number {
  return Math.min(60_000, Math.max(100, Math.floor(minInterval(app) / 4)));
}

export class MirrorScheduler {
  private readonly h: MirrorHost;
  /** Syncs waiting for the one running on their mirror (at most one each: later requests fold into it). */
  private readonly waiting = new Set<string>();
  private readonly work = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private stopped = false;

  constructor(h: MirrorHost) {
    this.h = h;
  }

  /** Starts the periodic check, with one check right away (mirrors overdue since the last run sync now). */
  start(): void {
    this.timer = setInterval(() => void this.tick(), tickMs(this.h.app));
    this.timer.unref();
    void this.tick();
  }

  /** Queues a sync of the pull mirror with this record id. */
  requestPull(mirrorId: number): void {
    this.request(`pull:${mirrorId}`, true);
  }

  /** Queues a push to the push mirror with this record id. */
  requestPush(pushMirrorId: number): void {
    this.request(`push:${pushMirrorId}`, true);
  }

  /** Stops the schedule and waits for the syncs being recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    while (this.work.size) await Promise.allSettled([...this.work]);
  }

  /** Reads the schedule once and starts every due sync not already running. */
  async tick(): Promise<void> {
    if (this.ticking || this.stopped || !this.h.app.settings.bool('mirror.ENABLED')) return;
    this.ticking = true;
    try {
      const now = Date.now();
      const store = this.h.app.store;
      for (const m of await mirrorStore.list(store, (r) => r.next_update !== 0 && r.next_update <= now)) this.request(`pull:${m.id}`, false);
      const archived = new Set((await repoStore.list(store, (r) => r.is_archived)).map((r) => r.id));
      const pushes = await pushStore.list(store, (p) => p.interval_ms > 0 && p.next_update <= now && !archived.has(p.repo_id));
      for (const p of pushes) this.request(`push:${p.id}`, false);
    } catch (err) {
      this.h.app.log.error('mirror schedule failed', { err: String(err) });
    } finally {
      this.ticking = false;
    }
  }

  /**
   * One sync per mirror at a time, on the host's keyed mutex: a scheduled tick skips a mirror that is syncing;
   * an explicit request waits and runs once after it (several requests meanwhile make one more run).
   */
  private request(key: string, explicit: boolean): void {
    if (this.stopped) return;
    const lock = `mirror:${key}`;
    if (this.h.app.locks.isLocked(lock)) {
      if (!explicit || this.waiting.has(key)) return;
      this.waiting.add(key);
    }
    const [kind, id] = key.split(':') as ['pull' | 'push', string];
    const p: Promise<void> = this.h.app.locks.run(lock, async () => {
      this.waiting.delete(key);
      if (this.stopped) return;
      await (kind === 'pull' ? syncPullMirror(this.h, Number(id)) : syncPushMirror(this.h, Number(id)));
    })
      .catch((err: unknown) => this.h.app.log.error('mirror sync failed', { key, err: String(err) }))
      .finally(() => { this.work.delete(p); });
    this.work.add(p);
  }
}
