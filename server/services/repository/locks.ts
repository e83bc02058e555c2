/**
 * The named locks of repository work, all on the host's one keyed mutex (`app.locks`), so hosts in one
 * process never share them and no module keeps a registry.
 */
import type { AppContext } from '../context.ts';

/** Runs `fn` after every earlier `withRepoLock` call on the same repository has finished. */
export const withRepoLock = <T>(app: AppContext, repoId: number, fn: () => Promise<T>): Promise<T> => app.locks.run(`repo:${repoId}`, fn);

/** Runs `fn` alone among the name changes of one owner's repositories (create, rename), so two cannot take one name. */
export const withOwnerNames = <T>(app: AppContext, ownerId: number, fn: () => Promise<T>): Promise<T> => app.locks.run(`owner-names:${ownerId}`, fn);

/** Runs `fn` after every earlier write to the same branch of the repository has finished (file writes, renames). */
export const withBranchLock = <T>(app: AppContext, repoId: number, branch: string, fn: () => Promise<T>): Promise<T> => app.locks.run(`branch:${repoId}:${branch}`, fn);
