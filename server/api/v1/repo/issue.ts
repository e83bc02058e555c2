/** Issues of a repository (Gitea's routers/api/v1/repo/issue.go): list, search, create, get, edit, deadline, assignees. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent, setPageHeaders } from '../../router/respond.ts';
import { repoAccess, repoOf } from '../../guards/access.ts';
import { Issue, CreateIssueOption, EditIssueOption, EditDeadlineOption, IssueDeadline, IssueListQuery, IssueSearchQuery } from '../../../structs/issue.ts';
import { changeAssignees, createIssue, editIssue, getIssue, setDeadline } from '../../../services/issue/issues.ts';
import { deleteIssue } from '../../../services/issue/removal.ts';
import { findIssues, searchIssues } from '../../../services/issue/query.ts';
import { issueView } from '../../../services/issue/view.ts';
import * as repoLookup from '../../../services/user/lookup.ts';
import { toIssue } from '../../../convert/issue.ts';
import { getRepositoryById } from '../../../services/repository/repos.ts';
import { NotFoundError } from '../../../lib/errors.ts';
import { indexOf, issueJson, issuesComment, issuesOrPullsRead, issuesRead, listedType, scopeOf } from './issue-helpers.ts';

const R = '/repos/:owner/:repo/issues';
const IssueAssigneesOption = z.object({ assignees: z.array(z.string()) }).meta({ id: 'IssueAssigneesOption' });

/** Mounted before the repository routes, whose `/repos/:owner/:repo` would take the path. */
export const issueSearchRoutes = [
  route({
    method: 'get', path: '/repos/issues/search', operationId: 'issueSearchIssues', access: 'public', scope: 'issue', query: IssueSearchQuery, response: z.array(Issue),
    handler: async (ctx) => {
      const q = ctx.query;
      const { rows, total } = await searchIssues(ctx.app, ctx.doer, { ...q, assigned: q.assigned === 'true', created: q.created === 'true', mentioned: q.mentioned === 'true' }, ctx.paging.page, ctx.paging.limit);
      const out = [];
      for (const r of rows) {
        const v = await getRepositoryById(ctx.app, ctx.doer, r.repo_id);
        out.push(toIssue(await issueView(ctx.app, v.repo, v.owner, r), ctx.doer, ctx.baseUrl));
      }
      setPageHeaders(ctx, total);
      json(ctx, 200, out);
    },
  }),
];

export const issueRoutes = [
  route({
    method: 'get', path: R, operationId: 'issueListIssues', access: 'public', scope: 'issue', query: IssueListQuery, response: z.array(Issue), guards: issuesOrPullsRead,
    handler: async (ctx) => {
      const { repo, owner } = repoOf(ctx);
      const query = { ...ctx.query, type: listedType(ctx, ctx.query.type) };
      const { rows, total } = await findIssues(ctx.app, repo, owner, query, ctx.paging.page, ctx.paging.limit);
      setPageHeaders(ctx, total);
      json(ctx, 200, await Promise.all(rows.map((r) => issueJson(ctx, r))));
    },
  }),
  route({
    method: 'post', path: R, operationId: 'issueCreateIssue', access: 'signed-in', scope: 'issue', body: CreateIssueOption, response: Issue, status: 201, guards: issuesComment,
    handler: async (ctx) => json(ctx, 201, await issueJson(ctx, await createIssue(ctx.app, scopeOf(ctx), ctx.body))),
  }),
  route({
    method: 'get', path: `${R}/:index`, operationId: 'issueGetIssue', access: 'public', scope: 'issue', response: Issue, guards: issuesRead,
    handler: async (ctx) => json(ctx, 200, await issueJson(ctx, await getIssue(ctx.app, repoOf(ctx).repo.id, indexOf(ctx)))),
  }),
  route({
    method: 'patch', path: `${R}/:index`, operationId: 'issueEditIssue', access: 'signed-in', scope: 'issue', body: EditIssueOption, response: Issue, status: 201, guards: issuesComment,
    handler: async (ctx) => json(ctx, 201, await issueJson(ctx, await editIssue(ctx.app, scopeOf(ctx), indexOf(ctx), ctx.body))),
  }),
  route({
    method: 'delete', path: `${R}/:index`, operationId: 'issueDelete', access: 'signed-in', scope: 'issue', status: 204, guards: [repoAccess('admin'), ...issuesComment],
    handler: async (ctx) => {
      await deleteIssue(ctx.app, scopeOf(ctx), indexOf(ctx));
      noContent(ctx);
    },
  }),
  route({
    method: 'post', path: `${R}/:index/deadline`, operationId: 'issueEditIssueDeadline', access: 'signed-in', scope: 'issue', body: EditDeadlineOption, response: IssueDeadline, status: 201, guards: issuesComment,
    handler: async (ctx) => {
      const issue = await setDeadline(ctx.app, scopeOf(ctx), indexOf(ctx), ctx.body.due_date);
      json(ctx, 201, { due_date: issue.deadline ? new Date(issue.deadline * 1000).toISOString().replace('.000Z', 'Z') : null });
    },
  }),
  route({
    method: 'post', path: `${R}/:index/assignees`, operationId: 'issueAddAssignees', access: 'signed-in', scope: 'issue', body: IssueAssigneesOption, response: Issue, status: 201, guards: issuesComment,
    handler: async (ctx) => json(ctx, 201, await issueJson(ctx, await changeAssignees(ctx.app, scopeOf(ctx), indexOf(ctx), ctx.body.assignees, true))),
  }),
  route({
    method: 'delete', path: `${R}/:index/assignees`, operationId: 'issueRemoveAssignees', access: 'signed-in', scope: 'issue', body: IssueAssigneesOption, response: Issue, guards: issuesComment,
    handler: async (ctx) => json(ctx, 200, await issueJson(ctx, await changeAssignees(ctx.app, scopeOf(ctx), indexOf(ctx), ctx.body.assignees, false))),
  }),
  route({
    method: 'get', path: `${R}/:index/assignees/:assignee`, operationId: 'issueCheckAssignee', access: 'public', scope: 'issue', status: 204, guards: issuesRead,
    handler: async (ctx) => {
      const issue = await getIssue(ctx.app, repoOf(ctx).repo.id, indexOf(ctx));
      const u = await repoLookup.findUserByName(ctx.app, ctx.params.assignee!);
      if (!u || !issue.assignee_ids.includes(u.id)) throw new NotFoundError('user is not assigned');
      noContent(ctx);
    },
  }),
];
