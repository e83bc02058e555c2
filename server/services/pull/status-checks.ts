/**
 * The required status checks of a protected branch, read through a small interface: the commit-status service
 * registers its reader here; until one is registered no status is known, so a required check is never green.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import { globMatch } from '../../lib/glob.ts';

/** One commit status as the merge gate needs it: the latest state of one context. */
export interface KnownStatus {
  context: string;
  state: 'pending' | 'success' | 'error' | 'failure' | 'warning' | 'skipped';
}

/** Reads the latest status of each context of a commit. */
export type StatusReader = (app: AppContext, repo: RepoRecord, sha: string) => Promise<KnownStatus[]>;

const readers = new WeakMap<AppContext, StatusReader>();

/** Lets the commit-status service answer for a host. */
export function registerStatusReader(app: AppContext, reader: StatusReader): void {
  readers.set(app, reader);
}

/**
 * Gitea's MergeRequiredContextsCommitStatus: each required context (a glob) must be reported and every status it
 * matches successful (skipped counts); with no context named, every reported status must be. Null when green.
 */
export async function requiredChecksProblem(app: AppContext, repo: RepoRecord, sha: string, contexts: string[]): Promise<string | null> {
  const statuses = (await readers.get(app)?.(app, repo, sha)) ?? [];
  const green = (s: KnownStatus): boolean => s.state === 'success' || s.state === 'skipped' || s.state === 'warning';
  if (contexts.length === 0) return statuses.every(green) ? null : 'Not all status checks are successful.';
  const missing = contexts.filter((c) => {
    const matched = statuses.filter((s) => globMatch(c, s.context));
    return matched.length === 0 || !matched.every(green);
  });
  return missing.length ? `Required status checks have not succeeded: ${missing.join(', ')}.` : null;
}
