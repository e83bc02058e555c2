/**
 * The pull part of a pull request (Gitea's pull_request table). The issue part (title, body, state, labels,
 * milestone, assignees, comments) is the issue record with `is_pull` and the same index (store/issues.ts).
 */
import type { Store } from './index.ts';
import { LogTable } from './engine/log-table.ts';

/** Gitea's merge styles. */
export type MergeStyle = 'merge' | 'rebase' | 'rebase-merge' | 'squash' | 'fast-forward-only';

/** Gitea's PullRequestStatus: where the mergeability check stands. */
export type PullStatus = 'checking' | 'mergeable' | 'conflict' | 'empty' | 'error' | 'ancestor' | 'manually-merged';

/** A stored auto-merge request (Gitea's pull_auto_merge): merge once the merge gate lets it. */
export interface AutoMergeRecord {
  doer_id: number;
  style: MergeStyle;
  title: string;
  message: string;
  delete_branch: boolean;
  created: string;
}

export interface PullRecord {
  id: number;
  /** The base repository (where the pull request lives). */
  repo_id: number;
  /** The issue index it shares with the issue record. */
  index: number;
  /** The issue record's global id. */
  issue_id: number;
  head_repo_id: number;
  head_branch: string;
  base_branch: string;
  /** The head commit as of the last sync (also at refs/pull/{index}/head). */
  head_sha: string;
  merge_base: string;
  status: PullStatus;
  conflicted_files: string[];
  /** Changed files and lines as of the last check. */
  changed_files: number;
  additions: number;
  deletions: number;
  allow_maintainer_edit: boolean;
  has_merged: boolean;
  merged_sha: string;
  merged_at: string | null;
  merger_id: number;
  auto_merge: AutoMergeRecord | null;
}

const key = (repoId: number, index: number) => `${repoId}:${index}`;
const table = new LogTable<PullRecord>('pulls', {
  unique: [{ name: 'issue', key: (p) => key(p.repo_id, p.index) }],
  indexes: [
    { name: 'repo', key: (p) => String(p.repo_id) },
    { name: 'head', key: (p) => String(p.head_repo_id) },
  ],
});

/** The pull part of the pull request with this index. */
export const getByIndex = (store: Store, repoId: number, index: number) => table.getBy(store, 'issue', key(repoId, index));

/** The pull parts of a repository's pull requests (the base side), by id. */
export const listByRepo = (store: Store, repoId: number, where?: (p: PullRecord) => boolean) => table.listBy(store, 'repo', String(repoId), where);

/** The pull parts whose head is in this repository (any base repository). */
export const listByHeadRepo = (store: Store, repoId: number, where?: (p: PullRecord) => boolean) => table.listBy(store, 'head', String(repoId), where);

/** Stores a new pull part. */
export const insert = (store: Store, make: (id: number) => PullRecord) => table.insert(store, make);

/** Changes a pull part. */
export const update = (store: Store, id: number, mutate: (p: PullRecord) => void) => table.update(store, id, mutate);

/** Deletes the pull parts of a repository's pull requests (it is being deleted). */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));
