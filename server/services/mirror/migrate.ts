/**
 * POST /repos/migrate (Gitea's Migrate for a plain git source): the remote is probed for its object format
 * and default branch, the repository is created in that format, its branches and tags are fetched, and a
 * pull mirror record is stored when `mirror` is set. From a Gitea-compatible source, issues, labels and milestones
 * follow (migrate-issues.ts). Runs to the end before it answers, as Gitea does.
 */
import { moveFetchedRefs } from './fetched-refs.ts';
import { beginPush } from '../../git/activity.ts';
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { MirrorResult } from '../../worker/protocol.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import * as mirrorStore from '../../store/mirrors.ts';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { formatDuration } from '../../lib/duration.ts';
import { createRepository, type NewRepo } from '../repository/create.ts';
import { createOrgRepo } from '../org/repos.ts';
import { isOrgOwner } from '../org/orgs.ts';
import { deleteRepository } from '../repository/repos.ts';
import { RemoteAddressError, jobTarget, resolveRemote, sealAuth, type Remote } from './remote.ts';
import { IntervalError, defaultInterval, parseInterval } from './timing.ts';
import { importedState } from './import-state.ts';
import { runMirrorJob } from './runtime.ts';
import { migrationFailure } from './failure.ts';
import { assertSupportedItems, importTracker, wantsTracker, type MigrateItems } from './migrate-issues.ts';

export interface MigrateOptions extends MigrateItems {
  clone_addr: string;
  repo_name: string;
  repo_owner?: string | undefined;
  uid?: number | undefined;
  auth_username?: string | undefined;
  auth_password?: string | undefined;
  auth_token?: string | undefined;
  mirror?: boolean | undefined;
  mirror_interval?: string | undefined;
  private?: boolean | undefined;
  description?: string | undefined;
}

async function ownerOf(app: AppContext, doer: UserRecord, o: MigrateOptions): Promise<UserRecord> {
  let owner: UserRecord | undefined = doer;
  if (o.repo_owner) owner = await userStore.getByName(app.store, o.repo_owner);
  else if (o.uid) owner = await userStore.getById(app.store, o.uid);
  if (!owner) throw new ValidationError(`The user ${o.repo_owner ?? o.uid} does not exist.`);
  if (doer.is_admin) return owner;
  if (owner.type !== 'organization' && owner.id !== doer.id) throw new ForbiddenError('Given user is not an organization.');
  if (owner.type === 'organization' && !(await isOrgOwner(app, owner.id, doer.id))) throw new ForbiddenError('Given user is not owner of organization.');
  return owner;
}

function checkAllowed(app: AppContext, o: MigrateOptions): void {
  if (o.mirror && (app.settings.bool('mirror.DISABLE_NEW_PULL') || !app.settings.bool('mirror.ENABLED'))) {
    throw new ForbiddenError('the site administrator has disabled the creation of new pull mirrors');
  }
  if (app.settings.bool('repository.DISABLE_MIGRATIONS')) throw new ForbiddenError('the site administrator has disabled migrations');
}

function intervalOf(app: AppContext, o: MigrateOptions): number {
  if (!o.mirror || o.mirror_interval === undefined || o.mirror_interval === '') return defaultInterval(app);
  try {
    return parseInterval(app, o.mirror_interval);
  } catch (err) {
    if (err instanceof IntervalError) throw new ValidationError(err.message, [{ field: 'mirror_interval', code: 'invalid', message: err.message }]);
    throw err;
  }
}

/** Gitea's handleMigrateError for git's complaints: 422 with the (masked) words. */
function migrationFailed(r: MirrorResult): ValidationError {
  return new ValidationError(migrationFailure(r.error));
}

async function probe(app: AppContext, remote: Remote): Promise<MirrorResult> {
  const r = await runMirrorJob(app, {
    kind: 'probe', gitDir: '', ...jobTarget(remote), auth: remote.auth, prune: false, timeoutMs: app.settings.int('git.timeout.MIGRATE') * 1000,
  });
  if (!r.ok) throw migrationFailed(r);
  return r;
}

async function create(app: AppContext, doer: UserRecord, owner: UserRecord, opts: NewRepo, baseUrl: string): Promise<RepoRecord> {
  return owner.type === 'organization' ? createOrgRepo(app, doer, owner, opts, { baseUrl }) : createRepository(app, doer, owner, opts, { baseUrl });
}

/** Migrates a git repository from `clone_addr` for `doer`; returns the new repository. */
export async function migrateRepository(app: AppContext, doer: UserRecord, o: MigrateOptions, ctx: { baseUrl: string }): Promise<RepoRecord> {
  // 1 - who, what and from where, before anything is fetched or created
  const owner = await ownerOf(app, doer, o);
  checkAllowed(app, o);
  assertSupportedItems(o);
  const interval = intervalOf(app, o);
  let remote: Remote;
  try {
    remote = await resolveRemote(app, doer, { address: o.clone_addr, username: o.auth_username, password: o.auth_password, token: o.auth_token });
  } catch (err) {
    if (err instanceof RemoteAddressError) throw new ValidationError(err.message);
    throw err;
  }
  // 2 - the remote's object format and default branch
  const probed = await probe(app, remote);
  // 3 - the repository, in the remote's format; a mirror is read-only from the start
  const repo = await create(app, doer, owner, {
    name: o.repo_name, description: o.description, private: o.private,
    object_format_name: probed.objectFormat ?? 'sha1', default_branch: probed.headBranch ?? undefined,
  }, ctx.baseUrl);
  await repoStore.update(app.store, repo.id, (r) => {
    // Until the migration answers, the record says so: a host killed before then drops it at the next start.
    r.options.migrating = true;
    r.is_mirror = !!o.mirror;
    r.options.original_url = remote.display;
    if (o.mirror) Object.assign(r.options, { mirror_interval: formatDuration(interval), enable_prune: true });
  });
  try {
    // 4 - the branches and tags, then the records that describe them
    const gitDir = repoStore.gitDirOf(app.store, repo);
    const fetching = beginPush(gitDir);
    const fetched = await runMirrorJob(app, {
      kind: 'pull', gitDir, ...jobTarget(remote), auth: remote.auth, prune: true,
      timeoutMs: app.settings.int('git.timeout.MIGRATE') * 1000,
    }).finally(fetching);
    if (!fetched.ok) throw migrationFailed(fetched);
    const lease = await app.point.enter();
    try {
      await moveFetchedRefs(app, repo, fetched.changes);
    } finally {
      lease();
    }
    await importedState(app, repo.id, owner, probed.headBranch);
    // 4b - the issue tracker, read through the source's API
    if (wantsTracker(o)) await importTracker(app, repo, doer, o);
    // 5 - the mirror record: credentials sealed, the first scheduled sync one interval from now
    if (o.mirror) await insertMirror(app, repo.id, remote, interval);
    // 6 - done: the repository is whole
    await repoStore.update(app.store, repo.id, (r) => { delete r.options.migrating; });
  } catch (err) {
    // last - a failed migration leaves nothing behind
    await deleteRepository(app, repo, doer, { baseUrl: ctx.baseUrl }).catch(() => undefined);
    throw err;
  }
  return (await repoStore.getById(app.store, repo.id)) ?? repo;
}

async function insertMirror(app: AppContext, repoId: number, remote: Remote, interval: number): Promise<void> {
  const now = new Date();
  await mirrorStore.insert(app.store, (id) => ({
    id, repo_id: repoId, remote_address: remote.display, credentials: sealAuth(app, remote.auth), interval_ms: interval, enable_prune: true,
    updated: now.toISOString(), last_success: now.toISOString(), next_update: interval ? now.getTime() + interval : 0,
    last_error: '', last_error_at: null, failures: 0, created: now.toISOString(),
  }));
  await repoStore.update(app.store, repoId, (r) => {
    r.options.mirror_updated = now.toISOString();
    r.options.mirror_last_sync_at = now.toISOString();
  });
}
