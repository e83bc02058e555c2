/** Who manages which runners: repository admins, organization owners, each user their own, site admins all. */
import type { ApiContext } from '../../router/context.ts';
import type { Access, Guard } from '../../router/route.ts';
import { repoAccess, repoOf } from '../../guards/access.ts';
import { orgOwnerOf } from '../../../services/webhook/scope.ts';
import type { ScopeCategory } from '../../../services/auth/scopes.ts';
import type { RunnerLevel } from '../../../services/actions/runner-scope.ts';
import { NotFoundError } from '../../../lib/errors.ts';

export interface RunnerLevelDef {
  /** The runners collection, e.g. `/repos/:owner/:repo/actions/runners`. */
  path: string;
  /** Gitea's operationId infix: Repo, Org, User, Admin. */
  op: 'Repo' | 'Org' | 'User' | 'Admin';
  /** The prefix of the token operation's id (repoCreateRunnerRegistrationToken, ...). */
  tokenOp: 'repo' | 'org' | 'user' | 'admin';
  access: Access;
  scope: ScopeCategory;
  guards: Guard[];
  levelOf: (ctx: ApiContext<unknown, unknown>) => RunnerLevel;
}

/** Loads `:org` and requires the doer to own it (Gitea's reqOrgOwnership); 404 for an organization the doer cannot see. */
const orgOwner: Guard = async (ctx) => {
  ctx.locals.org = await orgOwnerOf(ctx.app, ctx.params.org ?? '', ctx.doer!);
};

export const RUNNER_LEVELS: RunnerLevelDef[] = [
  {
    path: '/repos/:owner/:repo/actions/runners', op: 'Repo', tokenOp: 'repo', access: 'signed-in', scope: 'repository', guards: [repoAccess('admin')],
    levelOf: (ctx) => ({ kind: 'repo', repoId: repoOf(ctx).repo.id, ownerId: repoOf(ctx).owner.id }),
  },
  {
    path: '/orgs/:org/actions/runners', op: 'Org', tokenOp: 'org', access: 'signed-in', scope: 'organization', guards: [orgOwner],
    levelOf: (ctx) => ({ kind: 'owner', ownerId: (ctx.locals.org as { id: number }).id }),
  },
  { path: '/user/actions/runners', op: 'User', tokenOp: 'user', access: 'signed-in', scope: 'user', guards: [], levelOf: (ctx) => ({ kind: 'owner', ownerId: ctx.doer!.id }) },
  { path: '/admin/actions/runners', op: 'Admin', tokenOp: 'admin', access: 'admin', scope: 'admin', guards: [], levelOf: () => ({ kind: 'admin' }) },
];

/** The integer `:runner_id`; anything else names no runner. */
export function runnerIdOf(ctx: ApiContext<unknown, unknown>): number {
  const raw = ctx.params.runner_id ?? '';
  if (!/^\d{1,15}$/.test(raw)) throw new NotFoundError('runner not found');
  return Number(raw);
}
