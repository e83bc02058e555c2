/** An issue's timeline (Gitea's GetIssueCommentsAndTimeline): comments and events in order, as the viewer may see them. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, setPageHeaders } from '../../router/respond.ts';
import type { ApiContext } from '../../router/context.ts';
import { repoOf } from '../../guards/access.ts';
import { TimelineComment, TimelineQuery } from '../../../structs/issue-extras.ts';
import { timeline, type TimelineEntry } from '../../../services/issue/timeline.ts';
import { toComment, toIssue, toMilestone } from '../../../convert/issue.ts';
import { toTimelineComment } from '../../../convert/issue-extras.ts';
import { indexOf, issuesRead, labelJson, scopeOf } from './issue-helpers.ts';

function entryJson(ctx: ApiContext<unknown, unknown>, e: TimelineEntry) {
  const { repo, owner } = repoOf(ctx);
  const ms = (v: TimelineEntry['milestone']) => (v ? toMilestone(v.m, v.open, v.closed) : null);
  return toTimelineComment({
    c: e.c, user: e.poster, label: e.label ? labelJson(ctx, e.label) : null, milestone: ms(e.milestone), oldMilestone: ms(e.oldMilestone), assignee: e.assignee,
    refIssue: e.refIssue ? toIssue(e.refIssue, ctx.doer, ctx.baseUrl) : null,
    refComment: e.refComment ? toComment(e.refComment.c, e.refComment.poster, e.refComment.owner, e.refComment.repo, ctx.doer, ctx.baseUrl) : null,
    dependent: e.dependent ? toIssue(e.dependent, ctx.doer, ctx.baseUrl) : null,
  }, owner, repo, ctx.doer, ctx.baseUrl);
}

export const issueTimelineRoutes = [
  route({
    method: 'get', path: '/repos/:owner/:repo/issues/:index/timeline', operationId: 'issueGetCommentsAndTimeline', access: 'public', scope: 'issue',
    query: TimelineQuery, response: z.array(TimelineComment), guards: issuesRead,
    handler: async (ctx) => {
      const { rows, total } = await timeline(ctx.app, scopeOf(ctx), indexOf(ctx), ctx.query, ctx.paging.page, ctx.paging.limit);
      setPageHeaders(ctx, total);
      json(ctx, 200, rows.map((e) => entryJson(ctx, e)));
    },
  }),
];
