/** Two revisions compared (`base...head`): the commits head adds, and the diff from their merge base. */
import { useState, type FormEvent } from 'react';
import type { Commit, Compare } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { When } from '../../components/When.tsx';
import { DiffView } from '../../components/code/DiffView.tsx';
import { useRouter } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { ShaLink } from './CommitPage.tsx';
import { useRepo } from './repo-context.tsx';

const pathOf = (basehead: string): string => basehead.split('/').map(encodeURIComponent).join('/');

function CompareForm({ basehead }: { basehead: string }) {
  const { base: ui } = useRepo();
  const { navigate } = useRouter();
  const [b, h] = basehead.includes('...') ? basehead.split('...') : [basehead, ''];
  const [from, setFrom] = useState(b ?? '');
  const [to, setTo] = useState(h ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(`${ui}/compare/${encodeURIComponent(`${from}...${to}`)}`);
  };
  return (
    <form className="compare-form" onSubmit={submit} aria-label="Revisions to compare">
      <label>Base <input value={from} onChange={(e) => setFrom(e.target.value)} /></label>
      <span aria-hidden="true">…</span>
      <label>Compare <input value={to} onChange={(e) => setTo(e.target.value)} /></label>
      <button type="submit" className="btn btn-small">Compare</button>
    </form>
  );
}

function CommitItem({ c }: { c: Commit }) {
  const { base: ui } = useRepo();
  return (
    <li className="commit">
      <div className="commit-main">
        <span className="commit-subject">{c.commit.message.split('\n')[0]}</span>
        <span className="muted commit-meta">{c.commit.author.name} committed <When iso={c.commit.author.date} /></span>
      </div>
      <ShaLink sha={c.sha} base={ui} />
    </li>
  );
}

/** The compare page at `/{owner}/{repo}/compare/{base}...{head}`. */
export function ComparePage({ basehead }: { basehead: string }) {
  const { api } = useAuth();
  const { api: base } = useRepo();
  const cmp = useLoad(() => api.get<Compare>(`${base}/compare/${pathOf(basehead)}`, { query: { files: false, verification: false } }), `${base}|${basehead}`);
  const diff = useLoad(() => api.text(`${base}/compare/${pathOf(basehead)}`, { query: { output: 'diff' } }), `${base}|${basehead}|diff`);
  return (
    <div className="compare-page">
      <CompareForm key={basehead} basehead={basehead} />
      <ErrorAlert>{cmp.error ?? diff.error}</ErrorAlert>
      {cmp.data ? (
        <section aria-labelledby="compare-commits">
          <h2 id="compare-commits">{cmp.data.total_commits === 1 ? '1 commit' : `${cmp.data.total_commits} commits`}</h2>
          {cmp.data.commits.length ? <ul className="commit-list card" aria-label="Commits compared">{cmp.data.commits.map((c) => <CommitItem key={c.sha} c={c} />)}</ul> : <p className="muted">These revisions are the same, or the base already has every commit.</p>}
        </section>
      ) : !cmp.error ? <p role="status" className="loading">Comparing…</p> : null}
      {diff.data !== null ? <DiffView diff={diff.data} label={`Changes in ${basehead}`} /> : null}
    </div>
  );
}
