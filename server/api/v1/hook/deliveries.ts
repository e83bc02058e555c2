/**
 * Homeforge extension (Gitea has these in its web UI only): the delivery history of a hook at every level,
 * one delivery by uuid, and its replay as a new delivery. Same guards as the hooks themselves.
 */
import { z } from 'zod';
import { route, type RouteDef } from '../../router/route.ts';
import { json, paged } from '../../router/respond.ts';
import { HOOK_LEVELS, hookIdOf, type HookLevel } from './levels.ts';
import { toHookDelivery } from '../../../convert/hook.ts';
import { HookDelivery } from '../../../structs/hook.ts';
import * as deliveries from '../../../services/webhook/deliveries.ts';

function levelRoutes(l: HookLevel): RouteDef[] {
  const base = { access: l.access, scope: l.scope, guards: l.guards };
  const path = `${l.path}/:id/deliveries`;
  return [
    route({
      ...base, method: 'get', path, operationId: `${l.op}ListHookDeliveries`, summary: 'Homeforge extension: delivery history of a hook', response: z.array(HookDelivery),
      handler: async (ctx) => paged(ctx, await deliveries.listDeliveries(ctx.app, l.scopeOf(ctx), hookIdOf(ctx)), (t) => toHookDelivery(t)),
    }),
    route({
      ...base, method: 'get', path: `${path}/:uuid`, operationId: `${l.op}GetHookDelivery`, summary: 'Homeforge extension: one delivery of a hook', response: HookDelivery,
      handler: async (ctx) => json(ctx, 200, toHookDelivery(await deliveries.getDelivery(ctx.app, l.scopeOf(ctx), hookIdOf(ctx), ctx.params.uuid ?? ''), true)),
    }),
    route({
      ...base, method: 'post', path: `${path}/:uuid/replay`, operationId: `${l.op}ReplayHookDelivery`, summary: 'Homeforge extension: replay a delivery', status: 201, response: HookDelivery,
      handler: async (ctx) => json(ctx, 201, toHookDelivery(await deliveries.replayDelivery(ctx.app, l.scopeOf(ctx), hookIdOf(ctx), ctx.params.uuid ?? ''), true)),
    }),
  ];
}

export const hookDeliveryRoutes: RouteDef[] = HOOK_LEVELS.flatMap(levelRoutes);
