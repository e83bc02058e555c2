/**
 * Serialises work on one repository's records (branch synchronisation after concurrent pushes), per host:
 * the queues hang off the host's AppContext, so hosts in one process never share them.
 */
import type { AppContext } from './context.ts';

const queues = new WeakMap<AppContext, Map<number, Promise<unknown>>>();

/** Runs `fn` after every earlier `withRepoLock` call on the same repository has finished. */
export function withRepoLock<T>(app: AppContext, repoId: number, fn: () => Promise<T>): Promise<T> {
  let perApp = queues.get(app);
  if (!perApp) {
    perApp = new Map();
    queues.set(app, perApp);
  }
  const map = perApp;
  const prev = map.get(repoId) ?? Promise.resolve();
  const run = prev.then(fn, fn);
  const tail = run.catch(() => undefined);
  map.set(repoId, tail);
  void tail.then(() => {
    if (map.get(repoId) === tail) map.delete(repoId);
  });
  return run;
}

/** Runs `fn` alone among the name changes of one owner's repositories (create, rename), so two cannot take one name. */
export const withOwnerNames = <T>(app: AppContext, ownerId: number, fn: () => Promise<T>): Promise<T> => withRepoLock(app, -ownerId - 1, fn);
