/** An organization's avatar (Gitea's routers/api/v1/org/avatar.go): upload and delete by its owners or a site admin, 204. */
import { route } from '../../router/route.ts';
import { noContent } from '../../router/respond.ts';
import { orgAccess, orgOf } from '../../guards/access.ts';
import { UpdateUserAvatarOption } from '../../../structs/avatar.ts';
import { deleteUserAvatar, uploadUserAvatar } from '../../../services/avatar/avatars.ts';

const P = '/orgs/:org/avatar';
// Gitea's reqToken + reqOrgOwnership.
const owner = [orgAccess('owner')];

export const orgAvatarRoutes = [
  route({
    method: 'post', path: P, operationId: 'orgUpdateAvatar', access: 'signed-in', scope: 'organization', body: UpdateUserAvatarOption, status: 204, guards: owner,
    handler: async (ctx) => {
      await uploadUserAvatar(ctx.app, orgOf(ctx).org, ctx.body.image ?? '');
      noContent(ctx);
    },
  }),
  route({
    method: 'delete', path: P, operationId: 'orgDeleteAvatar', access: 'signed-in', scope: 'organization', status: 204, guards: owner,
    handler: async (ctx) => {
      await deleteUserAvatar(ctx.app, orgOf(ctx).org);
      noContent(ctx);
    },
  }),
];
