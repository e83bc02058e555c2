/**
 * Push mirrors (Gitea's push_mirror): remotes a repository's branches and tags are force-pushed to, with
 * deletions, on each push when sync_on_commit, on their interval, and on request. An archived repository
 * runs none of them (spec rule 1).
 */
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { PushMirrorRecord } from '../../store/push-mirrors.ts';
import * as pushStore from '../../store/push-mirrors.ts';
import * as repoStore from '../../store/repos.ts';
import { ArchivedError, BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { RemoteAddressError, jobTarget, resolveRemote, sealAuth, openAuth } from './remote.ts';
import { IntervalError, nextDue, parseInterval } from './timing.ts';
import { RuntimeStoppedError } from './runtime.ts';
import { pushMirrorFailure } from './failure.ts';
import * as userStore from '../../store/users.ts';
import type { MirrorHost } from './pull-sync.ts';

export interface NewPushMirror {
  remote_address?: string | undefined;
  remote_username?: string | undefined;
  remote_password?: string | undefined;
  interval?: string | undefined;
  sync_on_commit?: boolean | undefined;
}

const ALPHANUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const randomSuffix = (): string => [...randomBytes(10)].map((b) => ALPHANUM[b % ALPHANUM.length]).join('');

/** Gitea's HandleRemoteAddressError words for a push mirror address, as 400s. */
function addressProblem(err: RemoteAddressError): BadRequestError {
  if (err.kind === 'protocol') return new BadRequestError('Invalid mirror protocol');
  if (err.kind === 'url') return new BadRequestError('Invalid Url ');
  return new BadRequestError(err.message);
}

/** Gitea: the mirror feature can be switched off. */
export function assertMirrorsEnabled(app: AppContext): void {
  if (!app.settings.bool('mirror.ENABLED')) throw new BadRequestError('Mirror feature is disabled');
}

/** Adds a push mirror to `repo`; the interval and the address are checked as Gitea does. */
export async function createPushMirror(app: AppContext, doer: UserRecord, repo: RepoRecord, opts: NewPushMirror): Promise<PushMirrorRecord> {
  assertMirrorsEnabled(app);
  if (app.settings.bool('mirror.DISABLE_NEW_PUSH')) throw new BadRequestError('the site administrator has disabled the creation of new push mirrors');
  let interval: number;
  try {
    interval = parseInterval(app, opts.interval ?? '');
  } catch (err) {
    if (err instanceof IntervalError) throw new BadRequestError(err.message);
    throw err;
  }
  let remote;
  try {
    remote = await resolveRemote(app, doer, { address: opts.remote_address ?? '', username: opts.remote_username, password: opts.remote_password });
  } catch (err) {
    if (err instanceof RemoteAddressError) throw addressProblem(err);
    throw err;
  }
  const now = Date.now();
  return pushStore.insert(app.store, (id) => ({
    id, repo_id: repo.id, remote_name: `remote_mirror_${randomSuffix()}`, remote_address: remote.display,
    credentials: sealAuth(app, remote.auth), sync_on_commit: opts.sync_on_commit ?? false, interval_ms: interval,
    created: new Date(now).toISOString(), last_update: null, last_error: '', next_update: nextDue(app, now, interval, 0), failures: 0,
  }));
}

/** The push mirrors of `repo`, by id. */
export function listPushMirrors(app: AppContext, repo: RepoRecord): Promise<PushMirrorRecord[]> {
  assertMirrorsEnabled(app);
  return pushStore.listByRepo(app.store, repo.id);
}

/** The push mirror named `name` of `repo`, or 404. */
export async function getPushMirror(app: AppContext, repo: RepoRecord, name: string): Promise<PushMirrorRecord> {
  assertMirrorsEnabled(app);
  const pm = await pushStore.getByName(app.store, repo.id, name);
  if (!pm) throw new NotFoundError('push mirror does not exist');
  return pm;
}

/** Removes the push mirror named `name` of `repo`, or 404. */
export async function deletePushMirror(app: AppContext, repo: RepoRecord, name: string): Promise<void> {
  const pm = await getPushMirror(app, repo, name);
  await pushStore.remove(app.store, pm.id);
}

/** Pushes to one push mirror now and records the outcome; an archived repository is skipped. */
export async function syncPushMirror(h: MirrorHost, pushMirrorId: number): Promise<void> {
  const pm = await pushStore.getById(h.app.store, pushMirrorId);
  if (!pm) return;
  const repo = await repoStore.getById(h.app.store, pm.repo_id);
  if (!repo || repo.is_archived) return;
  let ok = true;
  let error = '';
  const fullName = `${(await userStore.getById(h.app.store, repo.owner_id))?.name ?? '{owner}'}/${repo.name}`;
  try {
    const remote = await resolveRemote(h.app, null, { address: pm.remote_address });
    const r = await h.runtime.run({
      kind: 'push', gitDir: repoStore.gitDirOf(h.app.store, repo), ...jobTarget(remote), auth: openAuth(h.app, pm.credentials),
      prune: true, timeoutMs: h.app.settings.int('git.timeout.MIRROR') * 1000,
    });
    ok = r.ok;
    if (!ok) error = pushMirrorFailure(r.error, fullName);
  } catch (err) {
    if (err instanceof RuntimeStoppedError) return;
    ok = false;
    error = pushMirrorFailure(err instanceof Error ? err.message : String(err), fullName);
  }
  if (!ok) h.app.log.warn('push mirror failed', { repo_id: repo.id, remote: pm.remote_name, error });
  const now = Date.now();
  await pushStore.update(h.app.store, pm.id, (r) => {
    r.last_update = new Date(now).toISOString();
    r.last_error = error;
    r.failures = ok ? 0 : r.failures + 1;
    r.next_update = nextDue(h.app, now, r.interval_ms, r.failures);
  });
}

/** Refuses to run push mirrors of an archived repository (Gitea's mustNotBeArchived, and spec rule 1). */
export function assertNotArchived(repo: RepoRecord): void {
  if (repo.is_archived) throw new ArchivedError('repo is archived');
}
