/** The orders a repository list offers in `?sort=`, and the select that picks one. */
import { useId } from 'react';

/** Each `?sort=` key with the sort and order GET /repos/search takes for it. */
export const REPO_SORTS = {
  updated: { sort: 'updated', order: 'desc', words: 'Recently updated' },
  alpha: { sort: 'alpha', order: 'asc', words: 'Name' },
  created: { sort: 'created', order: 'desc', words: 'Newest' },
} as const;
export type RepoSortKey = keyof typeof REPO_SORTS;

/** The order named by a `?sort=` value; recently updated first when it names none. */
export function repoSortOf(value: string | null): RepoSortKey {
  return value !== null && Object.hasOwn(REPO_SORTS, value) ? value as RepoSortKey : 'updated';
}

/** A labelled "Sort" select for a search form. */
export function RepoSortSelect({ value, onChange }: { value: RepoSortKey; onChange(sort: RepoSortKey): void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>Sort</label>
      <select id={id} value={value} onChange={(e) => onChange(repoSortOf(e.target.value))}>
        {Object.entries(REPO_SORTS).map(([k, v]) => <option key={k} value={k}>{v.words}</option>)}
      </select>
    </>
  );
}
