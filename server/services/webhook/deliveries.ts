/** Delivery history, replay and the test delivery of a hook. */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as taskStore from '../../store/hook-tasks.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import type { HookTaskRecord } from '../../store/hook-tasks.ts';
import * as refs from '../../git/refs.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { eventBaseUrl, payloadCommits, pushPayload } from '../repository/payloads.ts';
import { repoUrls } from '../../convert/repo.ts';
import { getHook, type HookScope } from './hooks.ts';
import { storeTask } from './prepare.ts';

/** The hook's deliveries, newest first. */
export async function listDeliveries(app: AppContext, scope: HookScope, hookId: number): Promise<HookTaskRecord[]> {
  await getHook(app, scope, hookId);
  return taskStore.listByHook(app.store, hookId);
}

/** One delivery of the hook by its uuid; 404 when the hook has none with it. */
export async function getDelivery(app: AppContext, scope: HookScope, hookId: number, uuid: string): Promise<HookTaskRecord> {
  await getHook(app, scope, hookId);
  const task = await taskStore.findByUuid(app.store, hookId, uuid);
  if (!task) throw new NotFoundError(`hook task ${uuid} does not exist`);
  return task;
}

/**
 * Replays a delivery (Gitea's ReplayHookTask): a new task with the same event and payload, a new uuid and
 * the replay's time, queued like any other; the original stays as it was.
 */
export async function replayDelivery(app: AppContext, scope: HookScope, hookId: number, uuid: string): Promise<HookTaskRecord> {
  const old = await getDelivery(app, scope, hookId, uuid);
  return storeTask(app, hookId, { event_type: old.event_type, payload_content: old.payload_content, payload_version: old.payload_version, is_test: !!old.is_test });
}

/**
 * The API test delivery: a push event of the repository's head commit at `ref` (default branch when empty)
 * to this one hook. Nothing is sent when the repository has no commits there (Gitea answers 204 either way).
 */
export async function testRepoHook(app: AppContext, repo: RepoRecord, doer: UserRecord, hookId: number, ref: string, baseUrl?: string): Promise<HookTaskRecord | null> {
  await getHook(app, { kind: 'repo', repoId: repo.id }, hookId);
  if (repo.is_empty) return null;
  const gitDir = repoStore.gitDirOf(app.store, repo);
  const target = ref || repo.default_branch;
  const sha = await refs.resolveRef(gitDir, target.startsWith('refs/') ? target : `refs/heads/${target}`) ?? await refs.resolveRef(gitDir, target);
  if (!sha) return null;
  const owner = await userStore.getById(app.store, repo.owner_id);
  if (!owner) return null;
  const b = { baseUrl: eventBaseUrl(app, baseUrl), repo, owner, sender: doer };
  const [commit] = await payloadCommits(app, b, await refs.logCommits(gitDir, [sha], 1));
  const payload = pushPayload(b, {
    ref: `refs/heads/${repo.default_branch}`, before: sha, after: sha,
    compareUrl: `${repoUrls(owner, repo, b.baseUrl).html}/compare/${sha}...${sha}`,
    commits: commit ? [commit] : [], total: 1, head: commit ?? null,
  });
  return storeTask(app, hookId, { event_type: 'push', payload_content: JSON.stringify(payload, null, 2), payload_version: 2, is_test: true });
}
