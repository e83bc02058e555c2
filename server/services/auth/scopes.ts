/** Gitea's access token scopes: `all`, `public-only`, and `read:`/`write:` for each category. */
import { ValidationError, ForbiddenError } from '../../lib/errors.ts';

export const SCOPE_CATEGORIES = [
  'activitypub', 'admin', 'misc', 'notification', 'organization', 'package', 'issue', 'repository', 'user',
] as const;
export type ScopeCategory = (typeof SCOPE_CATEGORIES)[number];

const VALID = new Set<string>(['all', 'public-only', ...SCOPE_CATEGORIES.flatMap((c) => [`read:${c}`, `write:${c}`])]);

/** Checks and normalises the scopes of a new token (sorted, no duplicates); 422 names an unknown one. */
export function normaliseScopes(scopes: string[]): string[] {
  const out = new Set<string>();
  for (const raw of scopes.flatMap((s) => s.split(','))) {
    const s = raw.trim();
    if (!s) continue;
    if (!VALID.has(s)) throw new ValidationError(`invalid access token scope provided: ${s}`);
    out.add(s);
  }
  if (out.size === 0) throw new ValidationError('access token must have a scope');
  return [...out].sort();
}

/** True when the scopes allow `level` access to `category`; write implies read, `all` allows everything. */
export function scopesAllow(scopes: string[], category: ScopeCategory, level: 'read' | 'write'): boolean {
  if (scopes.includes('all')) return true;
  if (scopes.includes(`write:${category}`)) return true;
  return level === 'read' && scopes.includes(`read:${category}`);
}

/** Throws Gitea's 403 when a token's scopes do not cover the route. */
export function requireScope(scopes: string[], category: ScopeCategory, level: 'read' | 'write'): void {
  if (!scopesAllow(scopes, category, level)) {
    throw new ForbiddenError(
      `token does not have at least one of required scope(s), required=[${level}:${category}], token scope=${scopes.join(',')}`,
    );
  }
}

/** True when the token is limited to public resources. */
export const isPublicOnly = (scopes: string[]): boolean => scopes.includes('public-only');
