/**
 * What happens after refs change (a push, or a branch made or deleted through the API), in Gitea's order:
 * branch records are synchronised, the repository's state is updated, then the create/push/delete events fire.
 */
import type { AppContext } from '../context.ts';
import type { BranchRecord, RepoRecord, UserRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';
import * as branchStore from '../../store/branches.ts';
import * as userStore from '../../store/users.ts';
import * as refs from '../../git/refs.ts';
import { withRepoLock } from './locks.ts';
import { eventBaseUrl } from './payloads.ts';
import { applyHeadChange, readerFor, refreshAfterPush } from './cache.ts';
import { DEFERRED_WRITE_LAG_MS, deferRecordSaves } from './deferred-records.ts';
import { branchCommits } from './push-events.ts';

export interface RefUpdate {
  ref: string;
  oldSha: string;
  newSha: string;
}

const HEADS = 'refs/heads/';

/**
 * The commands of a receive-pack request that really changed the repository: those git reported `ok`, or,
 * when the client asked for no report, those whose ref now holds the new value (right with concurrent pushes,
 * since each push only counts its own commands).
 */
export async function confirmUpdates(gitDir: string, commands: RefUpdate[], report: Map<string, boolean> | null): Promise<RefUpdate[]> {
  if (report) return commands.filter((c) => report.get(c.ref) === true);
  const out: RefUpdate[] = [];
  for (const c of commands) {
    const now = await refs.resolveRef(gitDir, c.ref);
    if (refs.zeroId(c.newSha) ? now === null : now === c.newSha) out.push(c);
  }
  return out;
}

function toRecord(h: refs.BranchHead, pusherId: number, now: string): BranchRecord {
  return { name: h.name, commit_id: h.sha, commit_message: h.summary, commit_time: h.commitTime, pusher_id: pusherId, updated: now };
}

/**
 * Spec rule 4: with no branch recorded yet, every branch is synchronised; otherwise only the pushed
 * branches are inserted, updated or deleted. The values come from the repository as it is now.
 */
async function syncBranches(app: AppContext, repo: RepoRecord, pusher: UserRecord, updates: RefUpdate[], gitDir: string, known?: KnownState): Promise<void> {
  const now = new Date().toISOString();
  if (known && (await branchStore.count(app.store, repo.id)) > 0) {
    const deleted = updates.filter((u) => u.ref.startsWith(HEADS) && refs.zeroId(u.newSha)).map((u) => u.ref.slice(HEADS.length));
    await branchStore.apply(app.store, repo.id, known.heads.map((h) => toRecord(h, pusher.id, now)), deleted);
    return;
  }
  const pushedHeads = updates.filter((u) => u.ref.startsWith(HEADS) && !refs.zeroId(u.newSha)).map((u) => u.newSha);
  if ((await branchStore.count(app.store, repo.id)) === 0) {
    const heads = await refs.listBranchHeads(gitDir, undefined, pushedHeads);
    await branchStore.replaceAll(app.store, repo.id, heads.map((h) => toRecord(h, pusher.id, now)));
    return;
  }
  const names = [...new Set(updates.filter((u) => u.ref.startsWith(HEADS)).map((u) => u.ref.slice(HEADS.length)))];
  const heads = await refs.listBranchHeads(gitDir, names, pushedHeads);
  const present = new Set(heads.map((h) => h.name));
  await branchStore.apply(app.store, repo.id, heads.map((h) => toRecord(h, pusher.id, now)), names.filter((n) => !present.has(n)));
}

/** Picks the default branch after the first push: the configured one when pushed, else main/master, else the first. */
function firstDefaultBranch(repo: RepoRecord, created: string[], configured: string): string | undefined {
  for (const want of [repo.default_branch, configured, 'main', 'master']) if (created.includes(want)) return want;
  return created[0];
}

/**
 * Sets updated, is_empty, size and (on the first push) the default branch. Runs after syncBranches, so the
 * branch records already match the repository: they are read instead of asking git again. `counted`: the size in
 * KiB, counted meanwhile (null when the objects did not change).
 */
async function updateRepoState(app: AppContext, repo: RepoRecord, updates: RefUpdate[], gitDir: string, counted: Promise<number | null>): Promise<RepoRecord> {
  const [branches, size] = await Promise.all([branchStore.list(app.store, repo.id), counted.then((n) => n ?? repo.size_kb)]);
  let defaultBranch = repo.default_branch;
  const wasEmpty = repo.is_empty && branches.length > 0;
  if (wasEmpty && !branches.some((b) => b.name === repo.default_branch)) {
    const created = updates.filter((u) => u.ref.startsWith(HEADS) && !refs.zeroId(u.newSha)).map((u) => u.ref.slice(HEADS.length));
    const live = created.filter((n) => branches.some((b) => b.name === n));
    defaultBranch = firstDefaultBranch(repo, live.length ? live : branches.map((b) => b.name), app.settings.string('repository.DEFAULT_BRANCH')) ?? defaultBranch;
    await refs.setHead(gitDir, defaultBranch);
    applyHeadChange(app, repo, HEADS + defaultBranch);
  }
  const next = await repoStore.update(app.store, repo.id, (r) => {
    r.updated = new Date().toISOString();
    if (branches.length > 0) r.is_empty = false;
    r.default_branch = defaultBranch;
    r.size_kb = size;
  });
  return next ?? repo;
}

/**
 * What an API write already knows about the refs it moved (so no git process has to tell it again): the heads of the
 * branches it created or moved, whether the repository's objects are unchanged (a pure ref move), and that it has
 * brought the ref cache up to date itself (cache.applyRefChanges).
 */
export interface KnownState {
  heads: refs.BranchHead[];
  sameSize: boolean;
}

/**
 * Branch records and repository state of an API write that states what it moved (the repository has branch
 * records already): both records change in memory under the repository lock, and the lock is released before
 * their disk writes, which the request does not wait for (deferred-records.ts). Concurrent writes to a repository
 * share fsyncs (a document's writes queued behind a running one coalesce). Runs inside moveRefs' point lease.
 */
async function recordKnown(app: AppContext, repo: RepoRecord, pusher: UserRecord, updates: RefUpdate[], gitDir: string, known: KnownState): Promise<RepoRecord> {
  const size = known.sameSize ? null : await refs.sizeKiB(gitDir);
  const now = new Date().toISOString();
  const deleted = updates.filter((u) => u.ref.startsWith(HEADS) && refs.zeroId(u.newSha)).map((u) => u.ref.slice(HEADS.length));
  const staged = await withRepoLock(app, repo.id, async () => {
    const branches = await branchStore.applyStaged(app.store, repo.id, known.heads.map((h) => toRecord(h, pusher.id, now)), deleted, DEFERRED_WRITE_LAG_MS);
    const hasBranches = await branchStore.hasAny(app.store, repo.id);
    const state = await repoStore.updateStaged(app.store, repo.id, (r) => {
      r.updated = now;
      if (hasBranches) r.is_empty = false;
      if (size !== null) r.size_kb = size;
    }, DEFERRED_WRITE_LAG_MS);
    return { branches, state };
  });
  // The records reach the disk after the answer (a journal intent rebuilds them from the refs after a kill);
  // the backup point's lease is held until they have.
  await deferRecordSaves(app, repo.id, Promise.all([staged.branches.saved, staged.state?.saved]), app.point.hold());
  return staged.state?.row ?? repo;
}

/** How many of a push's ref updates have their events' reads started early (the rest are read by the events, in turn). */
const WARMED_UPDATES = 4;

/**
 * Starts the reads the events of a push will make first (each moved branch's newest commits, which the push
 * payload and the issue references list, and the new head through the object reader), so their git processes
 * run while the records are written instead of one after another after them. Only the first few updates: a push
 * of hundreds of branches would otherwise start hundreds of git processes at once. A mirror's sync is left out
 * (no issue references, and often many refs). A failure is left to the event's own read, which asks again.
 */
function warmEventReads(app: AppContext, repo: RepoRecord, gitDir: string, updates: RefUpdate[]): void {
  if (repo.is_mirror) return;
  for (const u of updates.filter((x) => !refs.zeroId(x.newSha)).slice(0, WARMED_UPDATES)) {
    // the object reader's git process starts now too; the new head is what the workflows are looked up at
    readerFor(app, repo).read(u.newSha).catch(() => undefined);
    if (u.ref.startsWith(HEADS)) branchCommits(app, repo, gitDir, u).catch(() => undefined);
  }
}

/** Applies the consequences of ref changes already made in the repository: branch records, repository state, events. */
export async function processRefUpdates(
  app: AppContext, repo: RepoRecord, pusher: UserRecord, updates: { ref: string; oldSha: string; newSha: string }[], opts: { baseUrl?: string; known?: KnownState } = {},
): Promise<void> {
  const relevant = updates.filter((u) => (u.ref.startsWith(HEADS) || u.ref.startsWith('refs/tags/')) && u.oldSha !== u.newSha);
  if (relevant.length === 0) return;
  const gitDir = repoStore.gitDirOf(app.store, repo);
  const known = opts.known;
  // The refs changed already: cached reads must not outlive this moment, even before the events say so. A push
  // patches the moved refs into the cache (the object reader and the values cached by object id stay); an API
  // write that states what it moved has patched the cache itself.
  if (!known) {
    refreshAfterPush(app, repo, relevant);
    warmEventReads(app, repo, gitDir, relevant);
  }
  const current = known && (await branchStore.hasAny(app.store, repo.id))
    ? await recordKnown(app, repo, pusher, relevant, gitDir, known)
    : await withRepoLock(app, repo.id, async () => {
      // the repository's size is counted while the branch records are synchronised
      const counted = known?.sameSize ? Promise.resolve(null) : refs.sizeKiB(gitDir);
      counted.catch(() => undefined);
      // 1 - branch records
      await syncBranches(app, repo, pusher, relevant, gitDir, known);
      // 2 - the repository's state
      return updateRepoState(app, (await repoStore.getById(app.store, repo.id)) ?? repo, relevant, gitDir, counted);
    });
  // 3 - the features that follow (webhook events ref by ref, the pusher's auto-watch, push mirrors on commit)
  const owner = await userStore.getById(app.store, current.owner_id);
  if (!owner) return;
  await app.bus.publish('ref.updated', { repo: current, owner, pusher, updates: relevant, baseUrl: eventBaseUrl(app, opts.baseUrl), ...(known ? { deferRecords: true } : {}) });
}

/** After receive-pack exited: the refs the push changed, then processRefUpdates for them. */
export async function afterReceivePack(
  app: AppContext, repo: RepoRecord, pusher: UserRecord, gitDir: string, commands: RefUpdate[], report: Map<string, boolean> | null, baseUrl: string,
): Promise<void> {
  const updates = await confirmUpdates(gitDir, commands, report);
  await processRefUpdates(app, repo, pusher, updates, { baseUrl });
}
