/** Backups and restores of a whole data dir (see snapshot.ts for the consistency, archive-*.ts for the format). */
import type { AppContext } from '../context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { backupOverview, startBackup, type RunningBackup } from './jobs.ts';
import { nextScheduledRun } from './scheduler.ts';

export { BackupScheduler } from './scheduler.ts';
export { archivePath } from './jobs.ts';

/** The backup page's state: running backup and progress, last result, schedule, archives. */
export async function getBackupOverview(app: AppContext) {
  return backupOverview(app, app.backups, await nextScheduledRun(app));
}

/** Starts a backup into the backup folder for an administrator; secrets only sealed with a passphrase. */
export function requestBackup(app: AppContext, o: { include_secrets?: boolean | undefined; passphrase?: string | undefined }): RunningBackup {
  if (o.include_secrets && !o.passphrase) throw new ValidationError('include_secrets needs a passphrase');
  return startBackup(app, app.backups, { trigger: 'manual', passphrase: o.include_secrets ? o.passphrase : undefined });
}
