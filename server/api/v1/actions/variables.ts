/** Actions variables at repository, organization and user level: list, get, create (POST), update (PUT, may rename), delete. */
import { z } from 'zod';
import { route, type RouteDef } from '../../router/route.ts';
import { json, noContent, paged } from '../../router/respond.ts';
import { SECRET_LEVELS, type SecretLevel } from './secret-levels.ts';
import * as variables from '../../../services/actions/variables.ts';
import { toActionVariable } from '../../../convert/action-secret.ts';
import { ActionVariable, CreateVariableOption, UpdateVariableOption } from '../../../structs/action-secret.ts';

function levelRoutes(l: SecretLevel): RouteDef[] {
  const base = { access: l.access, scope: l.scope, guards: l.guards };
  const one = `${l.path}/variables/:variablename`;
  const nameOf = (params: Record<string, string>): string => params.variablename ?? '';
  return [
    route({
      ...base, method: 'get', path: `${l.path}/variables`, operationId: `get${l.op}VariablesList`, response: z.array(ActionVariable),
      handler: async (ctx) => paged(ctx, await variables.listVariables(ctx.app, l.scopeOf(ctx)), toActionVariable),
    }),
    route({
      ...base, method: 'get', path: one, operationId: `get${l.op}Variable`, response: ActionVariable,
      handler: async (ctx) => json(ctx, 200, toActionVariable(await variables.getVariable(ctx.app, l.scopeOf(ctx), nameOf(ctx.params)))),
    }),
    route({
      ...base, method: 'post', path: one, operationId: `create${l.op}Variable`, body: CreateVariableOption, status: 201,
      handler: async (ctx) => {
        await variables.createVariable(ctx.app, l.scopeOf(ctx), nameOf(ctx.params), ctx.body.value, ctx.body.description);
        ctx.res.status(201).end();
      },
    }),
    route({
      ...base, method: 'put', path: one, operationId: `update${l.op}Variable`, body: UpdateVariableOption, status: 204,
      handler: async (ctx) => {
        await variables.updateVariable(ctx.app, l.scopeOf(ctx), nameOf(ctx.params), ctx.body);
        noContent(ctx);
      },
    }),
    route({
      ...base, method: 'delete', path: one, operationId: `delete${l.op}Variable`, status: 204,
      handler: async (ctx) => {
        await variables.deleteVariable(ctx.app, l.scopeOf(ctx), nameOf(ctx.params));
        noContent(ctx);
      },
    }),
  ];
}

export const actionVariableRoutes: RouteDef[] = SECRET_LEVELS.flatMap(levelRoutes);
