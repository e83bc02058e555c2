/**
 * Syncing a pull mirror: the worker fetches (pruning when enable_prune), the main thread records the
 * outcome. Ref changes go through processRefUpdates like a push (branch records, push/create/delete
 * events, then the repository's sync_on_commit push mirrors); a failure is recorded with its time and the
 * next try is pushed back.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import type { MirrorRecord } from '../../store/mirrors.ts';
import type { MirrorResult } from '../../worker/protocol.ts';
import * as mirrorStore from '../../store/mirrors.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import { processRefUpdates } from '../repository/push.ts';
import { GitCommandError } from '../../git/read.ts';
import { beginPush } from '../../git/activity.ts';
import { moveFetchedRefs } from './fetched-refs.ts';
import { jobTarget, resolveRemote, openAuth } from './remote.ts';
import { nextDue } from './timing.ts';
import { pullMirrorFailure } from './failure.ts';
import { RuntimeStoppedError, type MirrorRuntime } from './runtime.ts';

export interface MirrorHost {
  app: AppContext;
  runtime: MirrorRuntime;
  /** The host's address, for the URLs in event payloads (known once it listens). */
  baseUrl: () => string;
}

/** ROOT_URL when set, else the address the host listens on. */
const eventUrl = (h: MirrorHost): string | undefined => (h.app.settings.string('server.ROOT_URL') ? undefined : h.baseUrl() || undefined);

const failed = (error: string): MirrorResult => ({ id: 0, ok: false, error, changes: [], objectFormat: null, headBranch: null });

async function fetchUpstream(h: MirrorHost, m: MirrorRecord, repo: RepoRecord): Promise<MirrorResult> {
  try {
    // The host rules are checked again at each sync: settings and DNS may have changed since creation.
    const remote = await resolveRemote(h.app, null, { address: m.remote_address });
    const gitDir = repoStore.gitDirOf(h.app.store, repo);
    // Objects arrive as in a push: upkeep keeps unreachable objects of this repository until the fetch is over.
    const fetching = beginPush(gitDir);
    try {
      return await h.runtime.run({
        kind: 'pull', gitDir, ...jobTarget(remote), auth: openAuth(h.app, m.credentials),
        prune: m.enable_prune, timeoutMs: h.app.settings.int('git.timeout.MIRROR') * 1000,
      });
    } finally {
      fetching();
    }
  } catch (err) {
    if (err instanceof RuntimeStoppedError) throw err;
    return failed(err instanceof Error ? err.message : String(err));
  }
}

async function recordSuccess(h: MirrorHost, m: MirrorRecord, repo: RepoRecord, result: MirrorResult): Promise<void> {
  const owner = await userStore.getById(h.app.store, repo.owner_id);
  await moveFetchedRefs(h.app, repo, result.changes);
  // Gitea fires the sync's events as the repository's owner.
  if (owner && result.changes.length > 0) await processRefUpdates(h.app, repo, owner, result.changes, { baseUrl: eventUrl(h) });
  const now = new Date();
  await mirrorStore.update(h.app.store, m.id, (r) => {
    r.updated = now.toISOString();
    r.last_success = now.toISOString();
    r.last_error = '';
    r.failures = 0;
    r.next_update = nextDue(h.app, now.getTime(), r.interval_ms, 0);
  });
  await repoStore.update(h.app.store, repo.id, (r) => {
    r.options.mirror_updated = now.toISOString();
    r.options.mirror_last_sync_at = now.toISOString();
  });
}

async function recordFailure(h: MirrorHost, m: MirrorRecord, repo: RepoRecord, gitText: string): Promise<void> {
  const owner = await userStore.getById(h.app.store, repo.owner_id);
  const error = pullMirrorFailure(gitText, `${owner?.name ?? '{owner}'}/${repo.name}`);
  const now = new Date();
  h.app.log.warn('Failed to update mirror repository', { repo_id: repo.id, error });
  await mirrorStore.update(h.app.store, m.id, (r) => {
    r.updated = now.toISOString();
    r.last_error = error;
    r.last_error_at = now.toISOString();
    r.failures += 1;
    r.next_update = nextDue(h.app, now.getTime(), r.interval_ms, r.failures);
  });
  await repoStore.update(h.app.store, repo.id, (r) => { r.options.mirror_updated = now.toISOString(); });
}

/** Syncs one pull mirror now and records the outcome; a stopping host records nothing. */
export async function syncPullMirror(h: MirrorHost, mirrorId: number): Promise<void> {
  const m = await mirrorStore.getById(h.app.store, mirrorId);
  if (!m) return;
  const repo = await repoStore.getById(h.app.store, m.repo_id);
  if (!repo) {
    await mirrorStore.removeByRepo(h.app.store, m.repo_id);
    return;
  }
  let result: MirrorResult;
  try {
    result = await fetchUpstream(h, m, repo);
  } catch (err) {
    if (err instanceof RuntimeStoppedError) return;
    throw err;
  }
  // The served refs and their records move together, never across a backup's snapshot point.
  const lease = await h.app.point.enter();
  try {
    if (!result.ok) await recordFailure(h, m, repo, result.error);
    else {
      try {
        await recordSuccess(h, m, repo, result);
      } catch (err) {
        if (!(err instanceof GitCommandError)) throw err;
        await recordFailure(h, m, repo, `the branches changed during the sync: ${err.stderr}`);
      }
    }
  } finally {
    lease();
  }
}
