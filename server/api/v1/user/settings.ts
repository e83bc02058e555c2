/** The signed-in user's settings and email addresses (Gitea's /user/settings and /user/emails). */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent } from '../../router/respond.ts';
import { CreateEmailOption, DeleteEmailOption, Email, UserSettings, UserSettingsOptions } from '../../../structs/user.ts';
import { addEmails, deleteEmails, listEmails, settingsOf, updateSettings } from '../../../services/user/settings.ts';
import { getUserOrThrow } from '../../../services/user/users.ts';

export const userSettingsRoutes = [
  route({
    method: 'get', path: '/user/settings', operationId: 'getUserSettings', access: 'signed-in', scope: 'user', response: UserSettings,
    handler: async (ctx) => json(ctx, 200, settingsOf(await getUserOrThrow(ctx.app, ctx.doer!.name))),
  }),
  route({
    method: 'patch', path: '/user/settings', operationId: 'updateUserSettings', access: 'signed-in', scope: 'user', body: UserSettingsOptions,
    response: UserSettings,
    handler: async (ctx) => json(ctx, 200, await updateSettings(ctx.app, ctx.doer!, ctx.body)),
  }),
  route({
    method: 'get', path: '/user/emails', operationId: 'userListEmails', access: 'signed-in', scope: 'user', response: z.array(Email),
    handler: async (ctx) => json(ctx, 200, await listEmails(ctx.app, ctx.doer!)),
  }),
  route({
    method: 'post', path: '/user/emails', operationId: 'userAddEmail', access: 'signed-in', scope: 'user', body: CreateEmailOption, status: 201,
    response: z.array(Email),
    handler: async (ctx) => json(ctx, 201, await addEmails(ctx.app, ctx.doer!, ctx.body.emails)),
  }),
  route({
    method: 'delete', path: '/user/emails', operationId: 'userDeleteEmail', access: 'signed-in', scope: 'user', body: DeleteEmailOption, status: 204,
    handler: async (ctx) => {
      await deleteEmails(ctx.app, ctx.doer!, ctx.body.emails);
      noContent(ctx);
    },
  }),
];
