/** Who may manage which hooks: the guards and scope resolvers of repository, organization, user and admin hooks. */
import type { ApiContext } from '../../router/context.ts';
import type { Guard } from '../../router/route.ts';
import { repoAccess, repoOf } from '../../guards/access.ts';
import { orgOwnerOf, type HookScope } from '../../../services/webhook/scope.ts';
import { NotFoundError } from '../../../lib/errors.ts';
import type { ScopeCategory } from '../../../services/auth/scopes.ts';
import type { Access } from '../../router/route.ts';

export interface HookLevel {
  /** Path of the hook collection, e.g. `/repos/:owner/:repo/hooks`. */
  path: string;
  /** Gitea's operationId prefix: repo, org, user, admin. */
  op: 'repo' | 'org' | 'user' | 'admin';
  access: Access;
  scope: ScopeCategory;
  guards: Guard[];
  scopeOf: (ctx: ApiContext<unknown, unknown>) => HookScope;
}

/** Loads `:org` and requires the doer to own it (Gitea's reqOrgOwnership); 404 for an unknown organization. */
const orgOwner: Guard = async (ctx) => {
  ctx.locals.org = await orgOwnerOf(ctx.app, ctx.params.org ?? '', ctx.doer!);
};

export const HOOK_LEVELS: HookLevel[] = [
  {
    path: '/repos/:owner/:repo/hooks', op: 'repo', access: 'signed-in', scope: 'repository', guards: [repoAccess('admin')],
    scopeOf: (ctx) => ({ kind: 'repo', repoId: repoOf(ctx).repo.id }),
  },
  {
    path: '/orgs/:org/hooks', op: 'org', access: 'signed-in', scope: 'organization', guards: [orgOwner],
    scopeOf: (ctx) => ({ kind: 'owner', ownerId: (ctx.locals.org as { id: number }).id }),
  },
  { path: '/user/hooks', op: 'user', access: 'signed-in', scope: 'user', guards: [], scopeOf: (ctx) => ({ kind: 'owner', ownerId: ctx.doer!.id }) },
  { path: '/admin/hooks', op: 'admin', access: 'admin', scope: 'admin', guards: [], scopeOf: () => ({ kind: 'admin' }) },
];

/** The integer `:id` of a hook path; anything else is a hook that does not exist. */
export function hookIdOf(ctx: ApiContext<unknown, unknown>): number {
  const raw = ctx.params.id ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw new NotFoundError(`webhook ${raw} does not exist`);
  return Number(raw);
}
