/**
 * Site administration: backups of the whole host. Start one (secrets only sealed with a passphrase), follow its
 * progress, see the last result (a failure says why) and the schedule, download an archive. Also the dashboard's
 * one-line backup state (BackupLine).
 */
import { useEffect, useState } from 'react';
import { CreateBackupOption, type BackupOverview } from '../../../../server/structs/backup.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert, Notice } from '../../components/Alert.tsx';
import { Checkbox, Field } from '../../components/Field.tsx';
import { Page } from '../../components/Layout.tsx';
import { useLoad } from '../../use-load.ts';
import { z } from 'zod';
import { useApiForm } from '../../zod-form.ts';
import { Link } from '../../router.tsx';
import { errorText } from '../../api/client.ts';
import { AdminNav } from '../admin-nav.tsx';

/** A size in the unit that suits it: a small archive is "96.0 KiB", not "0.1 MiB". */
const bytes = (n: number): string => (n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 ** 2).toFixed(1)} MiB`);
const when = (iso: string): string => new Date(iso).toLocaleString();

/** Reloads the overview every second while a backup runs. */
function useOverview() {
  const { api } = useAuth();
  const overview = useLoad(() => api.get<BackupOverview>('/api/homeforge/admin/backups'), 'backups');
  const running = Boolean(overview.data?.running);
  useEffect(() => {
    if (!running) return;
    const t = setInterval(overview.reload, 1000);
    return () => clearInterval(t);
  }, [running, overview.reload]);
  return overview;
}

function LastResult({ o }: { o: BackupOverview }) {
  if (!o.last) return <p>No backup has been made yet.</p>;
  return o.last.ok
    ? <p>Last backup {when(o.last.finished)}: <code>{o.last.file}</code>, {bytes(o.last.size)}, in {(o.last.duration_ms / 1000).toFixed(1)} s (pushes and ref writes held {o.last.point_ms} ms).</p>
    : <p className="inline-error" role="alert">The last backup ({when(o.last.started)}) failed: {o.last.error}</p>;
}

function Running({ o }: { o: BackupOverview }) {
  const r = o.running;
  if (!r) return null;
  const pct = r.progress.total_bytes ? Math.floor((100 * r.progress.done_bytes) / r.progress.total_bytes) : 0;
  return (
    <div className="progress" role="status">
      <span>Backing up ({r.progress.phase}): {bytes(r.progress.done_bytes)} of {bytes(r.progress.total_bytes)}</span>
      <progress max={100} value={pct} aria-label="Backup progress">{pct}%</progress>
    </div>
  );
}

/** The API's body; the passphrase (at least 8 characters) counts only when secrets are included. */
const startSchema = CreateBackupOption.extend({ include_secrets: z.boolean(), passphrase: z.string().max(1024).optional() }).superRefine((v, ctx) => {
  if (v.include_secrets && (v.passphrase ?? '').length < 8) ctx.addIssue({ code: 'custom', path: ['passphrase'], message: 'Use at least 8 characters.' });
});

function StartForm({ busy, onStarted }: { busy: boolean; onStarted(): void }) {
  const { api } = useAuth();
  const form = useApiForm<{ include_secrets: boolean; passphrase: string }>(startSchema, { include_secrets: false, passphrase: '' });
  const secrets = form.watch('include_secrets');
  const onSubmit = form.submit(async (v) => {
    await api.post('/api/homeforge/admin/backups', v.include_secrets ? { include_secrets: true, passphrase: v.passphrase } : {});
    form.setValue('passphrase', '');
    onStarted();
  });
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-labelledby="backup-now">
      <h2 id="backup-now">Back up now</h2>
      <p className="hint">One archive of the store, every repository and app.ini. Pushes and writes go on while it runs.</p>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <Checkbox label="Include secrets" hint="The secret key (two-factor seeds, LDAP bind passwords, webhook headers stay readable) and the full app.ini, sealed with a passphrase you must keep." {...form.field('include_secrets')} />
      {secrets ? <Field label="Passphrase" type="password" autoComplete="new-password" hint="At least 8 characters; a restore asks for it." {...form.field('passphrase')} required minLength={8} /> : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || form.formState.isSubmitting}>{busy ? 'A backup is running…' : 'Start backup'}</button>
      </div>
    </form>
  );
}

function Archives({ o }: { o: BackupOverview }) {
  const { api } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const download = async (name: string) => {
    setError(null);
    try {
      const res = await fetch(`/api/homeforge/admin/backups/${encodeURIComponent(name)}`, { headers: { Authorization: `token ${api.currentToken() ?? ''}` }, credentials: 'omit' });
      if (!res.ok) throw new Error(`the host answered ${res.status}`);
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <section className="card" aria-labelledby="archives">
      <h2 id="archives">Archives in <code>{o.folder}</code></h2>
      <ErrorAlert>{error}</ErrorAlert>
      {o.archives.length === 0 ? <p>None yet.</p> : (
        <ul className="plain-list">
          {o.archives.map((a) => <li key={a.name}><button type="button" className="btn btn-link" onClick={() => void download(a.name)}>{a.name}</button> {bytes(a.size)}, {when(a.created)}</li>)}
        </ul>
      )}
      <p className="hint">
        Schedule: {o.schedule.enabled ? <>every {o.schedule.interval}, keeping {o.schedule.keep}{o.schedule.next_run ? <>, next {when(o.schedule.next_run)}</> : null}</> : 'off'} (<Link to="/-/admin/settings">settings</Link>).
        Restore with <code>npm run admin -- restore --from FILE --data DIR</code> into an empty folder.
      </p>
    </section>
  );
}

/** The Backups page. */
export function AdminBackupsPage() {
  const overview = useOverview();
  const [notice, setNotice] = useState<string | null>(null);
  const o = overview.data;
  return (
    <Page title="Backups">
      <AdminNav />
      <Notice>{notice}</Notice>
      <ErrorAlert>{overview.error}</ErrorAlert>
      {o ? (
        <>
          <Running o={o} />
          <LastResult o={o} />
          <StartForm busy={Boolean(o.running)} onStarted={() => { setNotice('Backup started.'); overview.reload(); }} />
          <Archives o={o} />
        </>
      ) : !overview.error ? <p role="status" className="loading">Loading backups…</p> : null}
    </Page>
  );
}

/** The dashboard's line: the last backup's result, or that none was made (administrators only). */
export function BackupLine() {
  const { api } = useAuth();
  const o = useLoad(() => api.get<BackupOverview>('/api/homeforge/admin/backups'), 'backup-line').data;
  if (!o) return null;
  const last = o.last;
  return (
    <p className={last && !last.ok ? 'inline-error' : undefined}>
      <Link to="/-/admin/backups">Backups</Link>: {o.running ? 'one is running' : !last ? 'none made yet' : last.ok ? `last ${when(last.finished)}` : `the last one failed: ${last.error}`}
      {o.schedule.enabled ? `; scheduled every ${o.schedule.interval}` : ''}
    </p>
  );
}
