/** Issue dependencies (Gitea's repo/issue_dependency.go): what an issue depends on, what it blocks; add and remove. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, pageOf, setPageHeaders } from '../../router/respond.ts';
import type { ApiContext } from '../../router/context.ts';
import { Issue, IssueMeta } from '../../../structs/issue.ts';
import { addDependency, listRelated, removeDependency, NOT_PERMITTED, type Related } from '../../../services/issue/dependencies.ts';
import { issueView, userOrGhost } from '../../../services/issue/view.ts';
import { GHOST_USER_ID } from '../../../services/user/users.ts';
import { hiddenIssue, toIssue } from '../../../convert/issue.ts';
import { indexOf, issueJson, issuesComment, issuesRead, scopeOf } from './issue-helpers.ts';

const R = '/repos/:owner/:repo/issues/:index';

/** A related issue as the viewer may see it: in full, or a stub carrying only the not-permitted message. */
async function relatedJson(ctx: ApiContext<unknown, unknown>, r: Related) {
  if (r.visible) return toIssue(await issueView(ctx.app, r.repo, r.owner, r.issue), ctx.doer, ctx.baseUrl);
  return hiddenIssue(await userOrGhost(ctx.app, GHOST_USER_ID), NOT_PERMITTED, ctx.baseUrl);
}

function listRoute(blocks: boolean) {
  return route({
    method: 'get', path: `${R}/${blocks ? 'blocks' : 'dependencies'}`, operationId: blocks ? 'issueListBlocks' : 'issueListIssueDependencies',
    access: 'public', scope: 'issue', response: z.array(Issue), guards: issuesRead,
    handler: async (ctx) => {
      const all = await listRelated(ctx.app, scopeOf(ctx), indexOf(ctx), blocks);
      setPageHeaders(ctx, all.length);
      json(ctx, 200, await Promise.all(pageOf(ctx, all).map((r) => relatedJson(ctx, r))));
    },
  });
}

function changeRoute(blocks: boolean, add: boolean) {
  const kind = blocks ? 'blocks' : 'dependencies';
  const op = add ? (blocks ? 'issueCreateIssueBlocking' : 'issueCreateIssueDependencies') : (blocks ? 'issueRemoveIssueBlocking' : 'issueRemoveIssueDependencies');
  return route({
    method: add ? 'post' : 'delete', path: `${R}/${kind}`, operationId: op, access: 'signed-in', scope: 'issue', body: IssueMeta, response: Issue, status: add ? 201 : 200, guards: issuesComment,
    handler: async (ctx) => {
      const ref = { owner: ctx.body.owner ?? ctx.params.owner!, repo: ctx.body.repo ?? ctx.params.repo!, index: ctx.body.index };
      const fn = add ? addDependency : removeDependency;
      // Gitea's swagger: 201 with the Issue for an addition, 200 with the Issue for a removal.
      json(ctx, add ? 201 : 200, await issueJson(ctx, await fn(ctx.app, scopeOf(ctx), indexOf(ctx), ref, blocks)));
    },
  });
}

export const issueDependencyRoutes = [
  listRoute(false),
  changeRoute(false, true),
  changeRoute(false, false),
  listRoute(true),
  changeRoute(true, true),
  changeRoute(true, false),
];
