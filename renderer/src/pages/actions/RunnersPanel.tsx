/**
 * Runners of one level (repository, organization, user, site): the registration token (shown on demand, reset),
 * the runners with their state, version and labels (delete), and on the site level the built-in runner's switch.
 */
import { useState } from 'react';
import type { ActionRunner } from '../../../../server/structs/runner.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Checkbox } from '../../components/Field.tsx';
import { useLoad } from '../../use-load.ts';
import { errorText } from '../../api/client.ts';

interface BuiltinStatus { enabled: boolean; running: boolean; runner_id: number; last_error: string }

const stateOf = (r: ActionRunner): string => (r.status === 'offline' ? 'offline' : r.busy ? 'active' : 'idle');

function TokenCard({ api: base, reset }: { api: string; reset: string }) {
  const { api } = useAuth();
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = (p: Promise<{ token: string }>) => p.then((t) => { setToken(t.token); setError(null); }, (e: unknown) => setError(errorText(e)));
  return (
    <section className="card" aria-labelledby="reg-token">
      <h2 id="reg-token">Registration token</h2>
      <p className="hint">A runner registers with this token (<code>act_runner register --token …</code>). It stays valid until it is reset.</p>
      <ErrorAlert>{error}</ErrorAlert>
      {token ? <p><code data-testid="registration-token">{token}</code></p> : null}
      <div className="form-actions">
        <button type="button" className="btn" onClick={() => void run(api.post(`${base}/registration-token`))}>Show registration token</button>
        <button type="button" className="btn btn-danger" onClick={() => { if (window.confirm('Reset the registration token? The current one stops working.')) void run(api.post(`${reset}/registration-token/reset`)); }}>Reset registration token</button>
      </div>
    </section>
  );
}

function BuiltinSwitch() {
  const { api } = useAuth();
  const status = useLoad(() => api.get<BuiltinStatus>('/api/homeforge/admin/actions/builtin-runner'), 'builtin-runner');
  const [error, setError] = useState<string | null>(null);
  const s = status.data;
  const toggle = (enabled: boolean) => api.request<BuiltinStatus>('PUT', '/api/homeforge/admin/actions/builtin-runner', { body: { enabled } }).then((r) => r.data).then((next) => { status.set(next); setError(null); }, (e: unknown) => setError(errorText(e)));
  return (
    <section className="card" aria-labelledby="builtin-runner">
      <h2 id="builtin-runner">Built-in runner</h2>
      <p className="hint">Runs workflow jobs (<code>run:</code> steps and actions/checkout) on this machine, in a separate process, with the permissions of this host. Off until you turn it on.</p>
      <ErrorAlert>{error ?? status.error}</ErrorAlert>
      {s ? (
        <>
          <Checkbox label="Run jobs with the built-in runner" name="builtin_runner" checked={s.enabled} onChange={(e) => void toggle(e.target.checked)} />
          <p role="status">{s.enabled ? (s.running ? `Running (runner #${s.runner_id}).` : 'Starting…') : 'Off.'}{s.last_error ? ` Last error: ${s.last_error}` : ''}</p>
        </>
      ) : null}
    </section>
  );
}

/** The panel: `api` is the runners collection under /api/v1, `reset` the same path under /api/homeforge. */
export function RunnersPanel({ api: base, reset, builtin }: { api: string; reset: string; builtin?: boolean }) {
  const { api } = useAuth();
  const list = useLoad(() => api.get<{ runners: ActionRunner[]; total_count: number }>(`${base}?limit=50`), `runners:${base}`);
  const [error, setError] = useState<string | null>(null);
  const remove = (r: ActionRunner) => {
    if (!window.confirm(`Delete runner ${r.name}? It can no longer take jobs.`)) return;
    void api.delete(`${base}/${r.id}`).then(() => list.reload(), (e: unknown) => setError(errorText(e)));
  };
  return (
    <>
      {builtin ? <BuiltinSwitch /> : null}
      <TokenCard api={base} reset={reset} />
      <section className="card" aria-labelledby="runners">
        <h2 id="runners">Runners</h2>
        <ErrorAlert>{error ?? list.error}</ErrorAlert>
        {list.data && list.data.runners.length === 0 ? <p>No runner is registered here yet.</p> : null}
        {list.data && list.data.runners.length > 0 ? (
          <table className="table">
            <thead><tr><th>Name</th><th>State</th><th>Version</th><th>Labels</th><th /></tr></thead>
            <tbody>
              {list.data.runners.map((r) => (
                <tr key={r.id} data-testid="runner-row">
                  <td>{r.name}{r.disabled ? ' (disabled)' : ''}</td>
                  <td>{stateOf(r)}</td>
                  <td>{r.version}</td>
                  <td>{r.labels.map((l) => l.name).join(', ')}</td>
                  <td><button type="button" className="btn btn-small btn-danger" onClick={() => remove(r)} aria-label={`Delete runner ${r.name}`}>Delete</button></td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </>
  );
}
