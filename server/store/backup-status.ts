/** The result of the last backup (and the last scheduled one), kept across restarts for the dashboard. */
import type { Store } from './index.ts';

export interface BackupRunRecord {
  id: string;
  trigger: 'manual' | 'schedule' | 'cli';
  started: string;
  finished: string;
  ok: boolean;
  /** Why it failed ('' when it did not). */
  error: string;
  /** The archive's file name in the backup folder ('' when it failed). */
  file: string;
  size: number;
  duration_ms: number;
  /** How long ref writers and the store were held at the snapshot point (ms). */
  point_ms: number;
}

interface StatusDoc { last: BackupRunRecord | null; last_scheduled: string }

const doc = (store: Store) => store.engine.doc<StatusDoc>('backup_status', () => ({ last: null, last_scheduled: '' }));

/** The last run and the start time of the last scheduled one. */
export async function get(store: Store): Promise<{ last: BackupRunRecord | null; lastScheduled: string }> {
  const d = await doc(store);
  return { last: d.data.last ? { ...d.data.last } : null, lastScheduled: d.data.last_scheduled };
}

/** Records a finished run (and, for a scheduled one, when the schedule last fired). */
export async function record(store: Store, run: BackupRunRecord): Promise<void> {
  const d = await doc(store);
  d.data.last = { ...run };
  if (run.trigger === 'schedule') d.data.last_scheduled = run.started;
  await d.save();
}
