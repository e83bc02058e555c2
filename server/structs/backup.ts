/** Wire shapes of the backup endpoints (`/api/homeforge/admin/backups`); Gitea has no such API. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';

export const BackupProgress = z.strictObject({
  phase: z.enum(['snapshot', 'copy', 'verify', 'extract', 'done']),
  done_bytes: int,
  total_bytes: int,
  current: z.string(),
}).meta({ id: 'BackupProgress' });

export const RunningBackup = z.strictObject({
  id: z.string(),
  trigger: z.enum(['manual', 'schedule', 'cli']),
  started: dateTime,
  progress: BackupProgress,
}).meta({ id: 'RunningBackup' });
export type RunningBackup = z.infer<typeof RunningBackup>;

export const BackupRun = z.strictObject({
  id: z.string(),
  trigger: z.enum(['manual', 'schedule', 'cli']),
  started: dateTime,
  finished: dateTime,
  ok: z.boolean(),
  error: z.string(),
  file: z.string(),
  size: int,
  duration_ms: int,
  point_ms: int,
}).meta({ id: 'BackupRun' });

export const BackupArchive = z.strictObject({ name: z.string(), size: int, created: dateTime }).meta({ id: 'BackupArchive' });

/** `GET /admin/backups`: the backup running now, the last result, the schedule and the archives of the folder. */
export const BackupOverview = z.strictObject({
  running: RunningBackup.nullable(),
  last: BackupRun.nullable(),
  folder: z.string(),
  schedule: z.strictObject({ enabled: z.boolean(), interval: z.string(), keep: int, next_run: dateTime.nullable() }),
  archives: z.array(BackupArchive),
}).meta({ id: 'BackupOverview' });
export type BackupOverview = z.infer<typeof BackupOverview>;

/** `POST /admin/backups`: secrets (the secret key and the full app.ini) are included only sealed with a passphrase. */
export const CreateBackupOption = z.strictObject({
  include_secrets: z.boolean().optional(),
  passphrase: z.string().min(8).max(1024).optional(),
}).meta({ id: 'CreateBackupOption' });
