/**
 * Commit statuses (Gitea's services/repository/commitstatus and models/git/commit_status.go): external
 * systems (CI, review bots) mark a commit per context; the combined status is the latest status of each
 * context, and the worst of their states wins. A new status is published as `commit_status.created`, which
 * webhooks (the `status` event), branch protection's required checks and auto-merge hear.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as statusStore from '../../store/commit-statuses.ts';
import type { CommitStatusRecord, CommitStatusState } from '../../store/commit-statuses.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { resolveRef } from './read.ts';
import { eventBaseUrl } from './payloads.ts';
import { registerStatusReader } from '../pull/status-checks.ts';

export type { CommitStatusRecord, CommitStatusState } from '../../store/commit-statuses.ts';

/** Gitea's order of states, worst first (commitStatusPriorities): the combined state is the first one present. */
export const STATE_ORDER: readonly CommitStatusState[] = ['error', 'failure', 'warning', 'pending', 'success', 'skipped'];

/** The worst of the states (Gitea's NoBetterThan walk); pending when there is none. */
export function worstState(states: CommitStatusState[]): CommitStatusState {
  if (!states.length) return 'pending';
  return STATE_ORDER.find((s) => states.includes(s)) ?? 'pending';
}

/** What a status is written with (Gitea's CreateStatusOption). */
export interface NewStatus {
  state: CommitStatusState;
  target_url?: string | undefined;
  description?: string | undefined;
  context?: string | undefined;
}

/** The repository and the writer of a status. */
export interface StatusScope {
  repo: RepoRecord;
  owner: UserRecord;
  doer: UserRecord;
}

/** The full id of the commit `ref` names (branch, tag, id), or null when it names none. */
export async function commitIdOf(app: AppContext, repo: RepoRecord, ref: string): Promise<string | null> {
  try {
    return (await resolveRef(app, repo, ref)).commit.id;
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

function checkTarget(url: string | undefined): string {
  if (!url) return '';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError('target_url: must be an absolute URL', [{ field: 'target_url', code: 'invalid_format', message: 'must be an absolute URL' }]);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ValidationError('target_url: must be an http or https URL', [{ field: 'target_url', code: 'invalid_format', message: 'must be an http or https URL' }]);
  return url;
}

/** Stores a status of the commit `sha` names (404 when it names no commit) and publishes `commit_status.created`. */
export async function createStatus(app: AppContext, scope: StatusScope, sha: string, opt: NewStatus): Promise<CommitStatusRecord> {
  if (!sha.trim()) throw new ValidationError('sha: ref/sha not given');
  const id = await commitIdOf(app, scope.repo, sha);
  if (!id) throw new NotFoundError(`commit does not exist [sha: ${sha}]`);
  const target = checkTarget(opt.target_url?.trim());
  const status = await app.locks.run(`commit-status:${scope.repo.id}:${id}`, async () => {
    const index = (await statusStore.countOfCommit(app.store, scope.repo.id, id)) + 1;
    const now = new Date().toISOString();
    return statusStore.insert(app.store, (rowId) => ({
      id: rowId, repo_id: scope.repo.id, sha: id, index, state: opt.state, target_url: target,
      description: opt.description ?? '', context: opt.context?.trim() || 'default', creator_id: scope.doer.id, created: now, updated: now,
    }));
  });
  await app.bus.publish('commit_status.created', { repo: scope.repo, owner: scope.owner, sha: id, status, doer: scope.doer, baseUrl: eventBaseUrl(app) });
  return status;
}

const SORTS: Record<string, (a: CommitStatusRecord, b: CommitStatusRecord) => number> = {
  oldest: (a, b) => a.created.localeCompare(b.created) || a.id - b.id,
  recentupdate: (a, b) => b.updated.localeCompare(a.updated) || b.id - a.id,
  leastupdate: (a, b) => a.updated.localeCompare(b.updated) || a.id - b.id,
  leastindex: (a, b) => a.index - b.index,
  highestindex: (a, b) => b.index - a.index,
};
const NEWEST = (a: CommitStatusRecord, b: CommitStatusRecord) => b.created.localeCompare(a.created) || b.id - a.id;

/** One page of a commit's statuses (Gitea's GetCommitStatuses): a ref naming no commit lists nothing, as Gitea's MustConvertToSHA1 does. */
export async function listStatuses(app: AppContext, repo: RepoRecord, ref: string, q: { sort?: string | undefined; state?: string | undefined; page: number; limit: number }) {
  if (!ref.trim()) throw new ValidationError('ref/sha not given');
  const sha = (await commitIdOf(app, repo, ref)) ?? ref.toLowerCase();
  return statusStore.list(app.store, repo.id, sha, {
    ...(q.state ? { where: (s: CommitStatusRecord) => s.state === q.state } : {}),
    sort: SORTS[q.sort ?? ''] ?? NEWEST, page: q.page, limit: q.limit,
  });
}

/** The latest status of each context of a commit, newest first. */
export async function latestStatuses(app: AppContext, repo: RepoRecord, sha: string): Promise<CommitStatusRecord[]> {
  const latest = new Map<string, CommitStatusRecord>();
  for (const s of await statusStore.listOfCommit(app.store, repo.id, sha)) latest.set(s.context, s);
  return [...latest.values()].sort((a, b) => b.id - a.id);
}

/** The combined status of a commit id: its state (worst of the latest per context; null when it has none) and those statuses. */
export interface Combined {
  sha: string;
  state: CommitStatusState | null;
  statuses: CommitStatusRecord[];
}

/** Gitea's CombinedStatus of the commit `sha` (an id, branch or tag): latest status per context, worst state wins. */
export async function combinedStatus(app: AppContext, repo: RepoRecord, sha: string): Promise<Combined> {
  const id = (await commitIdOf(app, repo, sha)) ?? sha.toLowerCase();
  const statuses = await latestStatuses(app, repo, id);
  return { sha: id, state: statuses.length ? worstState(statuses.map((s) => s.state)) : null, statuses };
}

/** Deletes every status of a repository (it is gone). */
export const removeRepoStatuses = (app: AppContext, repoId: number): Promise<number> => statusStore.removeByRepo(app.store, repoId);

/** Forgets a deleted repository's statuses. */
export function subscribeCommitStatuses(app: AppContext): void {
  app.bus.subscribe('repo.deleted', 'commit-statuses', async (e) => { await removeRepoStatuses(app, e.repo.id); });
  // Branch protection's required checks read the latest status of each context through this.
  registerStatusReader(app, async (a, repo, sha) => (await latestStatuses(a, repo, sha)).map((s) => ({ context: s.context, state: s.state })));
}
