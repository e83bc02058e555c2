/** Creating a repository: the record, the bare repository, the optional first commit, the event. Steps undo on failure. */
import { assertLabelTemplate } from '../issue/label-templates.ts';
import type { AppContext } from '../context.ts';
import type { RepoRecord, RepoUnits, UserRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';
import * as branchStore from '../../store/branches.ts';
import * as refs from '../../git/refs.ts';
import { initBare, removeBare, isValidBranchName, commitInitialFiles } from '../../git/repo-init.ts';
import { repoNameProblem } from '../../lib/names.ts';
import { ConflictError, ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { eventBaseUrl } from './payloads.ts';
import { withOwnerNames } from './locks.ts';
import { copyDefaultHooks } from '../webhook/index.ts';
import type { CreateRepoOption } from '../../structs/repo.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';
import { deleteRepoHooks } from '../webhook/index.ts';
import * as watchStore from '../../store/watches.ts';
import type { Intent } from '../../store/engine/journal.ts';
import { dropRedirect } from './redirects.ts';

/** The journal kind of a repository creation. */
export const CREATE_INTENT = 'repo.create';

/** Gitea's CreateRepoOption, parsed. */
export type NewRepo = CreateRepoOption;

/** The units a new repository has: all of them, as Gitea's DEFAULT_REPO_UNITS. */
export const DEFAULT_UNITS: RepoUnits = {
  has_code: true, has_issues: true, has_wiki: true, has_pull_requests: true, has_projects: true, has_releases: true, has_packages: true, has_actions: true,
};

async function checkMayCreate(app: AppContext, doer: UserRecord, owner: UserRecord): Promise<void> {
  if (doer.is_admin) return;
  // Who may create in an organization (owners, teams with can_create_org_repo) is decided by createOrgRepo.
  if (owner.type !== 'organization' && owner.id !== doer.id) throw new ForbiddenError('user should be the owner of the repository or a site administrator');
  const limit = owner.max_repo_creation >= 0 ? owner.max_repo_creation : app.settings.int('repository.MAX_CREATION_LIMIT');
  if (limit >= 0 && (await repoStore.countByOwner(app.store, owner.id)) >= limit) {
    throw new ForbiddenError(`user has reached maximum limit of repositories [limit: ${limit}]`);
  }
}

async function checkOptions(app: AppContext, owner: UserRecord, opts: NewRepo): Promise<string> {
  const problem = repoNameProblem(opts.name);
  if (problem) throw new ValidationError(problem, [{ field: 'name', code: 'invalid', message: problem }]);
  const branch = opts.default_branch || app.settings.string('repository.DEFAULT_BRANCH');
  if (!(await isValidBranchName(branch))) throw new ValidationError(`invalid default branch name [name: ${branch}]`);
  if (opts.issue_labels) assertLabelTemplate(opts.issue_labels);
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

/** Undoes a creation in reverse order: default hooks (with their tasks), watches, branch records, files, record. */
async function undoCreate(app: AppContext, repo: RepoRecord): Promise<void> {
  await deleteRepoHooks(app, repo.id);
  await watchStore.removeByRepo(app.store, repo.id);
  await removeBare(repoStore.gitDirOf(app.store, repo)).catch(() => undefined);
  await branchStore.removeAll(app.store, repo.id).catch(() => undefined);
  await repoStore.remove(app.store, repo.id);
}

/**
 * Finishes an interrupted creation found in the journal at start: a creation never answered, so what it made
 * (record, bare repository, copied hooks) is removed and the creation did not happen.
 */
export async function rollBackCreate(app: AppContext, intent: Intent): Promise<void> {
  const d = intent.data as { owner_id: number; name: string; repo_id?: number };
  const repo = d.repo_id ? await repoStore.getById(app.store, d.repo_id) : await repoStore.getByOwnerAndName(app.store, d.owner_id, d.name);
  // Without the id, only a record made after the intent is this creation's (an older one of that name is not).
  if (!repo || (!d.repo_id && repo.created < intent.created)) return;
  app.log.warn('removing a repository whose creation was interrupted', { repo: repo.id, name: repo.name });
  await undoCreate(app, repo);
}

/** Creates a repository for `owner`, done by `doer`; fires the `repository` created event. */
export async function createRepository(app: AppContext, doer: UserRecord, owner: UserRecord, opts: NewRepo, ctx: { baseUrl?: string } = {}): Promise<RepoRecord> {
  await checkMayCreate(app, doer, owner);
  // 0 - the intent, on disk before anything else: a kill from here on is rolled back at the next start
  const intent = await app.store.journal.begin(CREATE_INTENT, { owner_id: owner.id, name: opts.name });
  let repo: RepoRecord;
  try {
    // 1 - the record, which fixes the id and so the storage path (checked and inserted under the owner's name lock)
    repo = await withOwnerNames(app, owner.id, async () => {
      const branch = await checkOptions(app, owner, opts);
      const made = await repoStore.insert(app.store, (id) => newRecord(owner, opts, branch, id)).catch((err: unknown) => {
        throw isUniqueViolation(err, repoStore.NAME_INDEX) ? new ConflictError('The repository with the same name already exists.') : err;
      });
      // The new repository takes its name back from a renamed or transferred one.
      await dropRedirect(app, owner.id, opts.name);
      return made;
    });
  } catch (err) {
    await app.store.journal.end(intent);
    throw err;
  }
  const gitDir = repoStore.gitDirOf(app.store, repo);
  try {
    await app.store.journal.note(intent, { repo_id: repo.id });
    // 2 - the bare repository
    await initBare(gitDir, repo.default_branch, repo.object_format);
    // 3 - the first commit, when asked
    if (opts.auto_init) repo = await autoInit(app, doer, repo, gitDir);
    // 4 - the admin's default hooks, copied before the created event so the copies hear it (as Gitea does)
    await copyDefaultHooks(app, repo);
  } catch (err) {
    // last - undo in reverse order
    await undoCreate(app, repo);
    await app.store.journal.end(intent);
    throw err;
  }
  await app.store.journal.end(intent);
  // 5 - the features that follow (the `repository` created hook event, the creator's auto-watch)
  await app.bus.publish('repo.created', { repo, owner, doer, baseUrl: eventBaseUrl(app, ctx.baseUrl) });
  return repo;
}
