/** The issue page's sidebar: labels by exclusive scope, milestone, assignees, deadline, dependencies, pin and lock. */
import { useState, type ReactNode } from 'react';
import type { Issue } from '../../../api/types.ts';
import { useAuth } from '../../../auth.tsx';
import { Field, Select } from '../../../components/Field.tsx';
import { Link } from '../../../router.tsx';
import { useLoad } from '../../../use-load.ts';
import { useIssueMeta } from '../IssuesPage.tsx';
import { useRepo } from '../repo-context.tsx';
import { LabelChip, byScope, pickLabel, scopeOf } from './LabelChip.tsx';
import { Subscribe } from './Subscribe.tsx';
import { PeopleList } from './PeopleList.tsx';

type Act = (what: () => Promise<unknown>, failed: string) => Promise<void>;

function Dependencies({ path, canEdit, act }: { path: string; canEdit: boolean; act: Act }) {
  const { api } = useAuth();
  const { repo } = useRepo();
  const deps = useLoad(async () => ({
    blockedBy: await api.get<Issue[]>(`${path}/dependencies`),
    blocks: await api.get<Issue[]>(`${path}/blocks`),
  }), `${path}|deps`);
  const [index, setIndex] = useState('');
  const meta = (n: string) => ({ index: Number(n), owner: repo.owner.login, repo: repo.name });
  const row = (d: Issue, kind: 'dependencies' | 'blocks') => (
    <li key={`${kind}${d.id}`}>
      {d.number === 0 ? <span className="muted">Not permitted: {d.body}</span> : <Link to={new URL(d.html_url).pathname}>{d.repository.full_name}#{d.number} {d.title}</Link>}
      {canEdit && d.number !== 0 && kind === 'dependencies'
        ? <> <button type="button" className="btn btn-small" onClick={() => void act(() => api.request('DELETE', `${path}/dependencies`, { body: meta(String(d.number)) }).then(deps.reload), 'The dependency was not removed')}>Remove <span className="visually-hidden">dependency #{d.number}</span></button></>
        : null}
    </li>
  );
  return (
    <>
      <h3>Blocked by</h3>
      {deps.error ? <p className="muted">{deps.error}</p> : null}
      {deps.data?.blockedBy.length === 0 ? <p className="muted">Nothing.</p> : <ul className="plain-list">{deps.data?.blockedBy.map((d) => row(d, 'dependencies'))}</ul>}
      <h3>Blocks</h3>
      {deps.data?.blocks.length === 0 ? <p className="muted">Nothing.</p> : <ul className="plain-list">{deps.data?.blocks.map((d) => row(d, 'blocks'))}</ul>}
      {canEdit ? (
        <form className="filter-bar" onSubmit={(e) => { e.preventDefault(); void act(() => api.post(`${path}/dependencies`, meta(index)).then(() => { setIndex(''); deps.reload(); }), 'The dependency was not added'); }}>
          <Field label="Blocked by issue #" name="dependency" inputMode="numeric" value={index} onChange={(e) => setIndex(e.target.value)} />
          <button type="submit" className="btn btn-small" disabled={!/^\d+$/.test(index)}>Add</button>
        </form>
      ) : null}
    </>
  );
}

/** The sidebar of issue `issue` at API path `path`; `act` runs a change and reloads the page. */
export function IssueSidebar({ issue, path, canEdit, act, top }: { issue: Issue; path: string; canEdit: boolean; act: Act; top?: ReactNode }) {
  const { api } = useAuth();
  const meta = useIssueMeta();
  const [assignee, setAssignee] = useState('');
  // The boxes change at once (a second label of a scope unticks the first); the issue's answer then replaces them.
  const server = issue.labels.map((l) => l.id).join(',');
  const [local, setLocal] = useState<{ from: string; ids: number[] } | null>(null);
  const ids = local?.from === server ? local.ids : issue.labels.map((l) => l.id);
  const has = new Set(ids);
  const scopeOfId = (id: number) => { const l = meta.data?.labels.find((x) => x.id === id); return l ? scopeOf(l) : null; };
  const toggle = (id: number, on: boolean) => {
    setLocal({ from: server, ids: pickLabel(ids, id, on, scopeOfId) });
    return act(() => (on ? api.post(`${path}/labels`, { labels: [id] }) : api.delete(`${path}/labels/${id}`)), 'The labels were not changed');
  };
  return (
    <aside className="card issue-side" aria-label={issue.pull_request ? 'Pull request details' : 'Issue details'}>
      {top}
      <h3>Labels</h3>
      {issue.labels.length ? <p className="label-list" aria-label="Labels of this issue">{issue.labels.map((l) => <LabelChip key={l.id} label={l} />)}</p> : <p className="muted">None yet.</p>}
      {canEdit && meta.data?.labels.length ? (
        <details>
          <summary>Change labels</summary>
          {byScope(meta.data.labels).map(([scope, ls]) => {
            const boxes = ls.map((l) => (
              <div key={l.id} className="field checkbox">
                <input id={`lbl-${l.id}`} type="checkbox" checked={has.has(l.id)} onChange={(e) => void toggle(l.id, e.target.checked)} />
                <label htmlFor={`lbl-${l.id}`}>{l.name}</label>
              </div>
            ));
            return scope ? <fieldset key={scope} className="scope-group"><legend>{scope} (only one)</legend>{boxes}</fieldset> : <div key="">{boxes}</div>;
          })}
        </details>
      ) : null}
      <h3>Milestone</h3>
      {canEdit ? (
        <Select label="Set the milestone" name="milestone" value={issue.milestone?.id ?? ''} onChange={(e) => void act(() => api.patch(path, { milestone: e.target.value ? Number(e.target.value) : 0 }), 'The milestone was not changed')}>
          <option value="">No milestone</option>
          {meta.data?.milestones.map((m) => <option key={m.id} value={m.id}>{m.title}{m.state === 'closed' ? ' (closed)' : ''}</option>)}
        </Select>
      ) : <p>{issue.milestone?.title ?? <span className="muted">None.</span>}</p>}
      <h3>Assignees</h3>
      {issue.assignees?.length ? (
        <ul className="plain-list">{issue.assignees.map((a) => (
          <li key={a.id}>{a.login}{canEdit ? <> <button type="button" className="btn btn-small" onClick={() => void act(() => api.request('DELETE', `${path}/assignees`, { body: { assignees: [a.login] } }), 'The assignee was not removed')}>Remove <span className="visually-hidden">{a.login}</span></button></> : null}</li>
        ))}</ul>
      ) : <p className="muted">Nobody.</p>}
      {canEdit ? (
        <form className="filter-bar" onSubmit={(e) => { e.preventDefault(); void act(() => api.post(`${path}/assignees`, { assignees: [assignee.trim()] }).then(() => setAssignee('')), 'The assignee was not added'); }}>
          <Field label="Assign user" name="assignee" list="assignee-candidates" autoComplete="off" value={assignee} onChange={(e) => setAssignee(e.target.value)} />
          <PeopleList id="assignee-candidates" role="assignees" />
          <button type="submit" className="btn btn-small" disabled={!assignee.trim()}>Assign</button>
        </form>
      ) : null}
      <h3>Deadline</h3>
      {canEdit ? (
        <Field label="Due date" name="due_date" type="date" value={issue.due_date?.slice(0, 10) ?? ''}
          onChange={(e) => void act(() => api.post(`${path}/deadline`, { due_date: e.target.value ? `${e.target.value}T00:00:00Z` : null }), 'The deadline was not changed')} />
      ) : <p>{issue.due_date?.slice(0, 10) ?? <span className="muted">None.</span>}</p>}
      <Dependencies path={path} canEdit={canEdit} act={act} />
      <Subscribe path={path} act={act} noun={issue.pull_request ? 'pull request' : 'issue'} />
      {canEdit ? (
        <>
          <h3>Pin and lock</h3>
          <div className="row-actions" style={{ justifyContent: 'flex-start' }}>
            {issue.pin_order > 0
              ? <button type="button" className="btn btn-small" onClick={() => void act(() => api.delete(`${path}/pin`), 'The issue was not unpinned')}>Unpin</button>
              : <button type="button" className="btn btn-small" onClick={() => void act(() => api.post(`${path}/pin`, {}), 'The issue was not pinned')}>Pin</button>}
            {issue.is_locked
              ? <button type="button" className="btn btn-small" onClick={() => void act(() => api.delete(`${path}/lock`), 'The conversation was not unlocked')}>Unlock</button>
              : <button type="button" className="btn btn-small" onClick={() => void act(() => api.request('PUT', `${path}/lock`, { body: {} }), 'The conversation was not locked')}>Lock</button>}
          </div>
        </>
      ) : null}
    </aside>
  );
}
