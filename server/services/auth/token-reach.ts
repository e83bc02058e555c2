/**
 * How far the request's token reaches, for the whole request: a `public-only` token sees public repositories
 * and owners only. The router runs each handler inside `withTokenReach`, and the single permission function
 * reads it, so every route and every list is limited alike without each one checking (Gitea's
 * checkTokenPublicOnly and `opts.Private = false`, in one place).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { isPublicOnly } from './scopes.ts';
import { ForbiddenError } from '../../lib/errors.ts';

interface Reach { publicOnly: boolean }

const current = new AsyncLocalStorage<Reach>();

/** Gitea's answer when a public-only token names a private repository. */
export const PUBLIC_ONLY_REPO = 'token scope is limited to public repos';

/** Runs `fn` with the reach of a token's scopes (no token: unlimited). */
export function withTokenReach<T>(scopes: string[] | null, fn: () => T): T {
  const publicOnly = !!scopes && isPublicOnly(scopes);
  // No store reads as unlimited, so an unlimited request outside any reach needs no context: entering one
  // switches on the promise hooks, which cost every await of the request.
  if (!publicOnly && current.getStore() === undefined) return fn();
  return current.run({ publicOnly }, fn);
}

/** True while handling a request made with a public-only token. */
export const limitedToPublic = (): boolean => current.getStore()?.publicOnly ?? false;

/** True when the repository (of that owner) is out of a public-only token's reach. */
export const beyondReach = (repo: { is_private: boolean }, owner: { visibility: string }): boolean =>
  limitedToPublic() && (repo.is_private || owner.visibility !== 'public');

/**
 * Gitea's 403 for a public-only token that names a repository out of its reach, decided only after `mayRead`
 * (run without the limit) says the user could read it: others keep getting the 404 that hides it.
 */
export async function requireWithinReach(repo: { is_private: boolean }, owner: { visibility: string }, mayRead: () => Promise<boolean>): Promise<void> {
  if (!beyondReach(repo, owner)) return;
  if (await current.run({ publicOnly: false }, mayRead)) throw new ForbiddenError(PUBLIC_ONLY_REPO);
}
