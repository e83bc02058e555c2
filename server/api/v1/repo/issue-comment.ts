/** Comments on issues (Gitea's routers/api/v1/repo/issue_comment.go): per issue and per repository, create, get, edit, delete. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent, setPageHeaders } from '../../router/respond.ts';
import { repoOf } from '../../guards/access.ts';
import { Comment, CommentListQuery, CreateIssueCommentOption, EditIssueCommentOption } from '../../../structs/issue.ts';
import { createComment, deleteComment, editComment, getComment, listComments } from '../../../services/issue/comments.ts';
import { getIssue } from '../../../services/issue/issues.ts';
import { commentJson, commentRead, commentWrite, idOf, indexOf, issuesComment, issuesRead, scopeOf } from './issue-helpers.ts';

const R = '/repos/:owner/:repo/issues';

export const issueCommentRoutes = [
  route({
    method: 'get', path: `${R}/comments`, operationId: 'issueGetRepoComments', access: 'public', scope: 'issue', query: CommentListQuery, response: z.array(Comment), guards: issuesRead,
    handler: async (ctx) => {
      const { rows, total } = await listComments(ctx.app, repoOf(ctx).repo.id, null, ctx.query, ctx.paging.page, ctx.paging.limit);
      setPageHeaders(ctx, total);
      json(ctx, 200, await Promise.all(rows.map((c) => commentJson(ctx, c))));
    },
  }),
  route({
    method: 'get', path: `${R}/comments/:id`, operationId: 'issueGetComment', access: 'public', scope: 'issue', response: Comment, guards: commentRead,
    handler: async (ctx) => json(ctx, 200, await commentJson(ctx, await getComment(ctx.app, repoOf(ctx).repo.id, idOf(ctx)))),
  }),
  route({
    method: 'patch', path: `${R}/comments/:id`, operationId: 'issueEditComment', access: 'signed-in', scope: 'issue', body: EditIssueCommentOption, response: Comment, guards: commentWrite,
    handler: async (ctx) => json(ctx, 200, await commentJson(ctx, await editComment(ctx.app, scopeOf(ctx), idOf(ctx), ctx.body.body))),
  }),
  route({
    method: 'delete', path: `${R}/comments/:id`, operationId: 'issueDeleteComment', access: 'signed-in', scope: 'issue', status: 204, guards: commentWrite,
    handler: async (ctx) => {
      await deleteComment(ctx.app, scopeOf(ctx), idOf(ctx));
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: `${R}/:index/comments`, operationId: 'issueGetComments', access: 'public', scope: 'issue', query: CommentListQuery, response: z.array(Comment), guards: issuesRead,
    handler: async (ctx) => {
      const issue = await getIssue(ctx.app, repoOf(ctx).repo.id, indexOf(ctx));
      const { rows } = await listComments(ctx.app, repoOf(ctx).repo.id, issue.index, ctx.query, 1, 0);
      json(ctx, 200, await Promise.all(rows.map((c) => commentJson(ctx, c))));
    },
  }),
  route({
    method: 'post', path: `${R}/:index/comments`, operationId: 'issueCreateComment', access: 'signed-in', scope: 'issue', body: CreateIssueCommentOption, response: Comment, status: 201, guards: issuesComment,
    handler: async (ctx) => json(ctx, 201, await commentJson(ctx, await createComment(ctx.app, scopeOf(ctx), indexOf(ctx), ctx.body.body))),
  }),
  route({
    method: 'patch', path: `${R}/:index/comments/:id`, operationId: 'issueEditCommentDeprecated', access: 'signed-in', scope: 'issue', body: EditIssueCommentOption, response: Comment, guards: issuesComment,
    handler: async (ctx) => json(ctx, 200, await commentJson(ctx, await editComment(ctx.app, scopeOf(ctx), idOf(ctx), ctx.body.body))),
  }),
  route({
    method: 'delete', path: `${R}/:index/comments/:id`, operationId: 'issueDeleteCommentDeprecated', access: 'signed-in', scope: 'issue', status: 204, guards: issuesComment,
    handler: async (ctx) => {
      await deleteComment(ctx.app, scopeOf(ctx), idOf(ctx));
      noContent(ctx);
    },
  }),
];
