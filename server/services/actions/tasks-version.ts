/**
 * Gitea's action_tasks_version, per scope: a runner fetches only when the version it holds differs from its scope's.
 * Kept in memory from a base taken at start (milliseconds since the epoch), so a version a runner kept from before a
 * restart always differs and is lower (act_runner keeps the highest it has seen). FetchTask may wait on a scope for a
 * short while instead of answering "nothing new" at once (a long poll); a bump wakes the waiters.
 */
import type { AppContext } from '../context.ts';
import type { RunnerScope } from './runner-scope.ts';

interface VersionState {
  base: number;
  bumps: Map<string, number>;
  waiters: Map<string, Set<() => void>>;
}

const states = new WeakMap<AppContext, VersionState>();
const keyOf = (ownerId: number, repoId: number) => `${ownerId}:${repoId}`;

function stateOf(app: AppContext): VersionState {
  let s = states.get(app);
  if (!s) {
    s = { base: Date.now(), bumps: new Map(), waiters: new Map() };
    states.set(app, s);
  }
  return s;
}

/** The scope's current version. */
export function tasksVersion(app: AppContext, scope: RunnerScope): number {
  const s = stateOf(app);
  return s.base + (s.bumps.get(keyOf(scope.ownerId, scope.repoId)) ?? 0);
}

/** A job became waiting in a repository of `ownerId`: the global, owner and repository scopes change (Gitea's IncreaseTaskVersion). */
export function bumpTasksVersion(app: AppContext, ownerId: number, repoId: number): void {
  const s = stateOf(app);
  const keys = [keyOf(0, 0)];
  if (ownerId > 0) keys.push(keyOf(ownerId, 0));
  if (repoId > 0) keys.push(keyOf(0, repoId));
  for (const k of keys) {
    s.bumps.set(k, (s.bumps.get(k) ?? 0) + 1);
    const w = s.waiters.get(k);
    s.waiters.delete(k);
    for (const wake of w ?? []) wake();
  }
}

/** Resolves when the scope's version changes, after `ms`, or when `signal` aborts, whichever comes first. */
export function waitForTasks(app: AppContext, scope: RunnerScope, ms: number, signal?: AbortSignal): Promise<void> {
  const s = stateOf(app);
  const k = keyOf(scope.ownerId, scope.repoId);
  return new Promise((resolve) => {
    let set = s.waiters.get(k);
    if (!set) s.waiters.set(k, (set = new Set()));
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      s.waiters.get(k)?.delete(done);
      if (s.waiters.get(k)?.size === 0) s.waiters.delete(k);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    signal?.addEventListener('abort', done, { once: true });
    set.add(done);
  });
}

/** How many FetchTask calls wait now (for the bench and tests). */
export function waitingFetches(app: AppContext): number {
  let n = 0;
  for (const set of stateOf(app).waiters.values()) n += set.size;
  return n;
}
