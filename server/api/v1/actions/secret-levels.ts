/**
 * Who may manage which secrets and variables: repository admins (`/repos/{owner}/{repo}/actions`), organization
 * owners (`/orgs/{org}/actions`) and the signed-in user (`/user/actions`), as Gitea's reqRepoAdmin/reqOrgOwnership.
 * A public-only token never reaches them: secrets and variables are never public, whatever the repository is.
 */
import type { ApiContext } from '../../router/context.ts';
import type { Access, Guard } from '../../router/route.ts';
import { repoAccess, repoOf } from '../../guards/access.ts';
import { orgOwnerOf } from '../../../services/webhook/scope.ts';
import { limitedToPublic } from '../../../services/auth/token-reach.ts';
import type { ScopeCategory } from '../../../services/auth/scopes.ts';
import type { ActionScope } from '../../../services/actions/secrets.ts';
import { ForbiddenError } from '../../../lib/errors.ts';

export interface SecretLevel {
  /** The `actions` path of the level, e.g. `/repos/:owner/:repo/actions`. */
  path: string;
  /** Gitea's operationId word for the level. */
  op: 'Repo' | 'Org' | 'User';
  access: Access;
  scope: ScopeCategory;
  guards: Guard[];
  scopeOf: (ctx: ApiContext<unknown, unknown>) => ActionScope;
}

/** Gitea's checkTokenPublicOnly answer, given after the target is known to be visible. */
const notPublicOnly = (what: 'repos' | 'orgs' | 'users'): Guard => () => {
  if (limitedToPublic()) throw new ForbiddenError(`token scope is limited to public ${what}`);
};

const orgOwner: Guard = async (ctx) => {
  ctx.locals.org = await orgOwnerOf(ctx.app, ctx.params.org ?? '', ctx.doer!);
};

export const SECRET_LEVELS: SecretLevel[] = [
  {
    path: '/repos/:owner/:repo/actions', op: 'Repo', access: 'signed-in', scope: 'repository', guards: [repoAccess('admin'), notPublicOnly('repos')],
    scopeOf: (ctx) => ({ repoId: repoOf(ctx).repo.id }),
  },
  {
    path: '/orgs/:org/actions', op: 'Org', access: 'signed-in', scope: 'organization', guards: [orgOwner, notPublicOnly('orgs')],
    scopeOf: (ctx) => ({ ownerId: (ctx.locals.org as { id: number }).id }),
  },
  { path: '/user/actions', op: 'User', access: 'signed-in', scope: 'user', guards: [notPublicOnly('users')], scopeOf: (ctx) => ({ ownerId: ctx.doer!.id }) },
];
