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
  ['manually-merged', 'allow_manual_merge', 'Mark as merged by a commit already on the base'],
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
  const [commitId, setCommitId] = useState('');
  const [force, setForce] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasons = blockedReasons(pull);
  const canMerge = Boolean(repo.permissions?.push);
  const manual = style === 'manually-merged';
  // Gitea's force merge: an administrator may merge past the branch rules (conflicts still block).
  const mayForce = Boolean(repo.permissions?.admin) && (pull.mergeable_reasons ?? []).length > 0 && pull.mergeable;
  const blocked = manual ? !commitId.trim() : reasons.length > 0 && !(force && mayForce);
  const merge = async () => {
    setBusy(true);
    setError(null);
    try {
      const body = manual ? { Do: style, MergeCommitID: commitId.trim() }
        : { Do: style, ...(title.trim() ? { MergeTitleField: title.trim() } : {}), delete_branch_after_merge: remove, ...(force && mayForce ? { force_merge: true } : {}) };
      await api.post(`${path}/merge`, body);
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
          {manual ? <Field label="Merge commit ID" name="commit" value={commitId} onChange={(e) => setCommitId(e.target.value)} /> : <>
            <Field label="Commit title (optional)" name="title" value={title} onChange={(e) => setTitle(e.target.value)} />
            <Checkbox label={`Delete the branch ${pull.head.label} after merging`} name="delete" checked={remove} onChange={(e) => setRemove(e.target.checked)} />
            {mayForce ? <Checkbox label="Merge past the branch rules (administrator)" name="force" checked={force} onChange={(e) => setForce(e.target.checked)} /> : null}
          </>}
          <button type="button" className="btn btn-primary" disabled={busy || blocked} onClick={() => void merge()}>{manual ? 'Mark as merged' : 'Merge'}</button>
        </div>
      ) : <p className="muted">{allowed.length ? 'Only writers of this repository can merge.' : 'This repository allows no merge style.'}</p>}
    </section>
  );
}
