/** Subscriptions to an issue (Gitea's repo/issue_subscription.go): subscribers, the doer's state, subscribe and unsubscribe. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, setPageHeaders } from '../../router/respond.ts';
import { repoOf } from '../../guards/access.ts';
import { User } from '../../../structs/user.ts';
import { WatchInfo } from '../../../structs/issue-extras.ts';
import { isWatching, listSubscribers, setSubscription } from '../../../services/issue/subscriptions.ts';
import { getIssue } from '../../../services/issue/issues.ts';
import { toUser } from '../../../convert/user.ts';
import { repoUrls } from '../../../convert/repo.ts';
import { indexOf, issuesRead, scopeOf } from './issue-helpers.ts';

const R = '/repos/:owner/:repo/issues/:index/subscriptions';

function changeRoute(watch: boolean) {
  return route({
    method: watch ? 'put' : 'delete', path: `${R}/:user`, operationId: watch ? 'issueAddSubscription' : 'issueDeleteSubscription',
    access: 'signed-in', scope: 'issue', status: 201, alsoStatus: [200], guards: issuesRead,
    handler: async (ctx) => {
      const { changed } = await setSubscription(ctx.app, scopeOf(ctx), indexOf(ctx), ctx.params.user!, watch);
      ctx.res.status(changed ? 201 : 200).end();
    },
  });
}

export const issueSubscriptionRoutes = [
  route({
    method: 'get', path: R, operationId: 'issueSubscriptions', access: 'public', scope: 'issue', response: z.array(User), guards: issuesRead,
    handler: async (ctx) => {
      const { rows, total } = await listSubscribers(ctx.app, scopeOf(ctx), indexOf(ctx), ctx.paging.page, ctx.paging.limit);
      setPageHeaders(ctx, total);
      json(ctx, 200, rows.map((u) => toUser(u, ctx.doer, ctx.baseUrl)));
    },
  }),
  route({
    method: 'get', path: `${R}/check`, operationId: 'issueCheckSubscription', access: 'signed-in', scope: 'issue', response: WatchInfo, guards: issuesRead,
    handler: async (ctx) => {
      const { repo, owner } = repoOf(ctx);
      const issue = await getIssue(ctx.app, repo.id, indexOf(ctx));
      const watching = await isWatching(ctx.app, ctx.doer, issue);
      const api = repoUrls(owner, repo, ctx.baseUrl).api;
      json(ctx, 200, { subscribed: watching, ignored: !watching, reason: null, created_at: issue.created, url: `${api}/issues/${issue.index}/subscriptions`, repository_url: api });
    },
  }),
  changeRoute(true),
  changeRoute(false),
];
