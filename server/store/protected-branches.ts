/** Branch protection rules of repositories (Gitea's protected_branch table): one document, a handful per repository. */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';
import { compositeKey } from './engine/indexes.ts';

export interface ProtectedBranchRecord {
  id: number;
  repo_id: number;
  /** A branch name, or a glob (`release/*`) when it holds a glob character. */
  rule_name: string;
  /** Lower first; among equal priorities, the older rule first. */
  priority: number;
  can_push: boolean;
  enable_whitelist: boolean;
  whitelist_user_ids: number[];
  whitelist_team_ids: number[];
  whitelist_deploy_keys: boolean;
  can_force_push: boolean;
  enable_force_push_allowlist: boolean;
  force_push_allowlist_user_ids: number[];
  force_push_allowlist_team_ids: number[];
  force_push_allowlist_deploy_keys: boolean;
  enable_merge_whitelist: boolean;
  merge_whitelist_user_ids: number[];
  merge_whitelist_team_ids: number[];
  enable_status_check: boolean;
  status_check_contexts: string[];
  enable_approvals_whitelist: boolean;
  approvals_whitelist_user_ids: number[];
  approvals_whitelist_team_ids: number[];
  required_approvals: number;
  block_on_rejected_reviews: boolean;
  block_on_official_review_requests: boolean;
  block_on_outdated_branch: boolean;
  dismiss_stale_approvals: boolean;
  ignore_stale_approvals: boolean;
  require_signed_commits: boolean;
  /** `;`-separated globs of files a push may not change. */
  protected_file_patterns: string;
  /** `;`-separated globs of files anyone with write access may change on the branch. */
  unprotected_file_patterns: string;
  block_admin_merge_override: boolean;
  enable_bypass_allowlist: boolean;
  bypass_allowlist_user_ids: number[];
  bypass_allowlist_team_ids: number[];
  created: string;
  updated: string;
}

const table = new Table<ProtectedBranchRecord>('protected_branches', {
  unique: [{ name: 'repo_rule', key: (p) => compositeKey(p.repo_id, p.rule_name) }],
  indexes: [{ name: 'repo', key: (p) => String(p.repo_id) }],
});

/** Gitea's rule order: priority, then id. */
const byPriority = (a: ProtectedBranchRecord, b: ProtectedBranchRecord): number => a.priority - b.priority || a.id - b.id;

/** A repository's rules in the order they are tried. */
export async function listByRepo(store: Store, repoId: number): Promise<ProtectedBranchRecord[]> {
  return (await table.listBy(store, 'repo', String(repoId))).sort(byPriority);
}

/** The rule with exactly this name. */
export const getByName = (store: Store, repoId: number, ruleName: string) => table.getBy(store, 'repo_rule', compositeKey(repoId, ruleName));

/** Whether a repository has any rule (cheap: the index's count). */
export const countByRepo = (store: Store, repoId: number) => table.countBy(store, 'repo', String(repoId));

/** Stores a new rule; a second rule of one name in one repository is a unique violation. */
export const insert = (store: Store, make: (id: number) => ProtectedBranchRecord) => table.insert(store, make);

/** Changes a rule. */
export const update = (store: Store, id: number, mutate: (p: ProtectedBranchRecord) => void) => table.update(store, id, mutate);

/** Deletes a rule. */
export const remove = (store: Store, id: number) => table.remove(store, id);

/** Deletes a repository's rules (it is being deleted). */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));
