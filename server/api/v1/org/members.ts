/** Members and public members of organizations (Gitea's orgListMembers, orgIsMember, orgPublicizeMember, ...). */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { noContent, paged } from '../../router/respond.ts';
import { orgAccess, orgOf } from '../../guards/access.ts';
import { toUser } from '../../../convert/user.ts';
import { User } from '../../../structs/user.ts';
import { getUserOrThrow } from '../../../services/user/users.ts';
import { NotFoundError } from '../../../lib/errors.ts';
import {
  isPublicMember, listMembers, memberCheck, removeMember, seesAllMembers, setMembershipPublic,
} from '../../../services/org/members.ts';

export const orgMemberRoutes = [
  route({
    method: 'get', path: '/orgs/:org/members', operationId: 'orgListMembers', access: 'signed-in', scope: 'organization', response: z.array(User),
    guards: [orgAccess('visible')],
    handler: async (ctx) => {
      const org = orgOf(ctx).org;
      const all = await seesAllMembers(ctx.app, org, ctx.doer);
      paged(ctx, await listMembers(ctx.app, org, !all), (u) => toUser(u, ctx.doer, ctx.baseUrl));
    },
  }),
  route({
    method: 'get', path: '/orgs/:org/members/:username', operationId: 'orgIsMember', access: 'signed-in', scope: 'organization', status: 204,
    guards: [orgAccess('visible')],
    handler: async (ctx) => {
      const org = orgOf(ctx).org;
      const user = await getUserOrThrow(ctx.app, ctx.params.username!);
      const answer = await memberCheck(ctx.app, org, ctx.doer, user);
      if (answer === 'member') return noContent(ctx);
      if (answer === 'not-member') throw new NotFoundError();
      const to = `${ctx.baseUrl}/api/v1/orgs/${encodeURIComponent(org.name)}/public_members/${encodeURIComponent(user.name)}`;
      ctx.res.redirect(303, to);
    },
  }),
  route({
    method: 'delete', path: '/orgs/:org/members/:username', operationId: 'orgDeleteMember', access: 'signed-in', scope: 'organization', status: 204,
    guards: [orgAccess('owner')],
    handler: async (ctx) => {
      await removeMember(ctx.app, orgOf(ctx).org, await getUserOrThrow(ctx.app, ctx.params.username!));
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: '/orgs/:org/public_members', operationId: 'orgListPublicMembers', access: 'public', scope: 'organization', response: z.array(User),
    guards: [orgAccess('visible')],
    handler: async (ctx) => paged(ctx, await listMembers(ctx.app, orgOf(ctx).org, true), (u) => toUser(u, ctx.doer, ctx.baseUrl)),
  }),
  route({
    method: 'get', path: '/orgs/:org/public_members/:username', operationId: 'orgIsPublicMember', access: 'public', scope: 'organization', status: 204,
    guards: [orgAccess('visible')],
    handler: async (ctx) => {
      const user = await getUserOrThrow(ctx.app, ctx.params.username!);
      if (!(await isPublicMember(ctx.app, orgOf(ctx).org, user.id))) throw new NotFoundError();
      noContent(ctx);
    },
  }),
  route({
    method: 'put', path: '/orgs/:org/public_members/:username', operationId: 'orgPublicizeMember', access: 'signed-in', scope: 'organization', status: 204,
    guards: [orgAccess('member')],
    handler: async (ctx) => {
      await setMembershipPublic(ctx.app, orgOf(ctx).org, ctx.doer!, await getUserOrThrow(ctx.app, ctx.params.username!), true);
      noContent(ctx);
    },
  }),
  route({
    method: 'delete', path: '/orgs/:org/public_members/:username', operationId: 'orgConcealMember', access: 'signed-in', scope: 'organization', status: 204,
    guards: [orgAccess('member')],
    handler: async (ctx) => {
      await setMembershipPublic(ctx.app, orgOf(ctx).org, ctx.doer!, await getUserOrThrow(ctx.app, ctx.params.username!), false);
      noContent(ctx);
    },
  }),
];
