/** Site administration of users: list, create, edit, rename, delete. Every route needs a site admin and the admin scope. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent, paged } from '../../router/respond.ts';
import { toUser } from '../../../convert/user.ts';
import { adminCreateUser, getIndividualOrThrow, getUserOrThrow } from '../../../services/user/users.ts';
import { editUser, renameUser } from '../../../services/user/edit.ts';
import { deleteUser } from '../../../services/user/delete.ts';
import { adminSearchUsers } from '../../../services/user/search.ts';
import { AdminSearchUsersQuery, CreateUserOption, DeleteUserQuery, EditUserOption, RenameUserOption, User } from '../../../structs/user.ts';

export const adminUserRoutes = [
  route({
    method: 'get', path: '/admin/users', operationId: 'adminSearchUsers', access: 'admin', scope: 'admin', query: AdminSearchUsersQuery, response: z.array(User),
    handler: async (ctx) => {
      const users = await adminSearchUsers(ctx.app, ctx.query);
      paged(ctx, users, (u) => toUser(u, ctx.doer, ctx.baseUrl));
    },
  }),
  route({
    method: 'post', path: '/admin/users', operationId: 'adminCreateUser', access: 'admin', scope: 'admin', body: CreateUserOption, status: 201, response: User,
    handler: async (ctx) => {
      const user = await adminCreateUser(ctx.app, ctx.body);
      json(ctx, 201, toUser(user, ctx.doer, ctx.baseUrl));
    },
  }),
  route({
    method: 'patch', path: '/admin/users/:username', operationId: 'adminEditUser', access: 'admin', scope: 'admin', body: EditUserOption, response: User,
    handler: async (ctx) => {
      const user = await editUser(ctx.app, await getUserOrThrow(ctx.app, ctx.params.username!), ctx.body);
      json(ctx, 200, toUser(user, ctx.doer, ctx.baseUrl));
    },
  }),
  route({
    method: 'delete', path: '/admin/users/:username', operationId: 'adminDeleteUser', access: 'admin', scope: 'admin', query: DeleteUserQuery, status: 204,
    handler: async (ctx) => {
      const user = await getUserOrThrow(ctx.app, ctx.params.username!);
      await deleteUser(ctx.app, ctx.doer, user, ctx.query.purge ?? false);
      noContent(ctx);
    },
  }),
  route({
    method: 'post', path: '/admin/users/:username/rename', operationId: 'adminRenameUser', access: 'admin', scope: 'admin', body: RenameUserOption, status: 204,
    handler: async (ctx) => {
      await renameUser(ctx.app, await getIndividualOrThrow(ctx.app, ctx.params.username!), ctx.body.new_username);
      noContent(ctx);
    },
  }),
];
