/**
 * The named locks of repository work, all on the host's one keyed mutex (`app.locks`), so hosts in one
 * process never share them and no module keeps a registry.
 */
import type { AppContext } from '../context.ts';
import { mapPer } from '../../lib/map-per.ts';

/** Runs `fn` after every earlier `withRepoLock` call on the same repository has finished. */
export const withRepoLock = <T>(app: AppContext, repoId: number, fn: () => Promise<T>): Promise<T> => app.locks.run(`repo:${repoId}`, fn);

/** Runs `fn` alone among the name changes of one owner's repositories (create, rename), so two cannot take one name. */
export const withOwnerNames = <T>(app: AppContext, ownerId: number, fn: () => Promise<T>): Promise<T> => app.locks.run(`owner-names:${ownerId}`, fn);

const branchKey = (repoId: number, branch: string): string => `branch:${repoId}:${branch}`;

/** Per host and branch: the consequences (records, events) of its last write that still run after its lock was let go. */
const unsettledOf = mapPer<AppContext, string, Promise<void>>();

/** How a branch write that lets the branch go before its consequences are done hands them on (withBranchMoves). */
export interface BranchTurn {
  /** Settles (never rejects) once the consequences of the branch's writes so far are done. */
  prior(): Promise<void>;
  /** Makes `consequences` the branch's last: later writes wait for them before their own. */
  later(consequences: Promise<void>): void;
}

function turnOf(app: AppContext, key: string): BranchTurn {
  const m = unsettledOf(app);
  return {
    prior: () => m.get(key) ?? Promise.resolve(),
    later: (consequences) => {
      const tail: Promise<void> = consequences.catch(() => undefined).then(() => {
        if (m.get(key) === tail) m.delete(key);
      });
      m.set(key, tail);
    },
  };
}

/** Runs `fn` after every earlier write to the same branch of the repository has finished (file writes, renames), consequences included. */
export function withBranchLock<T>(app: AppContext, repoId: number, branch: string, fn: () => Promise<T>): Promise<T> {
  const key = branchKey(repoId, branch);
  return app.locks.run(key, async () => {
    await turnOf(app, key).prior();
    return fn();
  });
}

/**
 * Runs `fn` after every earlier write to the branch has moved it, while the consequences of the last may still
 * run: `fn` builds on the moved branch and orders its own consequences after them through `turn`.
 */
export const withBranchMoves = <T>(app: AppContext, repoId: number, branch: string, fn: (turn: BranchTurn) => Promise<T>): Promise<T> =>
  app.locks.run(branchKey(repoId, branch), () => fn(turnOf(app, branchKey(repoId, branch))));
