/** A pull mirror: upstream, last sync, last error, interval, prune, and "sync now" with its progress. */
import { useEffect, useState } from 'react';
import { EditRepoOption } from '../../../../server/structs/repo.ts';
import { errorText } from '../../api/client.ts';
import type { MirrorStatus, Repository } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert, Notice } from '../../components/Alert.tsx';
import { Checkbox, Field } from '../../components/Field.tsx';
import { Progress } from '../../components/Progress.tsx';
import { When } from '../../components/When.tsx';
import { useLoad } from '../../use-load.ts';
import { useApiForm } from '../../zod-form.ts';
import { useRepo } from './repo-context.tsx';

const schedule = EditRepoOption.pick({ mirror_interval: true, enable_prune: true });

function ScheduleForm({ repo, pruning, onSaved }: { repo: Repository; pruning: boolean; onSaved(r: Repository): void }) {
  const { api } = useAuth();
  const { api: base } = useRepo();
  const form = useApiForm<{ mirror_interval: string; enable_prune: boolean }>(schedule, { mirror_interval: repo.mirror_interval ?? '8h0m0s', enable_prune: pruning });
  const onSubmit = form.submit(async (v) => {
    onSaved(await api.patch<Repository>(base, { mirror_interval: v.mirror_interval.trim(), enable_prune: v.enable_prune }));
  });
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-labelledby="schedule-title">
      <h2 id="schedule-title">Schedule</h2>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <Field label="Sync interval" {...form.field('mirror_interval')}
        hint={<>A duration such as <code>10m</code>, <code>1h</code> or <code>8h</code>; <code>0</code> turns periodic sync off. The site sets the shortest allowed.</>} />
      <Checkbox label="Prune" hint="Delete branches and tags here when they disappear upstream." {...form.field('enable_prune')} />
      <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Saving…' : 'Save schedule'}</button>
    </form>
  );
}

/** The Mirror tab of a pull mirror. */
export function RepoMirrorPage() {
  const { api } = useAuth();
  const { repo, api: base, replace } = useRepo();
  const status = useLoad(() => api.get<MirrorStatus>(`/api/homeforge${base.slice('/api/v1'.length)}/mirror`), base);
  const [syncing, setSyncing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // After "sync now", the status is read every second until the last attempt is another than the one before the
  // request (an interval: a read that answers the same status leaves `status.data` unchanged).
  useEffect(() => {
    if (syncing === null) return;
    const t = setInterval(status.reload, 1000);
    return () => clearInterval(t);
  }, [syncing, status.reload]);
  useEffect(() => {
    const s = status.data;
    if (syncing === null || !s?.last_update || s.last_update === syncing) return;
    setSyncing(null);
    setNotice(s.last_error ? null : 'The mirror is up to date.');
  }, [syncing, status.data]);
  const syncNow = async () => {
    setError(null);
    setNotice(null);
    try {
      const before = status.data?.last_update ?? '';
      await api.post(`${base}/mirror-sync`);
      setSyncing(before);
    } catch (err) {
      setError(`The sync was not started: ${errorText(err)}`);
    }
  };
  const s = status.data;
  return (
    <div>
      <Notice>{notice}</Notice>
      <ErrorAlert>{status.error ?? error}</ErrorAlert>
      {s ? (
        <section className="card" aria-labelledby="mirror-title">
          <h2 id="mirror-title">Pull mirror</h2>
          <dl className="facts">
            <dt>Upstream</dt><dd><code>{s.remote_address}</code></dd>
            <dt>Last sync</dt><dd>{s.last_update ? <When iso={s.last_update} /> : 'never'}{s.last_success && s.last_success !== s.last_update ? <> (last success <When iso={s.last_success} />)</> : null}</dd>
            <dt>Next sync</dt><dd>{s.next_update ? <When iso={s.next_update} /> : 'only when asked (periodic sync is off)'}</dd>
            <dt>Interval</dt><dd>{s.interval}{s.enable_prune ? ', prunes deleted refs' : ''}</dd>
          </dl>
          {s.last_error ? (
            <div className="alert alert-error" role="alert">
              Last sync failed{s.last_error_at ? <> <When iso={s.last_error_at} /></> : null}{s.consecutive_failures > 1 ? ` (${s.consecutive_failures} times in a row)` : ''}: {s.last_error}
            </div>
          ) : null}
          <Progress active={syncing !== null} label="Syncing with the upstream…" />
          <button type="button" className="btn btn-primary" disabled={syncing !== null || repo.archived} onClick={() => { void syncNow(); }}>Sync now</button>
        </section>
      ) : !status.error ? <p role="status" className="loading">Loading the mirror state…</p> : null}
      {repo.permissions?.admin && s ? <ScheduleForm key={`${repo.updated_at}|${s.enable_prune}`} repo={repo} pruning={s.enable_prune} onSaved={(r) => { replace(r); status.reload(); setNotice('Saved the schedule.'); }} /> : null}
    </div>
  );
}
