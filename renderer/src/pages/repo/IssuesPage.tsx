/** `/{owner}/{repo}/issues`: open/closed tabs with counts, filters (label, milestone, assignee, poster, keyword) in the URL, paged. */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { Issue, Label, Milestone } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Field, Select } from '../../components/Field.tsx';
import { Pager } from '../../components/Pager.tsx';
import { When } from '../../components/When.tsx';
import { Link } from '../../router.tsx';
import { useList } from '../../use-list.ts';
import { useLoad } from '../../use-load.ts';
import { LabelChip } from './issues/LabelChip.tsx';
import { useRepo } from './repo-context.tsx';

const FILTERS = ['labels', 'milestones', 'assigned_by', 'created_by', 'q'] as const;

/** The labels and milestones of the repository, for pickers. */
export function useIssueMeta() {
  const { api } = useAuth();
  const { api: base } = useRepo();
  return useLoad(async () => ({
    labels: await api.get<Label[]>(`${base}/labels`, { query: { limit: 100 } }),
    milestones: await api.get<Milestone[]>(`${base}/milestones`, { query: { state: 'all', limit: 100 } }),
  }), `${base}|issue-meta`);
}

/** The issues tab. */
export function IssuesPage() {
  const { api, state: auth } = useAuth();
  const { api: base, base: ui } = useRepo();
  const [params, setParams] = useSearchParams();
  const state = params.get('state') === 'closed' ? 'closed' : 'open';
  const filters = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? undefined]).filter(([, v]) => v)) as Record<string, string>;
  const issues = useList<Issue>(`${base}/issues`, { ...filters, state, type: 'issues' });
  const counts = useLoad(async () => {
    const count = async (s: string) => Number((await api.request<Issue[]>('GET', `${base}/issues`, { query: { ...filters, state: s, type: 'issues', limit: 1 } })).headers.get('X-Total-Count') ?? 0);
    return { open: await count('open'), closed: await count('closed') };
  }, `${base}|issue-counts|${JSON.stringify(filters)}`);
  const meta = useIssueMeta();
  const [q, setQ] = useState(params.get('q') ?? '');
  const set = (changes: Record<string, string | undefined>) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    next.delete('page');
    for (const [k, v] of Object.entries(changes)) { if (v) next.set(k, v); else next.delete(k); }
    return next;
  });
  const search = (e: FormEvent) => { e.preventDefault(); set({ q: q.trim() }); };
  const tab = (s: 'open' | 'closed', words: string) => {
    const p = new URLSearchParams(params);
    p.delete('page');
    p.set('state', s);
    return <Link to={`${ui}/issues?${p.toString()}`} className={`btn btn-small${state === s ? ' btn-primary' : ''}`} aria-current={state === s ? 'page' : undefined}>{counts.data ? counts.data[s] : '…'} {words}</Link>;
  };
  return (
    <section aria-labelledby="issues-title" className="section">
      <div className="row-actions" style={{ justifyContent: 'space-between' }}>
        <h2 id="issues-title">Issues</h2>
        <div className="row-actions">
          <Link to={`${ui}/labels`} className="btn btn-small">Labels</Link>
          <Link to={`${ui}/milestones`} className="btn btn-small">Milestones</Link>
          {auth.kind === 'signed-in' ? <Link to={`${ui}/issues/new`} className="btn btn-small btn-primary">New issue</Link> : null}
        </div>
      </div>
      <nav aria-label="Issue state" className="row-actions" style={{ justifyContent: 'flex-start' }}>{tab('open', 'Open')}{tab('closed', 'Closed')}</nav>
      <form role="search" aria-label="Filter issues" className="filter-bar card" onSubmit={search}>
        <Field label="Keyword" name="q" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        <Select label="Label" name="labels" value={filters.labels ?? ''} onChange={(e) => set({ labels: e.target.value })}>
          <option value="">Any label</option>
          {meta.data?.labels.map((l) => <option key={l.id} value={l.name}>{l.name}</option>)}
        </Select>
        <Select label="Milestone" name="milestones" value={filters.milestones ?? ''} onChange={(e) => set({ milestones: e.target.value })}>
          <option value="">Any milestone</option>
          {meta.data?.milestones.map((m) => <option key={m.id} value={m.title}>{m.title}</option>)}
        </Select>
        <Field label="Assignee" name="assigned_by" defaultValue={filters.assigned_by ?? ''} onBlur={(e) => set({ assigned_by: e.target.value.trim() })} />
        <Field label="Poster" name="created_by" defaultValue={filters.created_by ?? ''} onBlur={(e) => set({ created_by: e.target.value.trim() })} />
        <button type="submit" className="btn btn-small">Search</button>
        {Object.keys(filters).length ? <button type="button" className="btn btn-small" onClick={() => { setQ(''); set(Object.fromEntries(FILTERS.map((f) => [f, undefined]))); }}>Clear filters</button> : null}
      </form>
      {issues.error ? <ErrorAlert>{issues.error === 'Not found.' ? 'This repository does not keep issues.' : `The issues could not be listed: ${issues.error}`}</ErrorAlert> : null}
      {!issues.items && !issues.error ? <p role="status" className="loading">Loading issues…</p> : null}
      {issues.items?.length === 0 ? <p className="muted">No {state} issues{Object.keys(filters).length ? ' match these filters' : ''}.</p> : null}
      {issues.items?.length ? (
        <ul className="plain-list" aria-label={`${state === 'open' ? 'Open' : 'Closed'} issues`}>
          {issues.items.map((i) => (
            <li key={i.number} className="issue-row">
              <Link to={`${ui}/issues/${i.number}`}>{i.title}</Link>
              <span className="label-list">{i.labels.map((l) => <LabelChip key={l.id} label={l} />)}</span>
              <span className="muted">#{i.number} opened <When iso={i.created_at} /> by {i.user.login}{i.milestone ? ` · ${i.milestone.title}` : ''}{i.comments ? ` · ${i.comments} comment${i.comments === 1 ? '' : 's'}` : ''}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {issues.items ? <Pager list={issues} noun="issues" /> : null}
    </section>
  );
}
