/**
 * `npm run admin -- backup --out FILE [--include-secrets] [--data DIR]` and
 * `npm run admin -- restore --from FILE --data DIR`. The passphrase that seals (and opens) the secret key and
 * the full app.ini comes from HOMEFORGE_BACKUP_PASSPHRASE or --passphrase. A running host backs up through its
 * Backups page or `POST /api/homeforge/admin/backups` instead (the command line takes the data dir's lock).
 */
import { parseArgs } from 'node:util';
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
  const { app, close } = await openForCli(values.data);
  try {
    startBackup(app, app.backups, { trigger: 'cli', out: values.out, passphrase: values['include-secrets'] ? passphrase : undefined, onProgress: progressLine('backup') });
    const result = await app.backups.done;
    if (process.stderr.isTTY) process.stderr.write('\n');
    if (!result?.ok) throw new TypeError(`backup failed: ${result?.error ?? 'unknown'}`);
    process.stdout.write(`backup written to ${result.file} (${mib(result.size)} MiB, ${result.duration_ms} ms)\n`);
  } finally {
    await close();
  }
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
