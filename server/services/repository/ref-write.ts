/**
 * The one way an API write moves refs, as a push does: the pre-receive rule set first (assertRefUpdatesAllowed), then one
 * `update-ref --stdin` transaction that checks every old value, then the ref cache brought up to date and
 * processRefUpdates (branch records, repository state, events) with what the write already knows.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import { summaryOf, type Commit } from '../../git/objects.ts';
import { GitCommandError } from '../../git/read.ts';
import type { BranchHead } from '../../git/refs.ts';
import type { PackBuilder } from '../../git/pack-write.ts';
import { assertRefUpdatesAllowed } from './pre-receive.ts';
import { processRefUpdates, type RefUpdate } from './push.ts';
import { applyRefChanges, invalidateRepo, writeRefs, type KnownRefChange } from './cache.ts';

/** The refs did not hold the expected old values any more: someone else moved them first. */
export class RefMovedError extends Error {
  constructor(readonly stderr: string) {
    super(`ref changed meanwhile: ${stderr}`);
  }
}

/** git's iso-strict date of a signature (`+00:00` rather than `Z`), as the branch records hold it. */
const isoStrict = (when: string): string => when.replace(/Z$/, '+00:00');

/** The branch head record values of a commit, as `for-each-ref` would give them. */
export function headOf(name: string, commit: Commit): BranchHead {
  const firstParagraph = commit.message.split(/\n\s*\n/, 1)[0] ?? '';
  return { name, sha: commit.id, commitTime: isoStrict(commit.committer.when), summary: firstParagraph.split('\n').map((l) => l.trim()).join(' ').trim() || summaryOf(commit.message) };
}


export interface MoveOptions {
  baseUrl: string;
  /** Heads of the branches created or moved, for the branch records. */
  heads: BranchHead[];
  /** How each moved ref now looks, for the ref cache. */
  changes: KnownRefChange[];
  /** True when no object was written (a pure ref move): the repository's size is unchanged. */
  sameSize: boolean;
  /** The repository had no branch before: let push processing set it up from scratch. */
  wasEmpty?: boolean;
  /** A pull request merge its merge gate allowed: branch protection's push allow-lists do not apply. */
  merge?: boolean;
  /**
   * Grouped writes moved by this one transaction: their consequences (branch record, events) are applied step by
   * step, each as its own write would have; without it, `updates` and `heads` are one step.
   */
  steps?: { updates: RefUpdate[]; heads: BranchHead[] }[];
  /** Objects the moves point at, built but not stored yet: stored with the ref writer's batch, before its move. */
  objects?: PackBuilder;
}

/**
 * Moves refs for an API write: pre-receive rules, one atomic update-ref with the old values, then the
 * consequences. Throws RefMovedError when a ref moved meanwhile (nothing changed then).
 */
export async function moveRefs(app: AppContext, repo: RepoRecord, doer: UserRecord, gitDir: string, updates: RefUpdate[], o: MoveOptions): Promise<void> {
  await (await moveRefsThen(app, repo, doer, gitDir, updates, o, Promise.resolve())).consequences;
}

/**
 * As moveRefs, but settles once the refs moved, so the caller may build the branch's next write meanwhile. The
 * consequences run after `prior` settled (the consequences of the branch's write before, so its events keep their
 * order), and the answer's `consequences` settles with them.
 */
export async function moveRefsThen(
  app: AppContext, repo: RepoRecord, doer: UserRecord, gitDir: string, updates: RefUpdate[], o: MoveOptions, prior: Promise<unknown>,
): Promise<{ consequences: Promise<void> }> {
  // A backup's snapshot point sees the refs and their records together: both before it, or both after.
  const lease = await app.point.enter();
  try {
    await moveOnly(app, repo, doer, gitDir, updates, o);
  } catch (err) {
    lease();
    throw err;
  }
  const consequences = (async () => {
    try {
      await prior.catch(() => undefined);
      await applyConsequences(app, repo, doer, updates, o);
    } finally {
      lease();
    }
  })();
  return { consequences };
}

/** The rules, the ref transaction and the ref cache brought up to date. */
async function moveOnly(app: AppContext, repo: RepoRecord, doer: UserRecord, gitDir: string, updates: RefUpdate[], o: MoveOptions): Promise<void> {
  await assertRefUpdatesAllowed(app, repo, doer, updates, { merge: o.merge === true });
  try {
    await writeRefs(app, repo, updates.map((u) => ({ ref: u.ref, newId: u.newSha, oldId: u.oldSha })), o.objects);
  } catch (err) {
    if (err instanceof GitCommandError) throw new RefMovedError(err.stderr);
    throw err;
  }
  if (o.wasEmpty) invalidateRepo(app, repo.id);
  else applyRefChanges(app, repo, o.changes);
}

/** Branch records, repository state and events of refs moved already, step by step. */
async function applyConsequences(app: AppContext, repo: RepoRecord, doer: UserRecord, updates: RefUpdate[], o: MoveOptions): Promise<void> {
  if (o.wasEmpty) return processRefUpdates(app, repo, doer, updates, { baseUrl: o.baseUrl });
  const steps = o.steps ?? [{ updates, heads: o.heads }];
  for (const [i, s] of steps.entries()) {
    // the size is measured once, after the last step
    await processRefUpdates(app, repo, doer, s.updates, { baseUrl: o.baseUrl, known: { heads: s.heads, sameSize: o.sameSize || i < steps.length - 1 } });
  }
}
