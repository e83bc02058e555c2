/** A repository's avatar (Gitea's routers/api/v1/repo/avatar.go): upload and delete by repository admins, 204. */
import { route } from '../../router/route.ts';
import { noContent } from '../../router/respond.ts';
import { repoAccess, repoOf } from '../../guards/access.ts';
import { UpdateRepoAvatarOption } from '../../../structs/avatar.ts';
import { deleteRepoAvatar, uploadRepoAvatar } from '../../../services/avatar/avatars.ts';

const P = '/repos/:owner/:repo/avatar';
// Gitea's reqAdmin + reqToken.
const admin = [repoAccess('admin')];

export const repoAvatarRoutes = [
  route({
    method: 'post', path: P, operationId: 'repoUpdateAvatar', access: 'signed-in', scope: 'repository', body: UpdateRepoAvatarOption, status: 204, guards: admin,
    handler: async (ctx) => {
      await uploadRepoAvatar(ctx.app, repoOf(ctx).repo, ctx.body.image ?? '');
      noContent(ctx);
    },
  }),
  route({
    method: 'delete', path: P, operationId: 'repoDeleteAvatar', access: 'signed-in', scope: 'repository', status: 204, guards: admin,
    handler: async (ctx) => {
      await deleteRepoAvatar(ctx.app, repoOf(ctx).repo);
      noContent(ctx);
    },
  }),
];
