/** Gitea's branch shapes: `Branch`, `CreateBranchRepoOption`, `RenameBranchRepoOption`. */
import { z } from 'zod';
import { int } from './common.ts';
import { PayloadCommit } from './commit.ts';

/** Gitea's `Branch`. */
export const Branch = z.strictObject({
  name: z.string(),
  commit: PayloadCommit,
  protected: z.boolean(),
  required_approvals: int,
  enable_status_check: z.boolean(),
  status_check_contexts: z.array(z.string()),
  user_can_push: z.boolean(),
  user_can_merge: z.boolean(),
  effective_branch_protection_name: z.string(),
}).meta({ id: 'Branch' });
export type Branch = z.infer<typeof Branch>;

/** `POST /repos/{owner}/{repo}/branches`: from `old_ref_name` (any ref or commit), else `old_branch_name`, else the default branch. */
export const CreateBranchRepoOption = z.object({
  new_branch_name: z.string().min(1).max(100),
  old_branch_name: z.string().optional(),
  old_ref_name: z.string().optional(),
}).meta({ id: 'CreateBranchRepoOption' });
export type CreateBranchRepoOption = z.infer<typeof CreateBranchRepoOption>;

/** `PATCH /repos/{owner}/{repo}/branches/{branch}`: the new name. */
export const RenameBranchRepoOption = z.object({
  name: z.string().min(1).max(100),
}).meta({ id: 'RenameBranchRepoOption' });
export type RenameBranchRepoOption = z.infer<typeof RenameBranchRepoOption>;
