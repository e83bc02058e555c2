/**
 * Running backups: one at a time per host, with its progress readable while it runs, the result recorded in
 * the store (the dashboard's last result, a failure with its reason) and the folder trimmed to KEEP archives.
 */
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import * as statusStore from '../../store/backup-status.ts';
import type { BackupRunRecord } from '../../store/backup-status.ts';
import type { Progress } from './manifest.ts';
import { fixSnapshot } from './snapshot.ts';
import { writeArchive } from './archive-write.ts';
import { holdUpkeep } from '../housekeeping/index.ts';

/** Names of the archives Homeforge writes into the backup folder. */
export const ARCHIVE_NAME = /^homeforge-backup-\d{8}T\d{6}Z(-[0-9a-f]+)?\.tar\.gz$/;

export interface RunningBackup {
  id: string;
  trigger: BackupRunRecord['trigger'];
  started: string;
  progress: Progress;
}

/** The backup state of one host (held by its AppContext). */
export class BackupJobs {
  running: RunningBackup | null = null;
  done: Promise<BackupRunRecord> | null = null;
}

export interface BackupRequest {
  trigger: BackupRunRecord['trigger'];
  /** Seal app.ini and the secret key with it; secrets are left out without it. */
  passphrase?: string;
  /** Write here instead of the backup folder (the command line's --out). */
  out?: string;
  onProgress?: (p: Progress) => void;
}

/** The folder scheduled and UI backups go to: `[backup] FOLDER`, or `<data>/backups`. */
export function backupFolder(app: AppContext): string {
  const set = app.settings.string('backup.FOLDER');
  return set ? path.resolve(app.dataDir, set) : path.join(app.dataDir, 'backups');
}

function archiveName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
  return `homeforge-backup-${stamp}-${randomBytes(2).toString('hex')}.tar.gz`;
}

/** The archives in the backup folder, newest first. */
export async function listArchives(app: AppContext): Promise<{ name: string; size: number; created: string }[]> {
  const dir = backupFolder(app);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => ARCHIVE_NAME.test(n));
  const out = [];
  for (const name of names) {
    const s = await stat(path.join(dir, name)).catch(() => null);
    if (s?.isFile()) out.push({ name, size: s.size, created: s.mtime.toISOString() });
  }
  return out.sort((a, b) => b.name.localeCompare(a.name));
}

/** The path of one archive of the folder; a name not written by Homeforge is not found. */
export async function archivePath(app: AppContext, name: string): Promise<string> {
  if (!ARCHIVE_NAME.test(name)) throw new NotFoundError('backup not found');
  const file = path.join(backupFolder(app), name);
  if (!(await stat(file).catch(() => null))?.isFile()) throw new NotFoundError('backup not found');
  return file;
}

async function trim(app: AppContext): Promise<void> {
  const keep = app.settings.int('backup.KEEP');
  for (const old of (await listArchives(app)).slice(keep)) await rm(path.join(backupFolder(app), old.name), { force: true });
}

async function run(app: AppContext, jobs: BackupJobs, job: RunningBackup, req: BackupRequest): Promise<BackupRunRecord> {
  const t0 = Date.now();
  const stage = path.join(app.dataDir, 'run', `backup-${job.id}`);
  let pointMs = 0;
  let file = '';
  let size = 0;
  let error = '';
  const release = app.point.holdFiles();
  // No repack or prune while object files are listed and copied.
  const releaseUpkeep = await holdUpkeep(app);
  try {
    const out = req.out ? path.resolve(req.out) : path.join(backupFolder(app), archiveName(new Date(t0)));
    await mkdir(path.dirname(out), { recursive: true });
    const snap = await fixSnapshot(app, stage);
    pointMs = snap.fixed - snap.started;
    const onProgress = (p: Progress): void => { job.progress = p; req.onProgress?.(p); };
    await writeArchive(snap, out, { dataDir: app.dataDir, passphrase: req.passphrase, onProgress });
    file = req.out ? out : path.basename(out);
    size = (await stat(out)).size;
    if (!req.out) await trim(app);
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    app.log.error('backup failed', { error });
  } finally {
    releaseUpkeep();
    release();
    await rm(stage, { recursive: true, force: true }).catch(() => undefined);
    jobs.running = null;
  }
  const record: BackupRunRecord = {
    id: job.id, trigger: job.trigger, started: job.started, finished: new Date().toISOString(), ok: !error, error, file, size,
    duration_ms: Date.now() - t0, point_ms: pointMs,
  };
  await statusStore.record(app.store, record).catch((err: unknown) => app.log.error('recording the backup result failed', { err: String(err) }));
  return record;
}

/** Starts a backup; refuses while another one runs. Resolves once it is under way (see `jobs.done`). */
export function startBackup(app: AppContext, jobs: BackupJobs, req: BackupRequest): RunningBackup {
  if (jobs.running) throw new ConflictError('a backup is already running');
  const job: RunningBackup = {
    id: randomBytes(6).toString('hex'), trigger: req.trigger, started: new Date().toISOString(),
    progress: { phase: 'snapshot', done_bytes: 0, total_bytes: 0, current: '' },
  };
  jobs.running = job;
  jobs.done = run(app, jobs, job, req);
  return job;
}

/** The running backup (with progress), the last result, the schedule and the archives of the folder. */
export async function backupOverview(app: AppContext, jobs: BackupJobs, nextRun: number | null) {
  const { last } = await statusStore.get(app.store);
  return {
    running: jobs.running ? { ...jobs.running, progress: { ...jobs.running.progress } } : null,
    last,
    folder: backupFolder(app),
    schedule: {
      enabled: app.settings.bool('backup.ENABLED'), interval: app.settings.string('backup.INTERVAL'), keep: app.settings.int('backup.KEEP'),
      next_run: nextRun === null ? null : new Date(Math.max(nextRun, Date.now())).toISOString(),
    },
    archives: await listArchives(app),
  };
}
