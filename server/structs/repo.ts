/** Wire shapes of the repository routes: Gitea's Repository, CreateRepoOption, EditRepoOption, the search query and results. */
import { z } from 'zod';
import { dateTime, int, searchResults } from './common.ts';
import { User } from './user.ts';
import { Team } from './org.ts';

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
}).meta({ id: 'CreateRepoOption' });
export type CreateRepoOption = z.infer<typeof CreateRepoOption>;

const ExternalTrackerOption = z.object({
  external_tracker_url: z.string(),
  external_tracker_format: z.string().optional(),
  external_tracker_style: z.string().optional(),
  external_tracker_regexp_pattern: z.string().optional(),
});

const InternalTrackerOption = z.object({
  enable_time_tracker: z.boolean().optional(),
  allow_only_contributors_to_track_time: z.boolean().optional(),
  enable_issue_dependencies: z.boolean().optional(),
});

const MERGE_STYLES = ['merge', 'rebase', 'rebase-merge', 'squash', 'fast-forward-only', 'manually-merged'] as const;

/** Gitea's EditRepoOption: every field optional, each applied only when present. */
/** Gitea's `TransferRepoOption`. */
export const TransferRepoOption = z.object({ new_owner: z.string(), team_ids: z.array(z.number().int()).optional() }).meta({ id: 'TransferRepoOption' });
export type TransferRepoOption = z.infer<typeof TransferRepoOption>;

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
  internal_tracker: InternalTrackerOption.optional(),
  external_tracker: ExternalTrackerOption.optional(),
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
}).meta({ id: 'EditRepoOption' });
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

/** Gitea's `Permission`: what the viewer may do with a repository. */
export const Permission = z.strictObject({ admin: z.boolean(), push: z.boolean(), pull: z.boolean() }).meta({ id: 'Permission' });
export type Permission = z.infer<typeof Permission>;

/** Gitea's `InternalTracker`, present when the built-in issue tracker is on. */
export const InternalTracker = z.strictObject({
  enable_time_tracker: z.boolean(),
  allow_only_contributors_to_track_time: z.boolean(),
  enable_issue_dependencies: z.boolean(),
}).meta({ id: 'InternalTracker' });
export type InternalTracker = z.infer<typeof InternalTracker>;

/** Gitea's `ExternalTracker`, present when issues live in another tracker. */
export const ExternalTracker = z.strictObject({
  external_tracker_url: z.string(),
  external_tracker_format: z.string(),
  external_tracker_style: z.string(),
  external_tracker_regexp_pattern: z.string(),
}).meta({ id: 'ExternalTracker' });
export type ExternalTracker = z.infer<typeof ExternalTracker>;

/** Gitea's `ExternalWiki`. */
export const ExternalWiki = z.strictObject({ external_wiki_url: z.string() }).meta({ id: 'ExternalWiki' });
export type ExternalWiki = z.infer<typeof ExternalWiki>;

/** Gitea's `RepoTransfer`: a transfer of the repository waiting for the recipient. */
export const RepoTransfer = z.strictObject({ doer: User, recipient: User, teams: z.array(Team) }).meta({ id: 'RepoTransfer' });
export type RepoTransfer = z.infer<typeof RepoTransfer>;

/** Gitea's `Repository` as a viewer with `permissions` sees it. `parent` (forks) and `repo_transfer` are absent when empty, as in Gitea. */
export const Repository = z.strictObject({
  id: int,
  owner: User,
  name: z.string(),
  full_name: z.string(),
  description: z.string(),
  empty: z.boolean(),
  private: z.boolean(),
  fork: z.boolean(),
  get parent() {
    return Repository.optional();
  },
  template: z.boolean(),
  mirror: z.boolean(),
  size: int,
  language: z.string(),
  languages_url: z.string(),
  html_url: z.string(),
  url: z.string(),
  link: z.string(),
  ssh_url: z.string(),
  clone_url: z.string(),
  original_url: z.string(),
  website: z.string(),
  stars_count: int,
  forks_count: int,
  watchers_count: int,
  open_issues_count: int,
  open_pr_counter: int,
  release_counter: int,
  default_branch: z.string(),
  archived: z.boolean(),
  created_at: dateTime,
  updated_at: dateTime,
  archived_at: dateTime,
  permissions: Permission,
  repo_transfer: RepoTransfer.optional(),
  has_code: z.boolean(),
  has_issues: z.boolean(),
  internal_tracker: InternalTracker.optional(),
  external_tracker: ExternalTracker.optional(),
  has_wiki: z.boolean(),
  external_wiki: ExternalWiki.optional(),
  has_pull_requests: z.boolean(),
  has_projects: z.boolean(),
  projects_mode: z.string(),
  has_releases: z.boolean(),
  has_packages: z.boolean(),
  has_actions: z.boolean(),
  ignore_whitespace_conflicts: z.boolean(),
  allow_merge_commits: z.boolean(),
  allow_rebase: z.boolean(),
  allow_rebase_explicit: z.boolean(),
  allow_squash_merge: z.boolean(),
  allow_fast_forward_only_merge: z.boolean(),
  allow_rebase_update: z.boolean(),
  allow_merge_update: z.boolean(),
  allow_manual_merge: z.boolean(),
  autodetect_manual_merge: z.boolean(),
  default_delete_branch_after_merge: z.boolean(),
  default_merge_style: z.string(),
  default_update_style: z.string(),
  default_allow_maintainer_edit: z.boolean(),
  default_target_branch: z.string(),
  avatar_url: z.string(),
  internal: z.boolean(),
  mirror_interval: z.string(),
  object_format_name: z.enum(['sha1', 'sha256']),
  mirror_updated: dateTime,
  mirror_last_sync_at: dateTime,
  topics: z.array(z.string()),
  licenses: z.array(z.string()),
  branch_count: int,
}).meta({ id: 'Repository' });
export type Repository = z.infer<typeof Repository>;

/** Gitea's `SearchResults` (`GET /repos/search`). */
export const SearchResults = searchResults(Repository).meta({ id: 'SearchResults' });
export type SearchResults = z.infer<typeof SearchResults>;
