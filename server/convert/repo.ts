/** Maps a stored repository to Gitea's `Repository` JSON. URLs are built from the base URL the client used. */
import type { RepoRecord, UserRecord } from '../store/records.ts';
import { toUser } from './user.ts';
import type { ExternalTracker, InternalTracker, Permission, RepoTransfer, Repository } from '../structs/repo.ts';
import type { TeamRecord } from '../store/teams.ts';
import { toTeam } from './team.ts';
import { toOrganization } from './org.ts';

/** Gitea's settings of a new repository for the options kept in `RepoRecord.options`. */
export const REPO_OPTION_DEFAULTS = {
  allow_merge_commits: true,
  allow_rebase: true,
  allow_rebase_explicit: true,
  allow_squash_merge: true,
  allow_fast_forward_only_merge: true,
  allow_rebase_update: true,
  allow_manual_merge: false,
  autodetect_manual_merge: false,
  default_delete_branch_after_merge: false,
  default_allow_maintainer_edit: false,
  ignore_whitespace_conflicts: false,
  default_merge_style: 'merge',
  default_update_style: 'merge',
  projects_mode: 'all',
  internal_tracker: { enable_time_tracker: true, allow_only_contributors_to_track_time: true, enable_issue_dependencies: true } as InternalTracker,
  external_tracker: null as Record<string, string> | null,
  external_wiki: null as Record<string, string> | null,
  trust_model: 'default',
  mirror_interval: '',
  enable_prune: false,
  /** Set by a migration: the source address, without credentials. */
  original_url: '',
  /** Set by mirror syncs: when the last one ended, and when the last one succeeded. */
  mirror_updated: '',
  mirror_last_sync_at: '',
} as const;

type OptionKey = keyof typeof REPO_OPTION_DEFAULTS;

/** A stored option, or Gitea's default when the repository never set it. */
export function repoOption<K extends OptionKey>(repo: Pick<RepoRecord, 'options'>, key: K): (typeof REPO_OPTION_DEFAULTS)[K] {
  const v = repo.options[key];
  return (v === undefined ? REPO_OPTION_DEFAULTS[key] : v) as (typeof REPO_OPTION_DEFAULTS)[K];
}

const ZERO_TIME = '0001-01-01T00:00:00Z';
const UNIX_ZERO = '1970-01-01T00:00:00Z';

/** The repository's web, clone and API addresses under `baseUrl`. */
export function repoUrls(owner: Pick<UserRecord, 'name'>, repo: Pick<RepoRecord, 'name'>, baseUrl: string) {
  const path = `${encodeURIComponent(owner.name)}/${encodeURIComponent(repo.name)}`;
  return { html: `${baseUrl}/${path}`, clone: `${baseUrl}/${path}.git`, api: `${baseUrl}/api/v1/repos/${path}` };
}

export interface ToRepoOptions {
  permission: Permission;
  viewer: UserRecord | null;
  baseUrl: string;
  branchCount?: number;
  watchersCount?: number;
  starsCount?: number;
  /** Open issues (not pull requests). */
  openIssues?: number;
  /** A fork's source as the viewer sees it (absent when the viewer may not see it). */
  parent?: Repository;
  forksCount?: number;
  openPulls?: number;
  /** The pending transfer, shown as `repo_transfer`. */
  transfer?: { doer: UserRecord; recipient: UserRecord; teams: { team: TeamRecord; org: UserRecord; repoAdminChangeTeamAccess: boolean }[] } | undefined;
}

function pullSettings(repo: RepoRecord) {
  const on = repo.units.has_pull_requests;
  const b = (k: OptionKey): boolean => on && (repoOption(repo, k) as boolean);
  return {
    has_pull_requests: on,
    ignore_whitespace_conflicts: b('ignore_whitespace_conflicts'),
    allow_merge_commits: b('allow_merge_commits'),
    allow_rebase: b('allow_rebase'),
    allow_rebase_explicit: b('allow_rebase_explicit'),
    allow_squash_merge: b('allow_squash_merge'),
    allow_fast_forward_only_merge: b('allow_fast_forward_only_merge'),
    allow_rebase_update: b('allow_rebase_update'),
    allow_merge_update: on,
    allow_manual_merge: b('allow_manual_merge'),
    autodetect_manual_merge: b('autodetect_manual_merge'),
    default_delete_branch_after_merge: b('default_delete_branch_after_merge'),
    default_merge_style: on ? repoOption(repo, 'default_merge_style') : 'merge',
    default_update_style: on ? repoOption(repo, 'default_update_style') : 'merge',
    default_allow_maintainer_edit: b('default_allow_maintainer_edit'),
    default_target_branch: repo.default_branch,
  };
}

/** Gitea sends every field of the external tracker, "" where none was set. */
function externalTracker(stored: Record<string, string | undefined>): ExternalTracker {
  return {
    external_tracker_url: stored.external_tracker_url ?? '',
    external_tracker_format: stored.external_tracker_format ?? '',
    external_tracker_style: stored.external_tracker_style ?? '',
    external_tracker_regexp_pattern: stored.external_tracker_regexp_pattern ?? '',
  };
}

function unitFields(repo: RepoRecord) {
  const tracker = repoOption(repo, 'external_tracker');
  const wiki = repoOption(repo, 'external_wiki');
  return {
    has_code: repo.units.has_code,
    has_issues: repo.units.has_issues || tracker !== null,
    internal_tracker: repo.units.has_issues ? repoOption(repo, 'internal_tracker') : undefined,
    external_tracker: !repo.units.has_issues && tracker ? externalTracker(tracker) : undefined,
    has_wiki: repo.units.has_wiki || wiki !== null,
    external_wiki: !repo.units.has_wiki && wiki ? { external_wiki_url: wiki.external_wiki_url ?? '' } : undefined,
    has_projects: repo.units.has_projects,
    projects_mode: repoOption(repo, 'projects_mode'),
    has_releases: repo.units.has_releases,
    has_packages: repo.units.has_packages,
    has_actions: repo.units.has_actions,
  };
}

/** Gitea's `RepoTransfer`: who started it, who is to accept it, and the teams the repository would join. */
export function toRepoTransfer(t: NonNullable<ToRepoOptions['transfer']>, viewer: UserRecord | null, baseUrl: string): RepoTransfer {
  return {
    doer: toUser(t.doer, viewer, baseUrl),
    recipient: toUser(t.recipient, viewer, baseUrl),
    teams: t.teams.map((x) => toTeam(x.team, toOrganization(x.org, viewer, baseUrl, x.repoAdminChangeTeamAccess))),
  };
}

/** Gitea's `Repository` for `repo` owned by `owner`, as `viewer` (with `permission`) sees it. */
export function toRepo(repo: RepoRecord, owner: UserRecord, o: ToRepoOptions): Repository {
  const urls = repoUrls(owner, repo, o.baseUrl);
  return {
    id: repo.id,
    owner: toUser(owner, o.viewer, o.baseUrl),
    name: repo.name,
    full_name: `${owner.name}/${repo.name}`,
    description: repo.description,
    empty: repo.is_empty,
    private: repo.is_private,
    fork: repo.is_fork,
    template: repo.is_template,
    mirror: repo.is_mirror,
    size: repo.size_kb,
    language: '',
    languages_url: `${urls.api}/languages`,
    html_url: urls.html,
    url: urls.api,
    link: '',
    ssh_url: '',
    clone_url: urls.clone,
    original_url: repoOption(repo, 'original_url'),
    website: repo.website,
    stars_count: o.starsCount ?? 0,
    forks_count: o.forksCount ?? 0,
    watchers_count: o.watchersCount ?? 0,
    open_issues_count: o.openIssues ?? 0,
    open_pr_counter: o.openPulls ?? 0,
    release_counter: 0,
    default_branch: repo.default_branch,
    archived: repo.is_archived,
    created_at: repo.created,
    updated_at: repo.updated,
    archived_at: repo.archived_at ?? UNIX_ZERO,
    permissions: o.permission,
    ...unitFields(repo),
    ...pullSettings(repo),
    // Gitea's AvatarLink: the uploaded image's address, '' without one.
    avatar_url: repo.avatar ? `${o.baseUrl}/repo-avatars/${repo.id}/${repo.avatar}` : '',
    internal: !repo.is_private && owner.visibility === 'private',
    mirror_interval: repo.is_mirror ? repoOption(repo, 'mirror_interval') : '',
    object_format_name: repo.object_format,
    mirror_updated: (repo.is_mirror && repoOption(repo, 'mirror_updated')) || ZERO_TIME,
    mirror_last_sync_at: (repo.is_mirror && repoOption(repo, 'mirror_last_sync_at')) || ZERO_TIME,
    topics: repo.topics ?? [],
    licenses: [] as string[],
    branch_count: o.branchCount ?? 0,
    ...(o.parent ? { parent: o.parent } : {}),
    ...(o.transfer ? { repo_transfer: toRepoTransfer(o.transfer, o.viewer, o.baseUrl) } : {}),
  };
}
