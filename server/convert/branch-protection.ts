/** Branch protection rules as Gitea's `BranchProtection`. */
import type { ProtectedBranchRecord } from '../store/protected-branches.ts';
import type { BranchProtection } from '../structs/branch-protection.ts';

export interface AllowListNames {
  users: Map<number, string>;
  teams: Map<number, string>;
}

/** Gitea's ToBranchProtection: allow-lists by name (entries whose user or team is gone are left out). */
export function toBranchProtection(r: ProtectedBranchRecord, names: AllowListNames): BranchProtection {
  const users = (ids: number[]): string[] => ids.flatMap((id) => names.users.get(id) ?? []);
  const teams = (ids: number[]): string[] => ids.flatMap((id) => names.teams.get(id) ?? []);
  return {
    branch_name: /[*?\\[\]{}]/.test(r.rule_name) ? '' : r.rule_name,
    rule_name: r.rule_name,
    priority: r.priority,
    enable_push: r.can_push,
    enable_push_whitelist: r.enable_whitelist,
    push_whitelist_usernames: users(r.whitelist_user_ids),
    push_whitelist_teams: teams(r.whitelist_team_ids),
    push_whitelist_deploy_keys: r.whitelist_deploy_keys,
    enable_force_push: r.can_force_push,
    enable_force_push_allowlist: r.enable_force_push_allowlist,
    force_push_allowlist_usernames: users(r.force_push_allowlist_user_ids),
    force_push_allowlist_teams: teams(r.force_push_allowlist_team_ids),
    force_push_allowlist_deploy_keys: r.force_push_allowlist_deploy_keys,
    enable_merge_whitelist: r.enable_merge_whitelist,
    merge_whitelist_usernames: users(r.merge_whitelist_user_ids),
    merge_whitelist_teams: teams(r.merge_whitelist_team_ids),
    enable_status_check: r.enable_status_check,
    status_check_contexts: r.status_check_contexts,
    required_approvals: r.required_approvals,
    enable_approvals_whitelist: r.enable_approvals_whitelist,
    approvals_whitelist_username: users(r.approvals_whitelist_user_ids),
    approvals_whitelist_teams: teams(r.approvals_whitelist_team_ids),
    block_on_rejected_reviews: r.block_on_rejected_reviews,
    block_on_official_review_requests: r.block_on_official_review_requests,
    block_on_outdated_branch: r.block_on_outdated_branch,
    dismiss_stale_approvals: r.dismiss_stale_approvals,
    ignore_stale_approvals: r.ignore_stale_approvals,
    require_signed_commits: r.require_signed_commits,
    protected_file_patterns: r.protected_file_patterns,
    unprotected_file_patterns: r.unprotected_file_patterns,
    block_admin_merge_override: r.block_admin_merge_override,
    enable_bypass_allowlist: r.enable_bypass_allowlist,
    bypass_allowlist_usernames: users(r.bypass_allowlist_user_ids),
    bypass_allowlist_teams: teams(r.bypass_allowlist_team_ids),
    created_at: r.created,
    updated_at: r.updated,
  };
}
