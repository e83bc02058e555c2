/** The repository's upkeep on its settings page: health, last maintained and checked, size, and "check now". */
import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import type { RepoHealth as Health } from '../../../../server/structs/homeforge.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { When } from '../../components/When.tsx';
import { useLoad } from '../../use-load.ts';

const STATE: Record<Health['health'], string> = {
  unchecked: 'not checked yet',
  ok: 'healthy',
  damaged: 'damaged',
};

/** The Maintenance card; `base` is the repository's /api/v1 path. */
export function RepoHealth({ base }: { base: string }) {
  const { api } = useAuth();
  const path = `/api/homeforge${base.slice('/api/v1'.length)}/health`;
  const health = useLoad(() => api.get<Health>(path), path);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checkNow = async () => {
    setBusy(true);
    setError(null);
    try {
      health.set(await api.post<Health>(path));
    } catch (err) {
      setError(`The check did not run: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  };
  const h = health.data;
  return (
    <section className="card" aria-labelledby="health-title">
      <h2 id="health-title">Maintenance</h2>
      <ErrorAlert>{health.error ?? error}</ErrorAlert>
      {h ? (
        <>
          {h.health === 'damaged' ? (
            <div className="alert alert-error" role="alert">
              The repository's files are damaged{h.damaged_since ? <> (since <When iso={h.damaged_since} />)</> : null}. Maintenance is stopped so nothing
              gets worse; restore the repository from a backup or a clone. Git said: <code>{h.problems.join(' · ')}</code>
            </div>
          ) : null}
          <dl className="facts">
            <dt>Health</dt><dd data-health={h.health}>{STATE[h.health]}{h.last_checked ? <> (checked <When iso={h.last_checked} />)</> : null}</dd>
            <dt>Last maintained</dt><dd>{h.last_maintained ? <When iso={h.last_maintained} /> : 'never'}</dd>
            <dt>Size on disk</dt><dd>{h.size.toLocaleString()} KiB{h.last_maintained ? `, ${h.packs} pack${h.packs === 1 ? '' : 's'}, ${h.loose_objects} loose objects` : ''}</dd>
          </dl>
          {h.last_error ? <p className="muted">Last maintenance failed: {h.last_error}</p> : null}
          <button type="button" className="btn" disabled={busy} onClick={() => { void checkNow(); }}>{busy ? 'Checking…' : 'Check and maintain now'}</button>
        </>
      ) : !health.error ? <p role="status" className="loading">Loading the maintenance state…</p> : null}
    </section>
  );
}
