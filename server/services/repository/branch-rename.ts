/**
 * Renaming a branch (PATCH /branches/{branch}), with Gitea's rules: the default branch only by a repository admin,
 * and the default follows the rename; both ref changes pass the pre-receive rule set and move in one update-ref
 * transaction; the branch record is renamed, HEAD and the repository's default branch follow, and the events
 * Gitea fires for a rename go out: delete of the old name, then create of the new one (no push).
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';
import * as branchStore from '../../store/branches.ts';
import * as userStore from '../../store/users.ts';
import * as refs from '../../git/refs.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { zeroId } from '../../git/objects.ts';
import { GitCommandError } from '../../git/read.ts';
import { isValidRefFormat } from '../../git/ref-name.ts';
import { atLeast, type Permission } from '../permission/permissions.ts';
import { applyHeadChange, applyRefChanges, gitDirFor, refsOf, writeRefs } from './cache.ts';
import { withBranchLock, withRepoLock } from './locks.ts';
import { createPayload, deletePayload, eventBaseUrl, type PayloadBase } from './payloads.ts';
import { EMPTY_REPO, isEmptyRepo, peelToCommit } from './read.ts';
import { headOf } from './ref-write.ts';
import { assertRefUpdatesAllowed } from './pre-receive.ts';
import type { RefUpdate } from './push.ts';
import { nestedBranch } from './files-check.ts';

const HEADS = 'refs/heads/';

/** Gitea's answers for a rename that cannot happen, in its order. */
async function checkRename(app: AppContext, repo: RepoRecord, perm: Permission, from: string, to: string): Promise<string> {
  if (await isEmptyRepo(app, repo)) throw new NotFoundError(EMPTY_REPO);
  if (repo.is_mirror) throw new ForbiddenError('Git Repository is a mirror.');
  if (!isValidRefFormat(HEADS + to)) throw new ValidationError(`[name]: invalid branch name: ${to}`);
  const snap = await refsOf(app, repo);
  if (from === to || snap.byName.has(HEADS + to)) {
    throw new ValidationError('Cannot rename a branch using the same name or rename to a branch that already exists.');
  }
  const ref = snap.byName.get(HEADS + from);
  if (!ref) throw new NotFoundError("Branch doesn't exist.");
  const nested = nestedBranch(snap.refs.filter((r) => r.name.startsWith(HEADS)).map((r) => r.name.slice(HEADS.length)), to, from);
  if (nested) throw new ValidationError('Cannot rename a branch using the same name or rename to a branch that already exists.');
  // git keeps a/b and a apart only when one of them is gone: one transaction cannot both delete a and create a/b
  if (to.startsWith(`${from}/`) || from.startsWith(`${to}/`)) throw new ConflictError(`branch ${from} cannot be renamed to ${to} in one step: one name contains the other`);
  if (from === repo.default_branch && !atLeast(perm.mode, 'admin')) {
    throw new ForbiddenError('User must be a repo or site admin to rename default or protected branches.');
  }
  return ref.id;
}

/** The records after the refs moved: the branch record renamed, HEAD and the default branch following. */
async function renameRecords(app: AppContext, repo: RepoRecord, from: string, to: string, id: string): Promise<RepoRecord> {
  const commit = await peelToCommit(app, repo, id);
  return withRepoLock(app, repo.id, async () => {
    const rec = await branchStore.get(app.store, repo.id, from);
    const head = commit ? headOf(to, commit) : null;
    const next = rec ? { ...rec, name: to } : head && { name: to, commit_id: head.sha, commit_message: head.summary, commit_time: head.commitTime, pusher_id: repo.owner_id, updated: new Date().toISOString() };
    await branchStore.apply(app.store, repo.id, next ? [next] : [], [from]);
    if (from !== repo.default_branch) return repo;
    await refs.setHead(gitDirFor(app, repo), to);
    applyHeadChange(app, repo, HEADS + to);
    return (await repoStore.update(app.store, repo.id, (r) => { r.default_branch = to; })) ?? repo;
  });
}

/** Renames branch `from` to `to` for `doer` (who has write access; `perm` decides the default-branch rule). */
export async function renameBranch(app: AppContext, repo: RepoRecord, doer: UserRecord, perm: Permission, from: string, to: string, baseUrl: string): Promise<void> {
  // Both names are locked, always in the same order, so two renames in opposite directions cannot wait on each other.
  const [first, second] = [from, to].sort();
  await withBranchLock(app, repo.id, first!, () => withBranchLock(app, repo.id, second!, async () => {
    const id = await checkRename(app, repo, perm, from, to);
    const zero = zeroId(repo.object_format);
    const updates = [{ ref: HEADS + from, oldSha: id, newSha: zero }, { ref: HEADS + to, oldSha: zero, newSha: id }];
    await assertRefUpdatesAllowed(app, repo, doer, updates);
    const lease = await app.point.enter();
    try {
      await renameNow(app, repo, doer, from, to, id, updates, baseUrl);
    } finally {
      lease();
    }
  }));
}

async function renameNow(
  app: AppContext, repo: RepoRecord, doer: UserRecord, from: string, to: string, id: string, updates: RefUpdate[], baseUrl: string,
): Promise<void> {
  try {
    await writeRefs(app, repo, updates.map((u) => ({ ref: u.ref, newId: u.newSha, oldId: u.oldSha })));
  } catch (err) {
    if (err instanceof GitCommandError) throw new ConflictError(`branch ${from} changed while it was being renamed`);
    throw err;
  }
  const target = (await refsOf(app, repo)).byName.get(HEADS + from);
  applyRefChanges(app, repo, [{ ref: HEADS + from, id: null }, { ref: HEADS + to, id, type: 'commit', time: target?.time ?? 0 }]);
  const current = await renameRecords(app, repo, from, to, id);
  if (current.default_branch !== repo.default_branch) await app.bus.publish('repo.settings_changed', { before: repo, repo: current });
  const owner = await userStore.getById(app.store, current.owner_id);
  if (!owner) return;
  const base: PayloadBase = { baseUrl: eventBaseUrl(app, baseUrl), repo: current, owner, sender: doer };
  await app.events.emit({ name: 'delete', repoId: current.id, ownerId: current.owner_id, branch: from, payload: deletePayload(base, from, 'branch') });
  await app.events.emit({ name: 'create', repoId: current.id, ownerId: current.owner_id, branch: to, payload: createPayload(base, to, 'branch', id) });
}
