/**
 * Who may fetch from or push to a repository over git's HTTP transport (Gitea's httpBase): public pulls
 * need no credentials unless REQUIRE_SIGNIN_VIEW; everything else asks for them with a Basic challenge.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import * as repoStore from '../../store/repos.ts';
import { authenticate, type Credentials } from '../auth/authenticate.ts';
import { scopesAllow, isPublicOnly } from '../auth/scopes.ts';
import { repoPermission, atLeast, unitMode } from '../permission/permissions.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts';

export interface GitAccess {
  owner: UserRecord;
  repo: RepoRecord;
  /** The authenticated user; null for an anonymous public pull. */
  doer: UserRecord | null;
  /** The bare repository directory. */
  gitDir: string;
  /** Negotiate's mutual-authentication token for the answer, when the credential was a Kerberos ticket. */
  negotiateResponse?: string | undefined;
}

const NOT_FOUND = 'Repository not found';

async function signIn(app: AppContext, creds: Credentials) {
  try {
    return await authenticate(app, creds);
  } catch (err) {
    if (err instanceof UnauthorizedError) throw new UnauthorizedError(err.message, true);
    throw err;
  }
}

/**
 * Checks access to `ownerName/repoName` for a pull (`write` false) or a push; throws 401 (with challenge), 403 or
 * 404. With `wiki`, the repository's wiki repository is meant: its unit decides, and a disabled wiki answers 403.
 */
export async function gitAccess(app: AppContext, creds: Credentials, ownerName: string, repoName: string, write: boolean, wiki = false): Promise<GitAccess> {
  if (app.settings.bool('repository.DISABLE_HTTP_GIT')) throw new ForbiddenError('Interacting with repositories by HTTP protocol is not allowed');
  const auth = await signIn(app, creds);
  const doer = auth?.user ?? null;
  const owner = await userStore.getByName(app.store, ownerName);
  // Whether the doer may see the owner is part of repoPermission below; here only an anonymous pull is decided.
  const repo = owner ? await repoStore.getByOwnerAndName(app.store, owner.id, repoName) : undefined;
  const publicPull = !!repo && !!owner && !write && !repo.is_private && owner.visibility === 'public';
  if (!doer && (!publicPull || app.settings.bool('service.REQUIRE_SIGNIN_VIEW'))) {
    throw new UnauthorizedError('authentication required', true);
  }
  if (!owner || !repo) throw new NotFoundError(NOT_FOUND);
  if (auth?.token) {
    if (isPublicOnly(auth.token.scopes) && repo.is_private) throw new NotFoundError(NOT_FOUND);
    if (!scopesAllow(auth.token.scopes, 'repository', write ? 'write' : 'read')) {
      throw new ForbiddenError(`token does not have at least one of required scope(s), required=[${write ? 'write' : 'read'}:repository]`);
    }
  }
  const perm = await repoPermission(app, doer, repo);
  const code = unitMode(perm, wiki ? 'repo.wiki' : 'repo.code');
  if (!atLeast(code, 'read')) throw new NotFoundError(NOT_FOUND);
  if (write && !atLeast(code, 'write')) throw new ForbiddenError('User permission denied');
  if (write && repo.is_mirror) throw new ForbiddenError('mirror repository is read-only');
  if (wiki && !repo.units.has_wiki) throw new ForbiddenError('repository wiki is disabled');
  return { owner, repo, doer, gitDir: wiki ? repoStore.wikiGitDirOf(app.store, repo) : repoStore.gitDirOf(app.store, repo), negotiateResponse: auth?.negotiateResponse };
}

/** Gitea's words for a push to an archived repository. */
export const ARCHIVED_PUSH_MESSAGE = 'This repo is archived. You can view files and clone it, but cannot push or open issues/pull-requests.';
