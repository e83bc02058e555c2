/**
 * `/{owner}/{repo}/actions`: workflow runs (filtered by workflow and status), the workflows with enable/disable and
 * a dispatch form; `/actions/runs/{number}`: a run's jobs, cancel and rerun, and a job's log, polled while it runs.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { ActionWorkflow, ActionWorkflowJob, ActionWorkflowRun } from '../../../../../server/structs/actions.ts';
import type { ActionLogRows } from '../../../../../server/structs/homeforge-actions.ts';
import { useAuth } from '../../../auth.tsx';
import { errorText, seg } from '../../../api/client.ts';
import { ErrorAlert } from '../../../components/Alert.tsx';
import { Field, Select } from '../../../components/Field.tsx';
import { useLoad } from '../../../use-load.ts';
import { useRepo } from '../repo-context.tsx';
import { RunArtifacts } from './RunArtifacts.tsx';

type Run = z.infer<typeof ActionWorkflowRun>;
type Job = z.infer<typeof ActionWorkflowJob>;
type Workflow = z.infer<typeof ActionWorkflow>;
type LogRows = z.infer<typeof ActionLogRows>;

const label = (x: { status: string; conclusion?: string | undefined }): string => x.conclusion ?? x.status;

/** The run states the list filters on, in words. */
const STATUSES = [['', 'Any'], ['queued', 'Queued'], ['in_progress', 'In progress'], ['completed', 'Completed'], ['success', 'Success'], ['failure', 'Failure'], ['cancelled', 'Cancelled']] as const;

/** The Actions tab: runs and workflows. */
export function ActionsPage() {
  const { api } = useAuth();
  const { api: base, base: web, repo } = useRepo();
  const [workflow, setWorkflow] = useState('');
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const runsPath = workflow ? `${base}/actions/workflows/${seg(workflow)}/runs` : `${base}/actions/runs`;
  const runs = useLoad(async () => (await api.request<{ workflow_runs: Run[]; total_count: number }>('GET', runsPath, { query: status ? { status } : {} })).data, `${runsPath}?${status}`);
  const workflows = useLoad(async () => (await api.request<{ workflows: Workflow[] }>('GET', `${base}/actions/workflows`)).data.workflows, `${base}/actions/workflows`);
  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    try { await fn(); runs.reload(); workflows.reload(); } catch (err) { setError(errorText(err)); }
  };
  return (
    <section aria-labelledby="actions-title" className="section">
      <h2 id="actions-title">Actions</h2>
      <ErrorAlert>{runs.error ?? workflows.error ?? error}</ErrorAlert>
      <div className="filter-bar">
        <Select label="Workflow" value={workflow} onChange={(e) => setWorkflow(e.target.value)}><option value="">All workflows</option>{workflows.data?.map((w) => <option key={w.id} value={w.id}>{w.name}</option>)}</Select>
        <Select label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>{STATUSES.map(([s, words]) => <option key={s} value={s}>{words}</option>)}</Select>
      </div>
      {runs.data?.workflow_runs.length ? (
        <div className="table-wrap section">
          <table className="table" aria-label="Workflow runs"><thead><tr><th scope="col">Run</th><th scope="col">Workflow</th><th scope="col">Event</th><th scope="col">Branch</th><th scope="col">Status</th></tr></thead>
            <tbody>{runs.data.workflow_runs.map((r) => (
              <tr key={r.id}><td><a href={`${web}/actions/runs/${r.run_number}`}>#{r.run_number} {r.display_title}</a></td><td>{r.path.split('@')[0]}</td><td>{r.event}</td><td>{r.head_branch}</td><td>{label(r)}</td></tr>
            ))}</tbody>
          </table>
        </div>
      ) : runs.data ? <p className="muted">{workflow || status ? 'No runs match these filters.' : <>No runs yet. Push a workflow under <code>.gitea/workflows/</code>.</>}</p> : null}
      <h3>Workflows</h3>
      {workflows.data?.length === 0 ? <p className="muted">No workflows yet.</p> : null}
      <ul aria-label="Workflows" className="plain-list">{workflows.data?.map((w) => (
        <li key={w.id} className="card">
          <div className="row-actions" style={{ justifyContent: 'space-between' }}>
            <span><code>{w.path}</code> <span className={`badge ${w.state === 'active' ? 'badge-ok' : 'badge-muted'}`}>{w.state === 'active' ? 'enabled' : 'disabled'}</span></span>
            {repo.permissions?.push ? <button type="button" className="btn btn-small" onClick={() => void act(() => api.request('PUT', `${base}/actions/workflows/${seg(w.id)}/${w.state === 'active' ? 'disable' : 'enable'}`))}>{w.state === 'active' ? 'Disable' : 'Enable'}</button> : null}
          </div>
          {repo.permissions?.push && w.state === 'active' ? <DispatchForm workflow={w} defaultRef={repo.default_branch} onDone={() => runs.reload()} onError={setError} /> : null}
        </li>
      ))}</ul>
    </section>
  );
}

function DispatchForm({ workflow, defaultRef, onDone, onError }: { workflow: Workflow; defaultRef: string; onDone(): void; onError(e: string | null): void }) {
  const { api } = useAuth();
  const { api: base } = useRepo();
  const [ref, setRef] = useState(defaultRef);
  const [inputs, setInputs] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    onError(null);
    const pairs = Object.fromEntries(inputs.split(/[\n,]/).map((l) => l.trim()).filter(Boolean).map((l) => [l.split('=')[0]!.trim(), l.slice(l.indexOf('=') + 1).trim()]));
    try { await api.request('POST', `${base}/actions/workflows/${seg(workflow.id)}/dispatches`, { body: { ref, inputs: pairs } }); onDone(); } catch (err) { onError(errorText(err)); }
  };
  return (
    <form aria-label={`Run ${workflow.name}`} onSubmit={(e) => void submit(e)} className="filter-bar">
      <Field label="Ref" value={ref} onChange={(e) => setRef(e.target.value)} />
      <Field label="Inputs (name=value)" value={inputs} onChange={(e) => setInputs(e.target.value)} />
      <button type="submit" className="btn btn-small">Run workflow</button>
    </form>
  );
}

/** A run page: its jobs, cancel and rerun, and the chosen job's log. */
export function ActionRunPage({ number }: { number: string }) {
  const { api } = useAuth();
  const { api: base, repo } = useRepo();
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<number | null>(null);
  const run = useLoad(async () => {
    const list = (await api.request<{ workflow_runs: Run[] }>('GET', `${base}/actions/runs`, { query: { limit: '50' } })).data.workflow_runs;
    const found = list.find((r) => String(r.run_number) === number) ?? null;
    const jobs = found ? (await api.request<{ jobs: Job[] }>('GET', `${base}/actions/runs/${found.id}/jobs`)).data.jobs : [];
    return { run: found, jobs };
  }, `${base}/actions/run/${number}`);
  const r = run.data?.run;
  useEffect(() => {
    if (!r || r.status === 'completed') return undefined;
    const t = setInterval(() => run.reload(), 2000);
    return () => clearInterval(t);
  }, [r, run]);
  const act = async (path: string) => {
    setError(null);
    try { await api.request('POST', path); run.reload(); } catch (err) { setError(errorText(err)); }
  };
  if (run.data && !r) return <p role="alert">There is no run {number}.</p>;
  const hf = base.replace('/api/v1/', '/api/homeforge/');
  return (
    <section aria-labelledby="run-title" className="section">
      <h2 id="run-title">{r ? `#${r.run_number} ${r.display_title}` : 'Loading run…'}</h2>
      <ErrorAlert>{run.error ?? error}</ErrorAlert>
      {r ? <p>Status: <strong data-testid="run-status">{label(r)}</strong> · {r.event} · {r.head_branch} · attempt {r.run_attempt}</p> : null}
      {r && repo.permissions?.push ? (
        <p>
          {r.status !== 'completed' ? <button type="button" className="btn btn-small" onClick={() => void act(`${hf}/actions/runs/${r.id}/cancel`)}>Cancel run</button> : null}
          {r.status === 'completed' ? <button type="button" className="btn btn-small" onClick={() => void act(`${base}/actions/runs/${r.id}/rerun`)}>Rerun all jobs</button> : null}
        </p>
      ) : null}
      <ul aria-label="Jobs" className="plain-list">{run.data?.jobs.map((j) => (
        <li key={j.id}><button type="button" className="btn btn-small" aria-pressed={job === j.id} onClick={() => setJob(j.id)}>{j.name}</button> {label(j)}</li>
      ))}</ul>
      {job !== null ? <JobLog key={job} jobId={job} /> : null}
      {r ? <RunArtifacts runId={r.id} /> : null}
    </section>
  );
}

function JobLog({ jobId }: { jobId: number }) {
  const { api } = useAuth();
  const { api: base } = useRepo();
  const [rows, setRows] = useState<LogRows['rows']>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stop = false;
    let from = 0;
    const poll = async () => {
      try {
        const got = (await api.request<LogRows>('GET', `${base.replace('/api/v1/', '/api/homeforge/')}/actions/jobs/${jobId}/log-rows`, { query: { from: String(from) } })).data;
        from += got.rows.length;
        if (got.rows.length) setRows((old) => [...old, ...got.rows]);
        if (!stop && !['success', 'failure', 'cancelled', 'skipped'].includes(got.job_status)) setTimeout(() => void poll(), 1500);
      } catch (err) { setError(errorText(err)); }
    };
    void poll();
    return () => { stop = true; };
  }, [api, base, jobId]);
  return (
    <div>
      <ErrorAlert>{error}</ErrorAlert>
      <pre aria-label="Job log" className="log">{rows.map((r) => `${r.content}\n`).join('')}</pre>
    </div>
  );
}
