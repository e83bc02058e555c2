/** Request schemas of the repository routes (Gitea's CreateRepoOption, EditRepoOption, repo search query). */
import { z } from 'zod';

/** Gitea's CreateRepoOption. */
export const CreateRepoOption = z.object({
  name: z.string().max(100),
  description: z.string().max(2048).optional(),
  private: z.boolean().optional(),
  auto_init: z.boolean().optional(),
  default_branch: z.string().max(255).optional(),
  gitignores: z.string().optional(),
  license: z.string().optional(),
  readme: z.string().optional(),
  issue_labels: z.string().optional(),
  template: z.boolean().optional(),
  trust_model: z.enum(['default', 'collaborator', 'committer', 'collaboratorcommitter']).optional(),
  object_format_name: z.enum(['sha1', 'sha256']).optional(),
});
export type CreateRepoOption = z.infer<typeof CreateRepoOption>;

const ExternalTracker = z.object({
  external_tracker_url: z.string(),
  external_tracker_format: z.string().optional(),
  external_tracker_style: z.string().optional(),
  external_tracker_regexp_pattern: z.string().optional(),
});

const InternalTracker = z.object({
  enable_time_tracker: z.boolean().optional(),
  allow_only_contributors_to_track_time: z.boolean().optional(),
  enable_issue_dependencies: z.boolean().optional(),
});

const MERGE_STYLES = ['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only', 'manually-merged'] as const;

/** Gitea's EditRepoOption: every field optional, each applied only when present. */
export const EditRepoOption = z.object({
  name: z.string().optional(),
  description: z.string().max(2048).optional(),
  website: z.string().max(1024).optional(),
  private: z.boolean().optional(),
  template: z.boolean().optional(),
  archived: z.boolean().optional(),
  default_branch: z.string().optional(),
  has_code: z.boolean().optional(),
  has_issues: z.boolean().optional(),
  internal_tracker: InternalTracker.optional(),
  external_tracker: ExternalTracker.optional(),
  has_wiki: z.boolean().optional(),
  external_wiki: z.object({ external_wiki_url: z.string() }).optional(),
  has_pull_requests: z.boolean().optional(),
  has_projects: z.boolean().optional(),
  projects_mode: z.enum(['repo', 'owner', 'all']).optional(),
  has_releases: z.boolean().optional(),
  has_packages: z.boolean().optional(),
  has_actions: z.boolean().optional(),
  ignore_whitespace_conflicts: z.boolean().optional(),
  allow_merge_commits: z.boolean().optional(),
  allow_rebase: z.boolean().optional(),
  allow_rebase_explicit: z.boolean().optional(),
  allow_squash_merge: z.boolean().optional(),
  allow_fast_forward_only_merge: z.boolean().optional(),
  allow_manual_merge: z.boolean().optional(),
  autodetect_manual_merge: z.boolean().optional(),
  allow_rebase_update: z.boolean().optional(),
  allow_merge_update: z.boolean().optional(),
  default_delete_branch_after_merge: z.boolean().optional(),
  default_merge_style: z.enum(MERGE_STYLES).optional(),
  default_update_style: z.enum(['merge', 'rebase']).optional(),
  default_allow_maintainer_edit: z.boolean().optional(),
  enable_prune: z.boolean().optional(),
  mirror_interval: z.string().optional(),
  mirror_username: z.string().optional(),
  mirror_password: z.string().optional(),
  mirror_token: z.string().optional(),
});
export type EditRepoOption = z.infer<typeof EditRepoOption>;

const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const intParam = z.string().regex(/^-?\d+$/, 'expected an integer').transform(Number);

/** Query of GET /repos/search. */
export const RepoSearchQuery = z.object({
  q: z.string().optional(),
  topic: boolParam.optional(),
  includeDesc: boolParam.optional(),
  uid: intParam.optional(),
  priority_owner_id: intParam.optional(),
  team_id: intParam.optional(),
  starredBy: intParam.optional(),
  private: boolParam.optional(),
  is_private: boolParam.optional(),
  template: boolParam.optional(),
  archived: boolParam.optional(),
  mode: z.enum(['fork', 'source', 'mirror', 'collaborative']).optional(),
  exclusive: boolParam.optional(),
  sort: z.string().optional(),
  order: z.string().optional(),
}).loose();
export type RepoSearchQuery = z.infer<typeof RepoSearchQuery>;
