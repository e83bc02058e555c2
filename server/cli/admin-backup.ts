/**
 * `npm run admin -- backup --out FILE [--include-secrets] [--data DIR]` and
 * `npm run admin -- restore --from FILE --data DIR`. The passphrase that seals (and opens) the secret key and
 * the full app.ini comes from HOMEFORGE_BACKUP_PASSPHRASE or --passphrase. When a host runs on the data dir,
 * `backup` asks it to take the backup (through its control file) and shows the progress it streams.
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { DataDirLockedError } from '../lib/data-lock.ts';
import { MANAGER_BACKUP_PATH, readControl, type Control } from '../lib/control-file.ts';
import type { BackupRunRecord } from '../store/backup-status.ts';
import { openForCli } from './context.ts';
import { startBackup } from '../services/backup/jobs.ts';
import { restoreArchive } from '../services/backup/archive-read.ts';
import type { Progress } from '../services/backup/manifest.ts';
import type { Command } from './commands.ts';

const mib = (n: number): string => (n / 1048576).toFixed(1);

/** A progress line on stderr, rewritten in place on a terminal. */
function progressLine(label: string): (p: Progress) => void {
  return (p) => {
    const pct = p.total_bytes ? Math.floor((100 * p.done_bytes) / p.total_bytes) : 0;
    const line = `${label}: ${p.phase} ${pct}% (${mib(p.done_bytes)} of ${mib(p.total_bytes)} MiB)`;
    process.stderr.write(process.stderr.isTTY ? `\r${line}\x1b[K` : `${line}\n`);
  };
}

function passphraseOf(given: string | undefined): string | undefined {
  return given ?? process.env.HOMEFORGE_BACKUP_PASSPHRASE ?? undefined;
}

async function backup(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { out: { type: 'string' }, data: { type: 'string', default: './data' }, 'include-secrets': { type: 'boolean', default: false }, passphrase: { type: 'string' } },
  });
  if (!values.out) throw new TypeError('backup needs --out FILE');
  const passphrase = passphraseOf(values.passphrase);
  if (values['include-secrets'] && !passphrase) throw new TypeError('--include-secrets needs a passphrase (HOMEFORGE_BACKUP_PASSPHRASE or --passphrase)');
  const sealWith = values['include-secrets'] ? passphrase : undefined;
  let opened;
  try {
    opened = await openForCli(values.data);
  } catch (err) {
    // A host runs on the data dir: it takes the backup itself, so its pushes and writes meet the snapshot point.
    const control = err instanceof DataDirLockedError ? readControl(path.resolve(values.data)) : null;
    if (!control) throw err;
    await backupThroughHost(control, path.resolve(values.out), sealWith);
    return;
  }
  const { app, close } = opened;
  try {
    startBackup(app, app.backups, { trigger: 'cli', out: values.out, passphrase: sealWith, onProgress: progressLine('backup') });
    const result = await app.backups.done;
    if (process.stderr.isTTY) process.stderr.write('\n');
    if (!result?.ok) throw new TypeError(`backup failed: ${result?.error ?? 'unknown'}`);
    process.stdout.write(`backup written to ${result.file} (${mib(result.size)} MiB, ${result.duration_ms} ms)\n`);
  } finally {
    await close();
  }
}

/** Asks the host running on the data dir for the backup, printing its progress lines as they come. */
async function backupThroughHost(control: Control, out: string, passphrase: string | undefined): Promise<void> {
  process.stderr.write(`a host is running on this data dir (pid ${control.pid}): it takes the backup\n`);
  const res = await fetch(`${control.url}${MANAGER_BACKUP_PATH}`, {
    method: 'POST', headers: { authorization: `Bearer ${control.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ out, passphrase }),
  });
  if (res.status !== 200 || !res.body) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new TypeError(`the running host refused the backup: ${body.message ?? res.statusText}`);
  }
  const show = progressLine('backup');
  let result: BackupRunRecord | undefined;
  let rest = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    rest += Buffer.from(chunk).toString('utf8');
    let nl;
    while ((nl = rest.indexOf('\n')) >= 0) {
      const msg = JSON.parse(rest.slice(0, nl)) as { progress?: Progress; result?: BackupRunRecord };
      rest = rest.slice(nl + 1);
      if (msg.progress) show(msg.progress);
      if (msg.result) result = msg.result;
    }
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  if (!result?.ok) throw new TypeError(`backup failed: ${result?.error ?? 'the host closed the connection'}`);
  process.stdout.write(`backup written to ${result.file} (${mib(result.size)} MiB, ${result.duration_ms} ms)\n`);
}

async function restore(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { from: { type: 'string' }, data: { type: 'string' }, passphrase: { type: 'string' } } });
  if (!values.from || !values.data) throw new TypeError('restore needs --from FILE and --data DIR (an empty or new folder)');
  try {
    const r = await restoreArchive(values.from, values.data, { passphrase: passphraseOf(values.passphrase), onProgress: progressLine('restore') });
    if (process.stderr.isTTY) process.stderr.write('\n');
    process.stdout.write(`restored ${r.manifest.totals.entries} entries (${r.manifest.repositories.length} repositories) into ${values.data}\n`);
    if (!r.secretsRestored) process.stdout.write('the backup held no secrets: a new secret key is made at start, so two-factor seeds, LDAP bind passwords and webhook authorization headers must be entered again\n');
  } catch (err) {
    throw new TypeError(err instanceof Error ? err.message : String(err), { cause: err });
  }
}

/** Single-word commands: `backup ...` and `restore ...`. */
export const backupCommands: Record<string, Command> = { backup, restore };
