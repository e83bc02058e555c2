/** The web's "Reset registration token" at each runner level (Gitea has no API for it), and the built-in runner switch. */
import { z } from 'zod';
import { route, type RouteDef } from '../router/route.ts';
import { json } from '../router/respond.ts';
import { RegistrationToken } from '../../structs/runner.ts';
import { resetRegistrationToken } from '../../services/actions/runner-tokens.ts';
import { scopeOfLevel } from '../../services/actions/runner-scope.ts';
import { builtinRunnerStatus, setBuiltinRunner } from '../../services/actions/builtin-runner.ts';
import { RUNNER_LEVELS } from '../v1/actions/runner-levels.ts';

const BuiltinRunnerStatus = z.strictObject({
  enabled: z.boolean(),
  running: z.boolean(),
  runner_id: z.number().int(),
  last_error: z.string(),
}).meta({ id: 'BuiltinRunnerStatus' });

const BuiltinRunnerOption = z.object({ enabled: z.boolean() });

export const runnerTokenRoutes: RouteDef[] = [
  ...RUNNER_LEVELS.map((l) => route({
    method: 'post', path: `${l.path}/registration-token/reset`, operationId: `homeforge${l.op}ResetRunnerRegistrationToken`,
    access: l.access, scope: l.scope, guards: l.guards, response: RegistrationToken,
    handler: async (ctx) => { json(ctx, 200, { token: await resetRegistrationToken(ctx.app, scopeOfLevel(l.levelOf(ctx))) }); },
  })),
  route({
    method: 'get', path: '/admin/actions/builtin-runner', operationId: 'homeforgeGetBuiltinRunner', access: 'admin', scope: 'admin', response: BuiltinRunnerStatus,
    handler: async (ctx) => { json(ctx, 200, await builtinRunnerStatus(ctx.app)); },
  }),
  route({
    method: 'put', path: '/admin/actions/builtin-runner', operationId: 'homeforgeSetBuiltinRunner', access: 'admin', scope: 'admin', body: BuiltinRunnerOption, response: BuiltinRunnerStatus,
    handler: async (ctx) => { json(ctx, 200, await setBuiltinRunner(ctx.app, ctx.body.enabled)); },
  }),
];
