/** The merge box of an open pull request: whether it can merge and why not, the allowed styles, and the merge. */
import { useState } from 'react';
import { errorText } from '../../../api/client.ts';
import type { PullRequest, Repository } from '../../../api/types.ts';
import { useAuth } from '../../../auth.tsx';
import { ErrorAlert } from '../../../components/Alert.tsx';
import { Checkbox, Field, Select } from '../../../components/Field.tsx';

const STYLES: [string, keyof Repository, string][] = [
  ['merge', 'allow_merge_commits', 'Create a merge commit'],
  ['rebase', 'allow_rebase', 'Rebase and fast-forward'],
  ['rebase-merge', 'allow_rebase_explicit', 'Rebase, then create a merge commit'],
  ['squash', 'allow_squash_merge', 'Squash into one commit'],
  ['fast-forward-only', 'allow_fast_forward_only_merge', 'Fast-forward only'],
];

/** Why the pull request cannot merge now, in words (empty when it can). */
export function blockedReasons(p: PullRequest): string[] {
  const out: string[] = [];
  if (!p.mergeable) out.push(p.conflicted_files?.length ? `These files have conflicts: ${p.conflicted_files.join(', ')}.` : 'The pull request cannot be merged automatically.');
  return [...out, ...(p.mergeable_reasons ?? [])];
}

/** The merge box; `onMerged` reloads the page. */
export function MergeBox({ pull, repo, path, onMerged }: { pull: PullRequest; repo: Repository; path: string; onMerged(): void }) {
  const { api } = useAuth();
  const allowed = STYLES.filter(([, key]) => repo[key] === true);
  const [style, setStyle] = useState(allowed.find(([s]) => s === repo.default_merge_style)?.[0] ?? allowed[0]?.[0] ?? 'merge');
  const [title, setTitle] = useState('');
  const [remove, setRemove] = useState(repo.default_delete_branch_after_merge);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasons = blockedReasons(pull);
  const canMerge = Boolean(repo.permissions?.push);
  const merge = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.post(`${path}/merge`, { Do: style, ...(title.trim() ? { MergeTitleField: title.trim() } : {}), delete_branch_after_merge: remove });
      onMerged();
    } catch (err) {
      setError(`The pull request was not merged: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby="merge-box">
      <h3 id="merge-box">{reasons.length ? 'Merging is blocked' : 'This pull request can be merged'}</h3>
      {reasons.length ? <ul aria-label="Why merging is blocked">{reasons.map((r) => <li key={r}>{r}</li>)}</ul> : null}
      <ErrorAlert>{error}</ErrorAlert>
      {canMerge && allowed.length ? (
        <div className="filter-bar">
          <Select label="Merge style" name="style" value={style} onChange={(e) => setStyle(e.target.value)}>
            {allowed.map(([s, , words]) => <option key={s} value={s}>{words}</option>)}
          </Select>
          <Field label="Commit title (optional)" name="title" value={title} onChange={(e) => setTitle(e.target.value)} />
          <Checkbox label={`Delete the branch ${pull.head.label} after merging`} name="delete" checked={remove} onChange={(e) => setRemove(e.target.checked)} />
          <button type="button" className="btn btn-primary" disabled={busy || reasons.length > 0} onClick={() => void merge()}>Merge</button>
        </div>
      ) : <p className="muted">{allowed.length ? 'Only writers of this repository can merge.' : 'This repository allows no merge style.'}</p>}
    </section>
  );
}
