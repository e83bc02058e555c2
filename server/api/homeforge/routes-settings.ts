/** Host settings that matter on a desktop (read and changed at run time) and the host's state, for site administrators. */
import { z } from 'zod';
import { route } from '../v1/route.ts';
import { json } from '../v1/respond.ts';
import { readHostSettings, updateHostSettings } from '../../services/host-settings.ts';
import { hostStatus } from '../../services/host-status.ts';

/** `section.KEY` → new value; unknown or invalid keys are refused with 422 naming the key. */
const EditHostSettingsOption = z.record(z.string(), z.union([z.string(), z.boolean(), z.number()]));

export const settingsRoutes = [
  route({
    method: 'get', path: '/admin/settings', operationId: 'homeforgeGetSettings', access: 'admin', scope: 'admin',
    handler: (ctx) => json(ctx, 200, readHostSettings(ctx.app)),
  }),
  route({
    method: 'patch', path: '/admin/settings', operationId: 'homeforgeEditSettings', access: 'admin', scope: 'admin',
    body: EditHostSettingsOption,
    handler: async (ctx) => json(ctx, 200, await updateHostSettings(ctx.app, ctx.body)),
  }),
  route({
    method: 'get', path: '/status', operationId: 'homeforgeStatus', access: 'admin', scope: 'admin',
    handler: async (ctx) => json(ctx, 200, await hostStatus(ctx.app, ctx.req.socket.localPort ?? 0)),
  }),
];
