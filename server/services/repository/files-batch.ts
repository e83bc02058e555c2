/**
 * Group commit of file writes to one branch. Writes to a branch run one at a time; the writes that queued up while
 * one ran are taken together: each is checked and built on the commit of the one before it (a chain), the branch
 * moves once (one ref transaction), and the consequences (branch record, push event) follow write by write, as
 * if they had run alone. A write whose check fails gets its own error without failing the others. When anything
 * else goes wrong before the ref moved, every write of the group runs alone, so each still gets its own answer.
 *
 * The branch is free for the next group once its ref moved: the next group builds while this one's consequences
 * (mostly waits for durable store appends) still run, and its own consequences start after them, so a branch's
 * events keep the order of its commits. Each write is answered once its consequences are done.
 */
import type { AppContext } from '../context.ts';
import { mapPer } from '../../lib/map-per.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import { ConflictError } from '../../lib/errors.ts';
import type { Commit } from '../../git/objects.ts';
import { PackBuilder } from '../../git/pack-write.ts';
import { gitDirFor, objectsStored, refsOf } from './cache.ts';
import { withBranchMoves, type BranchTurn } from './locks.ts';
import { isEmptyRepo, peelToCommit } from './read.ts';
import { headOf, moveRefsThen, RefMovedError } from './ref-write.ts';
import { knownPushCommit } from './push-events.ts';
import { ATTEMPTS, buildOn, pushDetails, SMALL_WRITE, type ChangeFilesInput, type Planned } from './files-build.ts';

const HEADS = 'refs/heads/';
/** At most this many writes share one ref move (the rest form the next group). */
const MAX_GROUP = 64;

interface Queued {
  doer: UserRecord;
  o: ChangeFilesInput;
  files: Planned[];
  baseUrl: string;
  /** The write on its own (under the branch lock already held), with its retries. */
  alone: () => Promise<Commit>;
  resolve: (c: Commit) => void;
  reject: (err: unknown) => void;
}

/** The writes waiting per repository branch, per host. */
const waitingOf = mapPer<AppContext, string, Queued[]>();

/** Ends a queued write with what `run` gives. */
async function settle(q: Queued, run: () => Promise<Commit>): Promise<void> {
  try {
    q.resolve(await run());
  } catch (err) {
    q.reject(err);
  }
}

/**
 * Writes the files to `branch` (which exists or is the first branch, no new branch): queued behind the branch's
 * running write and grouped with the others waiting then. `alone` is the same write done by itself.
 */
export function queueBranchWrite(
  app: AppContext, repo: RepoRecord, doer: UserRecord, o: ChangeFilesInput, files: Planned[], baseUrl: string, branch: string, alone: () => Promise<Commit>,
): Promise<Commit> {
  const byKey = waitingOf(app);
  const key = `${repo.id}:${branch}`;
  return new Promise<Commit>((resolve, reject) => {
    const list = byKey.get(key);
    const q: Queued = { doer, o, files, baseUrl, alone, resolve, reject };
    if (list) {
      list.push(q);
      return;
    }
    const group = [q];
    byKey.set(key, group);
    void withBranchMoves(app, repo.id, branch, async (turn) => {
      // from here on, new writes start the next group (queued behind this one on the lock)
      if (byKey.get(key) === group) byKey.delete(key);
      for (let i = 0; i < group.length; i += MAX_GROUP) await runGroup(app, repo, branch, turn, group.slice(i, i + MAX_GROUP));
    }).catch((err: unknown) => {
      // settled writes ignore this; any still open get the error
      for (const w of group) w.reject(err);
    });
  });
}

/** Runs a group as runs of consecutive writes by the same user (one ref move states one pusher). */
async function runGroup(app: AppContext, repo: RepoRecord, branch: string, turn: BranchTurn, group: Queued[]): Promise<void> {
  let start = 0;
  while (start < group.length) {
    let end = start + 1;
    while (end < group.length && group[end]!.doer.id === group[start]!.doer.id && group[end]!.baseUrl === group[start]!.baseUrl) end++;
    const run = group.slice(start, end);
    if (run.length === 1) {
      // a write alone moves the branch with its consequences: after the ones still running
      await turn.prior();
      await settle(run[0]!, run[0]!.alone);
    } else await runChained(app, repo, branch, turn, run);
    start = end;
  }
}

/** Thrown when the group cannot be chained (no branch yet, ...): every write then runs alone. */
class Unchainable extends Error {}

interface Step {
  q: Queued;
  prev: Commit;
  commit: Commit;
}

/** One chain for the run, retried when a push moves the branch meanwhile. */
async function runChained(app: AppContext, repo: RepoRecord, branch: string, turn: BranchTurn, run: Queued[]): Promise<void> {
  for (let i = 1; ; i++) {
    let tip: string | null = null;
    try {
      const made = await chain(app, repo, branch, run, (id) => { tip = id; }, turn.prior());
      for (const [q, err] of made.failed) q.reject(err);
      if (!made.consequences) return;
      turn.later(made.consequences);
      // the branch moved already: as for a single write, an error after that is every write's answer
      made.consequences.then(() => { for (const s of made.steps) s.q.resolve(s.commit); }, (err: unknown) => { for (const s of made.steps) s.q.reject(err); });
      return;
    } catch (err) {
      if (err instanceof RefMovedError && i < ATTEMPTS) continue;
      if (err instanceof RefMovedError) {
        const conflict = new ConflictError(`branch ${branch} kept changing while the files were written; try again`);
        for (const q of run) q.reject(conflict);
        return;
      }
      // the branch moved already and something after it failed: as a single write, the error is the answer
      if (tip && (await refsOf(app, repo)).byName.get(HEADS + branch)?.id === tip) {
        for (const q of run) q.reject(err);
        return;
      }
      await turn.prior();
      for (const q of run) await settle(q, q.alone);
      return;
    }
  }
}

/** What a chain made: the writes built, the ones refused, and the consequences of the move (none when nothing moved). */
interface Made { steps: Step[]; failed: Map<Queued, unknown>; consequences?: Promise<void> }

/**
 * Builds the chain on the branch head and moves the branch to its end once; settles when the branch moved, its
 * consequences (after `prior`) still running.
 */
async function chain(app: AppContext, repo: RepoRecord, branch: string, run: Queued[], moving: (tip: string) => void, prior: Promise<void>): Promise<Made> {
  const ref = HEADS + branch;
  const snap = await refsOf(app, repo);
  const oldRef = snap.byName.get(ref);
  if (!oldRef || snap.nestedRefName(HEADS, branch) !== undefined || (await isEmptyRepo(app, repo))) throw new Unchainable();
  const head = await peelToCommit(app, repo, oldRef.id);
  if (!head) throw new Unchainable();
  const steps: Step[] = [];
  const failed = new Map<Queued, unknown>();
  let tip = head;
  let written = 0;
  // the chain's new objects go into one pack: two new files instead of one per object (loose when few, see pack-write.ts)
  const pack = new PackBuilder(repo.object_format);
  let stored = false;
  try {
    for (const q of run) {
      try {
        const built = await buildOn(app, repo, q.doer, q.o, q.files, tip, pack);
        knownPushCommit(app, repo, tip.id, await pushDetails(app, repo, tip, built.commit, built.changes));
        steps.push({ q, prev: tip, commit: built.commit });
        written += built.written;
        tip = built.commit;
      } catch (err) {
        // its own answer (a stale sha, an existing file, ...); the next write builds on the same tip
        failed.set(q, err);
      }
    }
    if (steps.length === 0) return { steps, failed };
    await pack.store(gitDirFor(app, repo));
    stored = true;
  } finally {
    objectsStored(app, repo, pack.ids, stored);
  }
  moving(tip.id);
  const { consequences } = await moveRefsThen(app, repo, run[0]!.doer, gitDirFor(app, repo), [{ ref, oldSha: head.id, newSha: tip.id }], {
    baseUrl: run[0]!.baseUrl, heads: [headOf(branch, tip)], changes: [{ ref, id: tip.id, type: 'commit', time: tip.committer.unix }],
    sameSize: written < SMALL_WRITE,
    steps: steps.map((s) => ({ updates: [{ ref, oldSha: s.prev.id, newSha: s.commit.id }], heads: [headOf(branch, s.commit)] })),
  }, prior);
  return { steps, failed, consequences };
}
