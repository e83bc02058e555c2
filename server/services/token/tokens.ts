/**
 * Personal access tokens. The value is shown once, at creation; only its sha256 and last eight characters are
 * stored. A user manages their own tokens; a site administrator may manage anyone's.
 */
import type { AppContext } from '../context.ts';
import type { AccessTokenRecord, UserRecord } from '../../store/records.ts';
import type { Auth } from '../auth/authenticate.ts';
import * as tokenStore from '../../store/access-tokens.ts';
import * as userStore from '../../store/users.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import { BadRequestError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { SCOPE_CATEGORIES } from '../auth/scopes.ts';
import { getUserOrThrow } from '../user/users.ts';

export interface CreatedToken {
  record: AccessTokenRecord;
  /** The token itself: returned to the creator once and never stored. */
  value: string;
}

const KNOWN_SCOPES = new Set<string>(['all', 'public-only', ...SCOPE_CATEGORIES.flatMap((c) => [`read:${c}`, `write:${c}`])]);

/**
 * Gitea's scope normalisation: unknown scopes are refused (400), duplicates dropped, `write:x` absorbs `read:x`,
 * write on every category becomes `all`. Returns [] when no scope was given.
 */
export function normaliseTokenScopes(scopes: string[]): string[] {
  const given = new Set<string>();
  for (const raw of scopes.flatMap((s) => s.split(','))) {
    const s = raw.trim();
    if (!s) continue;
    if (!KNOWN_SCOPES.has(s)) throw new BadRequestError(`invalid access token scope provided: invalid access token scope: ${s}`);
    given.add(s);
  }
  const out: string[] = given.has('public-only') ? ['public-only'] : [];
  if (given.has('all') || SCOPE_CATEGORIES.every((c) => given.has(`write:${c}`))) return [...out, 'all'];
  for (const c of SCOPE_CATEGORIES) {
    if (given.has(`write:${c}`)) out.push(`write:${c}`);
    else if (given.has(`read:${c}`)) out.push(`read:${c}`);
  }
  return out;
}

/** The account whose tokens `doer` may manage: themself, or anyone when `doer` is a site administrator (else 403). */
export async function tokenOwnerFor(app: AppContext, doer: UserRecord, username: string): Promise<UserRecord> {
  const owner = await getUserOrThrow(app, username);
  if (!doer.is_admin && doer.id !== owner.id) {
    throw new ForbiddenError('doer should be the site admin or be same as the contextUser');
  }
  return owner;
}

/** Creates a token for `owner`. A name already used by one of the owner's tokens, or no valid scope, is 400. */
export async function createToken(app: AppContext, owner: UserRecord, name: string, scopes: string[]): Promise<CreatedToken> {
  const existing = await tokenStore.listByUser(app.store, owner.id);
  if (existing.some((t) => t.name === name)) throw new BadRequestError('access token name has been used already', [{ field: 'name', code: 'invalid_value', message: `there is already a token called ${name}` }]);
  const normalised = normaliseTokenScopes(scopes);
  if (normalised.length === 0) throw new BadRequestError('access token must have a scope', [{ field: 'scopes', code: 'required', message: 'choose at least one permission' }]);
  const value = newToken();
  const record = await tokenStore.insert(app.store, (id) => ({
    id,
    uid: owner.id,
    name,
    token_hash: hashToken(value),
    token_last_eight: value.slice(-8),
    scopes: normalised,
    created: new Date().toISOString(),
    last_used: null,
  }));
  return { record, value };
}

/** The owner's tokens, oldest first. */
export function listTokens(app: AppContext, owner: UserRecord): Promise<AccessTokenRecord[]> {
  return tokenStore.listByUser(app.store, owner.id);
}

/**
 * Deletes one of the owner's tokens, named by id or, when `ref` is not a number, by name. A token of another
 * user is 404, as if it did not exist; a name shared by several tokens is 422.
 */
export async function deleteToken(app: AppContext, owner: UserRecord, ref: string): Promise<void> {
  const tokens = await tokenStore.listByUser(app.store, owner.id);
  const id = /^\d+$/.test(ref) ? Number(ref) : 0;
  const matches = id > 0 ? tokens.filter((t) => t.id === id) : tokens.filter((t) => t.name === ref);
  if (matches.length > 1) throw new ValidationError(`multiple matches for token name '${ref}'`);
  const token = matches[0];
  if (!token) throw new NotFoundError();
  await tokenStore.remove(app.store, token.id);
}

/** The token the request was made with and its owner; 404 when the request was not made with a token. */
export async function currentToken(app: AppContext, auth: Auth): Promise<{ token: AccessTokenRecord; owner: UserRecord }> {
  if (auth.method !== 'token' || !auth.token) throw new NotFoundError('invalid personal token');
  const owner = await userStore.getById(app.store, auth.token.uid);
  if (!owner) throw new NotFoundError('token not found');
  return { token: auth.token, owner };
}

/** Revokes the token the request was made with. */
export async function deleteCurrentToken(app: AppContext, auth: Auth): Promise<void> {
  const { token } = await currentToken(app, auth);
  await tokenStore.remove(app.store, token.id);
}
