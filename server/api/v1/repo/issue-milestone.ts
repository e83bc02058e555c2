/** Milestones of a repository (Gitea's routers/api/v1/repo/milestone.go): list, create, get, edit (close), delete. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent, setPageHeaders, pageOf } from '../../router/respond.ts';
import { repoOf } from '../../guards/access.ts';
import { CreateMilestoneOption, EditMilestoneOption, Milestone, MilestoneListQuery } from '../../../structs/issue-label.ts';
import { createMilestone, deleteMilestone, editMilestone, getMilestone, listMilestones } from '../../../services/issue/milestones.ts';
import { issuesOrPullsRead, issuesOrPullsWrite, milestoneJson } from './issue-helpers.ts';

const R = '/repos/:owner/:repo/milestones';

export const issueMilestoneRoutes = [
  route({
    method: 'get', path: R, operationId: 'issueGetMilestonesList', access: 'public', scope: 'issue', query: MilestoneListQuery, response: z.array(Milestone), guards: issuesOrPullsRead,
    handler: async (ctx) => {
      const all = await listMilestones(ctx.app, repoOf(ctx).repo.id, ctx.query.state, ctx.query.name);
      setPageHeaders(ctx, all.length);
      json(ctx, 200, await Promise.all(pageOf(ctx, all).map((m) => milestoneJson(ctx, m))));
    },
  }),
  route({
    method: 'post', path: R, operationId: 'issueCreateMilestone', access: 'signed-in', scope: 'issue', body: CreateMilestoneOption, response: Milestone, status: 201, guards: issuesOrPullsWrite,
    handler: async (ctx) => json(ctx, 201, await milestoneJson(ctx, await createMilestone(ctx.app, repoOf(ctx).repo.id, ctx.body))),
  }),
  route({
    method: 'get', path: `${R}/:id`, operationId: 'issueGetMilestone', access: 'public', scope: 'issue', response: Milestone, guards: issuesOrPullsRead,
    handler: async (ctx) => json(ctx, 200, await milestoneJson(ctx, await getMilestone(ctx.app, repoOf(ctx).repo.id, ctx.params.id!))),
  }),
  route({
    method: 'patch', path: `${R}/:id`, operationId: 'issueEditMilestone', access: 'signed-in', scope: 'issue', body: EditMilestoneOption, response: Milestone, guards: issuesOrPullsWrite,
    handler: async (ctx) => json(ctx, 200, await milestoneJson(ctx, await editMilestone(ctx.app, repoOf(ctx).repo.id, ctx.params.id!, ctx.body))),
  }),
  route({
    method: 'delete', path: `${R}/:id`, operationId: 'issueDeleteMilestone', access: 'signed-in', scope: 'issue', status: 204, guards: issuesOrPullsWrite,
    handler: async (ctx) => {
      await deleteMilestone(ctx.app, repoOf(ctx).repo.id, ctx.params.id!);
      noContent(ctx);
    },
  }),
];
