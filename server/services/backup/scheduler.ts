/**
 * Scheduled backups (`[backup] ENABLED`, `INTERVAL`, `FOLDER`, `KEEP`), beside the mirror schedule. "Due" comes
 * from the stored start of the last scheduled backup, so a host that wakes from sleep (or starts again) runs one
 * overdue backup, not one per missed interval. A failed run is recorded with its reason like any other.
 */
import type { AppContext } from '../context.ts';
import * as statusStore from '../../store/backup-status.ts';
import { startBackup } from './jobs.ts';

/** When the next scheduled backup is due (ms since the epoch), or null when the schedule is off. */
export async function nextScheduledRun(app: AppContext): Promise<number | null> {
  if (!app.settings.bool('backup.ENABLED')) return null;
  const { lastScheduled } = await statusStore.get(app.store);
  const last = lastScheduled ? Date.parse(lastScheduled) : 0;
  return last + app.settings.duration('backup.INTERVAL');
}

export class BackupScheduler {
  private readonly app: AppContext;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(app: AppContext) {
    this.app = app;
  }

  /** Checks once a minute (and right away) whether a backup is due. */
  start(): void {
    this.timer = setInterval(() => void this.tick(), 60_000);
    this.timer.unref();
    void this.tick();
  }

  /** Starts a backup when one is due and none runs. */
  async tick(): Promise<void> {
    if (this.stopped || this.app.backups.running) return;
    try {
      const due = await nextScheduledRun(this.app);
      if (due === null || due > Date.now()) return;
      startBackup(this.app, this.app.backups, { trigger: 'schedule' });
    } catch (err) {
      this.app.log.error('backup schedule failed', { err: String(err) });
    }
  }

  /** Stops the schedule and waits for a running backup to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.app.backups.done?.catch(() => undefined);
  }
}
