/** Reactions on issues and comments (Gitea's repo/issue_reaction.go): list, add (201, or 200 when it exists), remove. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent, pageOf, setPageHeaders } from '../../router/respond.ts';
import type { ApiContext } from '../../router/context.ts';
import { EditReactionOption, Reaction } from '../../../structs/issue-extras.ts';
import { addReaction, listReactions, removeReaction, type ReactionRecord, type ReactionTarget } from '../../../services/issue/reactions.ts';
import { userOrGhost } from '../../../services/issue/view.ts';
import { toReaction } from '../../../convert/issue-extras.ts';
import { idOf, indexOf, commentRead, commentWrite, issuesComment, issuesRead, scopeOf } from './issue-helpers.ts';

const R = '/repos/:owner/:repo/issues';

const reactionJson = async (ctx: ApiContext<unknown, unknown>, r: ReactionRecord) => toReaction(r, await userOrGhost(ctx.app, r.user_id), ctx.doer, ctx.baseUrl);

function reactionRoutes(kind: 'issue' | 'comment') {
  const path = kind === 'issue' ? `${R}/:index/reactions` : `${R}/comments/:id/reactions`;
  const target = (ctx: ApiContext<unknown, unknown>): ReactionTarget => (kind === 'issue' ? { index: indexOf(ctx) } : { commentId: idOf(ctx) });
  const ids = kind === 'issue'
    ? { list: 'issueGetIssueReactions', add: 'issuePostIssueReaction', remove: 'issueDeleteIssueReaction' }
    : { list: 'issueGetCommentReactions', add: 'issuePostCommentReaction', remove: 'issueDeleteCommentReaction' };
  return [
    route({
      method: 'get', path, operationId: ids.list, access: 'public', scope: 'issue', response: z.array(Reaction), guards: kind === 'issue' ? issuesRead : commentRead,
      handler: async (ctx) => {
        const all = await listReactions(ctx.app, scopeOf(ctx), target(ctx));
        // Gitea pages the issue's reactions only; a comment's come whole.
        const rows = kind === 'issue' ? pageOf(ctx, all) : all;
        if (kind === 'issue') setPageHeaders(ctx, all.length);
        json(ctx, 200, await Promise.all(rows.map((r) => reactionJson(ctx, r))));
      },
    }),
    route({
      method: 'post', path, operationId: ids.add, access: 'signed-in', scope: 'issue', body: EditReactionOption, response: Reaction, status: 201, alsoStatus: [200], guards: kind === 'issue' ? issuesComment : commentWrite,
      handler: async (ctx) => {
        const { reaction, created } = await addReaction(ctx.app, scopeOf(ctx), target(ctx), ctx.body.content ?? '');
        json(ctx, created ? 201 : 200, await reactionJson(ctx, reaction));
      },
    }),
    route({
      method: 'delete', path, operationId: ids.remove, access: 'signed-in', scope: 'issue', body: EditReactionOption, status: 204, guards: kind === 'issue' ? issuesComment : commentWrite,
      handler: async (ctx) => {
        await removeReaction(ctx.app, scopeOf(ctx), target(ctx), ctx.body.content ?? '');
        noContent(ctx);
      },
    }),
  ];
}

export const issueReactionRoutes = [...reactionRoutes('issue'), ...reactionRoutes('comment')];
