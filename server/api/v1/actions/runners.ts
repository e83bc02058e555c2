/** Runners and registration tokens at repository, organization, user and site level (Gitea's routers/api/v1/shared/runners.go). */
import { route, type RouteDef } from '../../router/route.ts';
import { json, noContent, setPageHeaders } from '../../router/respond.ts';
import { ActionRunner, ActionRunnersResponse, EditActionRunnerOption, RegistrationToken, RunnerListQuery } from '../../../structs/runner.ts';
import { deleteRunner, getRunner, listRunners, runnerState, setRunnerDisabled } from '../../../services/actions/runners.ts';
import { registrationToken } from '../../../services/actions/runner-tokens.ts';
import { scopeOfLevel } from '../../../services/actions/runner-scope.ts';
import { toActionRunner } from '../../../convert/runner.ts';
import { RUNNER_LEVELS, runnerIdOf, type RunnerLevelDef } from './runner-levels.ts';

function levelRoutes(l: RunnerLevelDef): RouteDef[] {
  const base = { access: l.access, scope: l.scope, guards: l.guards };
  return [
    route({
      ...base, method: 'post', path: `${l.path}/registration-token`, operationId: `${l.tokenOp}CreateRunnerRegistrationToken`, response: RegistrationToken,
      handler: async (ctx) => { json(ctx, 200, { token: await registrationToken(ctx.app, scopeOfLevel(l.levelOf(ctx))) }); },
    }),
    route({
      ...base, method: 'get', path: l.path, operationId: `get${l.op}Runners`, query: RunnerListQuery, response: ActionRunnersResponse,
      handler: async (ctx) => {
        const disabled = ctx.query.disabled === undefined ? undefined : ctx.query.disabled === 'true';
        const page = await listRunners(ctx.app, l.levelOf(ctx), { disabled, ...ctx.paging });
        setPageHeaders(ctx, page.total);
        json(ctx, 200, { runners: page.rows.map((r) => toActionRunner(r, runnerState(r))), total_count: page.total });
      },
    }),
    route({
      ...base, method: 'get', path: `${l.path}/:runner_id`, operationId: `get${l.op}Runner`, response: ActionRunner,
      handler: async (ctx) => {
        const r = await getRunner(ctx.app, l.levelOf(ctx), runnerIdOf(ctx));
        json(ctx, 200, toActionRunner(r, runnerState(r)));
      },
    }),
    route({
      ...base, method: 'patch', path: `${l.path}/:runner_id`, operationId: `update${l.op}Runner`, body: EditActionRunnerOption, response: ActionRunner,
      handler: async (ctx) => {
        const r = await setRunnerDisabled(ctx.app, l.levelOf(ctx), runnerIdOf(ctx), ctx.body.disabled);
        json(ctx, 200, toActionRunner(r, runnerState(r)));
      },
    }),
    route({
      ...base, method: 'delete', path: `${l.path}/:runner_id`, operationId: `delete${l.op}Runner`, status: 204,
      handler: async (ctx) => {
        await deleteRunner(ctx.app, l.levelOf(ctx), runnerIdOf(ctx));
        noContent(ctx);
      },
    }),
  ];
}

export const runnerRoutes: RouteDef[] = RUNNER_LEVELS.flatMap(levelRoutes);
