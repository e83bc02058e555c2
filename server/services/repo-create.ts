/** Creating a repository: the record, the bare repository, the optional first commit, the event. Steps undo on failure. */
import type { AppContext } from './context.ts';
import type { ObjectFormat, RepoRecord, RepoUnits, UserRecord } from '../store/records.ts';
import * as repoStore from '../store/repos.ts';
import * as branchStore from '../store/branches.ts';
import * as refs from '../git/refs.ts';
import { initBare, removeBare, isValidBranchName, commitInitialFiles } from '../git/repo-init.ts';
import { repoNameProblem } from '../lib/names.ts';
import { ConflictError, ForbiddenError, ValidationError } from '../lib/errors.ts';
import { eventBaseUrl, repositoryPayload } from './repo-payloads.ts';
import { withOwnerNames } from './repo-locks.ts';
import { copyDefaultHooks } from './webhooks/index.ts';
import { watchRepo } from './watch.ts';

export interface NewRepo {
  name: string;
  description?: string | undefined;
  private?: boolean | undefined;
  auto_init?: boolean | undefined;
  default_branch?: string | undefined;
  gitignores?: string | undefined;
  license?: string | undefined;
  readme?: string | undefined;
  issue_labels?: string | undefined;
  template?: boolean | undefined;
  trust_model?: string | undefined;
  object_format_name?: ObjectFormat | undefined;
}

/** The units a new repository has: all of them, as Gitea's DEFAULT_REPO_UNITS. */
export const DEFAULT_UNITS: RepoUnits = {
  has_code: true, has_issues: true, has_wiki: true, has_pull_requests: true, has_projects: true, has_releases: true, has_packages: true, has_actions: true,
};

async function checkMayCreate(app: AppContext, doer: UserRecord, owner: UserRecord): Promise<void> {
  if (doer.is_admin) return;
  // Who may create in an organization (owners, teams with can_create_org_repo) is decided by createOrgRepo.
  if (owner.type !== 'organization' && owner.id !== doer.id) throw new ForbiddenError('user should be the owner of the repository or a site administrator');
  const limit = owner.max_repo_creation >= 0 ? owner.max_repo_creation : app.settings.int('repository.MAX_CREATION_LIMIT');
  if (limit >= 0 && (await repoStore.count(app.store, (r) => r.owner_id === owner.id)) >= limit) {
    throw new ForbiddenError(`user has reached maximum limit of repositories [limit: ${limit}]`);
  }
}

async function checkOptions(app: AppContext, owner: UserRecord, opts: NewRepo): Promise<string> {
  const problem = repoNameProblem(opts.name);
  if (problem) throw new ValidationError(problem);
  const branch = opts.default_branch || app.settings.string('repository.DEFAULT_BRANCH');
  if (!(await isValidBranchName(branch))) throw new ValidationError(`invalid default branch name [name: ${branch}]`);
  if (await repoStore.getByOwnerAndName(app.store, owner.id, opts.name)) throw new ConflictError('The repository with the same name already exists.');
  return branch;
}

function newRecord(owner: UserRecord, opts: NewRepo, branch: string, id: number): RepoRecord {
  const now = new Date().toISOString();
  return {
    id,
    owner_id: owner.id,
    name: opts.name,
    lower_name: opts.name.toLowerCase(),
    description: opts.description ?? '',
    website: '',
    default_branch: branch,
    object_format: opts.object_format_name ?? 'sha1',
    storage_path: repoStore.storagePathFor(id),
    is_private: opts.private ?? false,
    is_empty: true,
    is_archived: false,
    archived_at: null,
    is_template: opts.template ?? false,
    is_mirror: false,
    is_fork: false,
    fork_id: 0,
    units: { ...DEFAULT_UNITS },
    options: {
      trust_model: opts.trust_model ?? 'default',
      ...(opts.issue_labels ? { issue_labels: opts.issue_labels } : {}),
      ...(opts.gitignores ? { gitignores: opts.gitignores } : {}),
      ...(opts.license ? { license: opts.license } : {}),
    },
    size_kb: 0,
    created: now,
    updated: now,
  };
}

/** Gitea's default README: the name as a heading, then the description. */
const readmeOf = (opts: NewRepo): string => `# ${opts.name}\n\n${opts.description ?? ''}\n`;

async function autoInit(app: AppContext, doer: UserRecord, repo: RepoRecord, gitDir: string): Promise<RepoRecord> {
  await commitInitialFiles(gitDir, repo.default_branch, [{ path: 'README.md', content: readmeOf(repo) }], {
    name: doer.full_name || doer.name, email: doer.email,
  });
  const now = new Date().toISOString();
  const heads = await refs.listBranchHeads(gitDir);
  await branchStore.replaceAll(app.store, repo.id, heads.map((h) => ({
    name: h.name, commit_id: h.sha, commit_message: h.summary, commit_time: h.commitTime, pusher_id: doer.id, updated: now,
  })));
  const size = await refs.sizeKiB(gitDir);
  return (await repoStore.update(app.store, repo.id, (r) => {
    r.is_empty = false;
    r.size_kb = size;
  })) ?? repo;
}

/** Creates a repository for `owner`, done by `doer`; fires the `repository` created event. */
export async function createRepository(app: AppContext, doer: UserRecord, owner: UserRecord, opts: NewRepo, ctx: { baseUrl?: string } = {}): Promise<RepoRecord> {
  await checkMayCreate(app, doer, owner);
  // 1 - the record, which fixes the id and so the storage path (checked and inserted under the owner's name lock)
  let repo = await withOwnerNames(app, owner.id, async () => {
    const branch = await checkOptions(app, owner, opts);
    return repoStore.insert(app.store, (id) => newRecord(owner, opts, branch, id));
  });
  const gitDir = repoStore.gitDirOf(app.store, repo);
  try {
    // 2 - the bare repository
    await initBare(gitDir, repo.default_branch, repo.object_format);
    // 3 - the first commit, when asked
    if (opts.auto_init) repo = await autoInit(app, doer, repo, gitDir);
    // 4 - the admin's default hooks, copied before the created event so the copies hear it (as Gitea does)
    await copyDefaultHooks(app, repo);
  } catch (err) {
    // last - undo in reverse order
    await removeBare(gitDir).catch(() => undefined);
    await branchStore.removeAll(app.store, repo.id).catch(() => undefined);
    await repoStore.remove(app.store, repo.id);
    throw err;
  }
  // 5 - Gitea's [service] AUTO_WATCH_NEW_REPOS: the creator watches the new repository
  if (app.settings.bool('service.AUTO_WATCH_NEW_REPOS')) await watchRepo(app, doer.id, repo.id);
  const base = { baseUrl: eventBaseUrl(app, ctx.baseUrl), repo, owner, sender: doer };
  await app.events.emit({ name: 'repository', repoId: repo.id, ownerId: owner.id, payload: repositoryPayload(base, 'created') });
  return repo;
}
