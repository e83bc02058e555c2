/** Host settings that matter on a desktop (read and changed at run time) and the host's state, for site administrators. */
import { z } from 'zod';
import { EditHostSettingsOption, HostSetting, HostStatus } from '../../structs/homeforge.ts';
import { route } from '../router/route.ts';
import { json } from '../router/respond.ts';
import { readHostSettings, updateHostSettings } from '../../services/settings/host-settings.ts';
import { hostStatus } from '../../services/settings/host-status.ts';

export const settingsRoutes = [
  route({
    method: 'get', path: '/admin/settings', operationId: 'homeforgeGetSettings', access: 'admin', scope: 'admin', response: z.array(HostSetting),
    handler: (ctx) => json(ctx, 200, readHostSettings(ctx.app)),
  }),
  route({
    method: 'patch', path: '/admin/settings', operationId: 'homeforgeEditSettings', access: 'admin', scope: 'admin',
    body: EditHostSettingsOption, response: z.array(HostSetting),
    handler: async (ctx) => json(ctx, 200, await updateHostSettings(ctx.app, ctx.body)),
  }),
  route({
    method: 'get', path: '/status', operationId: 'homeforgeStatus', access: 'admin', scope: 'admin', response: HostStatus,
    handler: async (ctx) => json(ctx, 200, await hostStatus(ctx.app)),
  }),
];
