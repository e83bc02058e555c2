/** Editing a repository (Gitea's EditRepoOption): each field is applied only when present. */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';
import * as refs from '../../git/refs.ts';
import { repoNameProblem } from '../../lib/names.ts';
import { ValidationError } from '../../lib/errors.ts';
import { noteMove } from './redirects.ts';
import { withOwnerNames } from './locks.ts';
import { checkMirrorEdit, applyMirrorEdit } from '../mirror/edit.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';

export interface RepoEdit {
  name?: string | undefined;
  description?: string | undefined;
  website?: string | undefined;
  private?: boolean | undefined;
  template?: boolean | undefined;
  archived?: boolean | undefined;
  default_branch?: string | undefined;
  has_code?: boolean | undefined;
  has_issues?: boolean | undefined;
  internal_tracker?: Record<string, boolean | undefined> | undefined;
  external_tracker?: Record<string, string | undefined> | undefined;
  has_wiki?: boolean | undefined;
  external_wiki?: { external_wiki_url: string } | undefined;
  has_pull_requests?: boolean | undefined;
  has_projects?: boolean | undefined;
  has_releases?: boolean | undefined;
  has_packages?: boolean | undefined;
  has_actions?: boolean | undefined;
  enable_prune?: boolean | undefined;
  mirror_interval?: string | undefined;
  mirror_username?: string | undefined;
  mirror_password?: string | undefined;
  mirror_token?: string | undefined;
  [option: string]: unknown;
}

/** Options kept as given in `RepoRecord.options` (merge settings, project mode). */
const PLAIN_OPTIONS = [
  'ignore_whitespace_conflicts', 'allow_merge_commits', 'allow_rebase', 'allow_rebase_explicit', 'allow_squash_merge',
  'allow_fast_forward_only_merge', 'allow_manual_merge', 'autodetect_manual_merge', 'allow_rebase_update',
  'default_delete_branch_after_merge', 'default_merge_style', 'default_update_style', 'default_allow_maintainer_edit', 'projects_mode',
] as const;
const UNITS = ['has_code', 'has_pull_requests', 'has_projects', 'has_releases', 'has_packages', 'has_actions'] as const;

async function rename(app: AppContext, repo: RepoRecord, name: string): Promise<void> {
  if (name === repo.name) return;
  const problem = repoNameProblem(name);
  if (problem) throw new ValidationError(`repo name is not allowed: ${problem} [name: ${name}]`);
  await withOwnerNames(app, repo.owner_id, async () => {
    const other = await repoStore.getByOwnerAndName(app.store, repo.owner_id, name);
    if (other && other.id !== repo.id) throw new ValidationError(`repo name is already taken [name: ${name}]`);
    // The storage path comes from the id, so a rename moves no files.
    await repoStore.update(app.store, repo.id, (r) => { r.name = name; }).catch((err: unknown) => {
      throw isUniqueViolation(err, repoStore.NAME_INDEX) ? new ValidationError(`repo name is already taken [name: ${name}]`) : err;
    });
    await noteMove(app, repo.id, repo.owner_id, repo.name, repo.owner_id, name);
  });
}

function applyUnits(r: RepoRecord, opts: RepoEdit): void {
  for (const u of UNITS) if (opts[u] !== undefined) r.units[u] = opts[u];
  for (const k of PLAIN_OPTIONS) if (opts[k] !== undefined) r.options[k] = opts[k];
  if (opts.has_issues !== undefined) {
    const external = opts.has_issues && opts.external_tracker ? opts.external_tracker : null;
    r.units.has_issues = opts.has_issues && !external;
    r.options.external_tracker = external;
    if (opts.internal_tracker) r.options.internal_tracker = { ...(r.options.internal_tracker as object | undefined), ...opts.internal_tracker };
  }
  if (opts.has_wiki !== undefined) {
    const external = opts.has_wiki && opts.external_wiki ? opts.external_wiki : null;
    r.units.has_wiki = opts.has_wiki && !external;
    r.options.external_wiki = external;
  }
}

async function checkedDefaultBranch(repo: RepoRecord, gitDir: string, branch: string | undefined): Promise<string | undefined> {
  if (branch === undefined || branch === repo.default_branch) return undefined;
  // Gitea changes it only when the branch exists or the repository is empty, and ignores it otherwise.
  if (!repo.is_empty && (await refs.resolveRef(gitDir, `refs/heads/${branch}`)) === null) return undefined;
  if (!(await refs.isValidRefName(`refs/heads/${branch}`))) throw new ValidationError(`invalid branch name [name: ${branch}]`);
  await refs.setHead(gitDir, branch);
  return branch;
}

/** Applies the present fields of `opts` to the repository; returns the new record. */
export async function editRepository(app: AppContext, repo: RepoRecord, opts: RepoEdit, doer?: UserRecord): Promise<RepoRecord> {
  if (opts.archived !== undefined && repo.is_mirror) throw new ValidationError('repo is a mirror, cannot archive/un-archive');
  const mirror = checkMirrorEdit(app, repo, opts);
  if (opts.name !== undefined) await rename(app, repo, opts.name);
  const branch = await checkedDefaultBranch(repo, repoStore.gitDirOf(app.store, repo), opts.default_branch);
  const next = await repoStore.update(app.store, repo.id, (r) => {
    if (opts.description !== undefined) r.description = opts.description;
    if (opts.website !== undefined) r.website = opts.website;
    if (opts.private !== undefined) r.is_private = opts.private;
    if (opts.template !== undefined) r.is_template = opts.template;
    if (branch !== undefined) r.default_branch = branch;
    if (opts.archived !== undefined && opts.archived !== r.is_archived) {
      r.is_archived = opts.archived;
      r.archived_at = opts.archived ? new Date().toISOString() : null;
    }
    applyUnits(r, opts);
    Object.assign(r.options, mirror?.options);
    r.updated = new Date().toISOString();
  });
  await applyMirrorEdit(app, repo, mirror);
  if (next) await app.bus.publish('repo.settings_changed', { before: repo, repo: next, ...(doer ? { doer } : {}) });
  return next ?? repo;
}
