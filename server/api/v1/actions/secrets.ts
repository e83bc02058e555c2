/**
 * Actions secrets at repository, organization and user level: list (names and dates, never values), create or
 * update (201 created, 204 updated), delete. Gitea has no list of the user's secrets; the UI's is under /api/homeforge.
 */
import { z } from 'zod';
import { route, type RouteDef } from '../../router/route.ts';
import { noContent, paged } from '../../router/respond.ts';
import { SECRET_LEVELS, type SecretLevel } from './secret-levels.ts';
import * as secrets from '../../../services/actions/secrets.ts';
import { toSecret } from '../../../convert/action-secret.ts';
import { CreateOrUpdateSecretOption, Secret } from '../../../structs/action-secret.ts';

const LIST_IDS: Record<SecretLevel['op'], string | null> = { Repo: 'repoListActionsSecrets', Org: 'orgListActionsSecrets', User: null };

function levelRoutes(l: SecretLevel): RouteDef[] {
  const base = { access: l.access, scope: l.scope, guards: l.guards };
  const list = LIST_IDS[l.op];
  return [
    ...(list ? [route({
      ...base, method: 'get', path: `${l.path}/secrets`, operationId: list, response: z.array(Secret),
      handler: async (ctx) => paged(ctx, await secrets.listSecrets(ctx.app, l.scopeOf(ctx)), toSecret),
    })] : []),
    route({
      ...base, method: 'put', path: `${l.path}/secrets/:secretname`, operationId: `update${l.op}Secret`, body: CreateOrUpdateSecretOption, status: 201, alsoStatus: [204],
      handler: async (ctx) => {
        const { created } = await secrets.createOrUpdateSecret(ctx.app, l.scopeOf(ctx), ctx.params.secretname ?? '', ctx.body.data, ctx.body.description);
        ctx.res.status(created ? 201 : 204).end();
      },
    }),
    route({
      ...base, method: 'delete', path: `${l.path}/secrets/:secretname`, operationId: `delete${l.op}Secret`, status: 204,
      handler: async (ctx) => {
        await secrets.deleteSecret(ctx.app, l.scopeOf(ctx), ctx.params.secretname ?? '');
        noContent(ctx);
      },
    }),
  ];
}

export const actionSecretRoutes: RouteDef[] = SECRET_LEVELS.flatMap(levelRoutes);

const userLevel = SECRET_LEVELS.find((l) => l.op === 'User')!;

/** Homeforge-only: the signed-in user's secrets, for the settings page (Gitea lists them in its web UI only). */
export const userSecretListRoutes: RouteDef[] = [
  route({
    method: 'get', path: `${userLevel.path}/secrets`, operationId: 'userListActionsSecrets', access: userLevel.access, scope: userLevel.scope,
    guards: userLevel.guards, response: z.array(Secret),
    handler: async (ctx) => paged(ctx, await secrets.listSecrets(ctx.app, userLevel.scopeOf(ctx)), toSecret),
  }),
];
