/** Gitea's branch protection shapes: `BranchProtection`, `CreateBranchProtectionOption`, `EditBranchProtectionOption`, `UpdateBranchProtectionPriories`. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';

const names = z.array(z.string().max(255)).max(1000);
/** `;`-separated globs; each is checked by the service. */
const patterns = z.string().max(10_000);

/** The settings both options share (every one optional: an edit changes only what it names). */
const settings = {
  priority: int.min(0).optional(),
  enable_push: z.boolean().optional(),
  enable_push_whitelist: z.boolean().optional(),
  push_whitelist_usernames: names.optional(),
  push_whitelist_teams: names.optional(),
  push_whitelist_deploy_keys: z.boolean().optional(),
  enable_force_push: z.boolean().optional(),
  enable_force_push_allowlist: z.boolean().optional(),
  force_push_allowlist_usernames: names.optional(),
  force_push_allowlist_teams: names.optional(),
  force_push_allowlist_deploy_keys: z.boolean().optional(),
  enable_merge_whitelist: z.boolean().optional(),
  merge_whitelist_usernames: names.optional(),
  merge_whitelist_teams: names.optional(),
  enable_status_check: z.boolean().optional(),
  status_check_contexts: names.optional(),
  required_approvals: int.optional(),
  enable_approvals_whitelist: z.boolean().optional(),
  approvals_whitelist_username: names.optional(),
  approvals_whitelist_teams: names.optional(),
  block_on_rejected_reviews: z.boolean().optional(),
  block_on_official_review_requests: z.boolean().optional(),
  block_on_outdated_branch: z.boolean().optional(),
  dismiss_stale_approvals: z.boolean().optional(),
  ignore_stale_approvals: z.boolean().optional(),
  require_signed_commits: z.boolean().optional(),
  protected_file_patterns: patterns.optional(),
  unprotected_file_patterns: patterns.optional(),
  block_admin_merge_override: z.boolean().optional(),
  enable_bypass_allowlist: z.boolean().optional(),
  bypass_allowlist_usernames: names.optional(),
  bypass_allowlist_teams: names.optional(),
};

/** `POST /repos/{owner}/{repo}/branch_protections`: `rule_name` (a branch or a glob), or the older `branch_name`. */
export const CreateBranchProtectionOption = z.object({
  rule_name: z.string().max(255).optional(),
  branch_name: z.string().max(255).optional(),
  ...settings,
}).meta({ id: 'CreateBranchProtectionOption' });
export type CreateBranchProtectionOption = z.infer<typeof CreateBranchProtectionOption>;

/** `PATCH /repos/{owner}/{repo}/branch_protections/{name}`: no rename. */
export const EditBranchProtectionOption = z.object(settings).meta({ id: 'EditBranchProtectionOption' });
export type EditBranchProtectionOption = z.infer<typeof EditBranchProtectionOption>;

/** `POST /repos/{owner}/{repo}/branch_protections/priority`: the rules' ids in their new order. */
export const UpdateBranchProtectionPriories = z.object({
  ids: z.array(int.min(1)).max(1000).default([]),
}).meta({ id: 'UpdateBranchProtectionPriories' });
export type UpdateBranchProtectionPriories = z.infer<typeof UpdateBranchProtectionPriories>;

/** Gitea's `BranchProtection`. `branch_name` is the rule name when it is a plain branch name, else "". */
export const BranchProtection = z.strictObject({
  branch_name: z.string(),
  rule_name: z.string(),
  priority: int,
  enable_push: z.boolean(),
  enable_push_whitelist: z.boolean(),
  push_whitelist_usernames: z.array(z.string()),
  push_whitelist_teams: z.array(z.string()),
  push_whitelist_deploy_keys: z.boolean(),
  enable_force_push: z.boolean(),
  enable_force_push_allowlist: z.boolean(),
  force_push_allowlist_usernames: z.array(z.string()),
  force_push_allowlist_teams: z.array(z.string()),
  force_push_allowlist_deploy_keys: z.boolean(),
  enable_merge_whitelist: z.boolean(),
  merge_whitelist_usernames: z.array(z.string()),
  merge_whitelist_teams: z.array(z.string()),
  enable_status_check: z.boolean(),
  status_check_contexts: z.array(z.string()),
  required_approvals: int,
  enable_approvals_whitelist: z.boolean(),
  approvals_whitelist_username: z.array(z.string()),
  approvals_whitelist_teams: z.array(z.string()),
  block_on_rejected_reviews: z.boolean(),
  block_on_official_review_requests: z.boolean(),
  block_on_outdated_branch: z.boolean(),
  dismiss_stale_approvals: z.boolean(),
  ignore_stale_approvals: z.boolean(),
  require_signed_commits: z.boolean(),
  protected_file_patterns: z.string(),
  unprotected_file_patterns: z.string(),
  block_admin_merge_override: z.boolean(),
  enable_bypass_allowlist: z.boolean(),
  bypass_allowlist_usernames: z.array(z.string()),
  bypass_allowlist_teams: z.array(z.string()),
  created_at: dateTime,
  updated_at: dateTime,
}).meta({ id: 'BranchProtection' });
export type BranchProtection = z.infer<typeof BranchProtection>;
