/** The signed-in user's avatar (Gitea's routers/api/v1/user/avatar.go): upload (base64 image) and delete, both 204. */
import { route } from '../../router/route.ts';
import { noContent } from '../../router/respond.ts';
import { UpdateUserAvatarOption } from '../../../structs/avatar.ts';
import { deleteUserAvatar, uploadUserAvatar } from '../../../services/avatar/avatars.ts';

export const userAvatarRoutes = [
  route({
    method: 'post', path: '/user/avatar', operationId: 'userUpdateAvatar', access: 'signed-in', scope: 'user', body: UpdateUserAvatarOption, status: 204,
    handler: async (ctx) => {
      await uploadUserAvatar(ctx.app, ctx.doer!, ctx.body.image ?? '');
      noContent(ctx);
    },
  }),
  route({
    method: 'delete', path: '/user/avatar', operationId: 'userDeleteAvatar', access: 'signed-in', scope: 'user', status: 204,
    handler: async (ctx) => {
      await deleteUserAvatar(ctx.app, ctx.doer!);
      noContent(ctx);
    },
  }),
];
