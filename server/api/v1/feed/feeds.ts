/** Activity feeds: a user's, a repository's, an organization's and a team's (Gitea's ListUserActivityFeeds and kin). */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import type { ApiContext } from '../../router/context.ts';
import { json, setPageHeaders } from '../../router/respond.ts';
import { orgAccess, orgOf, repoAccess, repoOf, teamAccess, teamOf } from '../../guards/access.ts';
import { repoJson } from '../repo/json.ts';
import { toActivity } from '../../../convert/activity.ts';
import { Activity, ActivityFeedQuery, UserActivityFeedQuery } from '../../../structs/activity.ts';
import { isPublicOnly } from '../../../services/auth/scopes.ts';
import { getVisibleUser } from '../../../services/user/users.ts';
import { viewsOfChecked } from '../../../services/repository/repos.ts';
import { listFeed, orgFeedIncludesPrivate, type FeedPage, type FeedRequest } from '../../../services/feed/feeds.ts';

const publicOnly = (ctx: ApiContext<unknown, unknown>): boolean => !!ctx.auth?.token && isPublicOnly(ctx.auth.token.scopes);

/** The feed request of the route's viewer; private actions only where the route allows and the token reaches them. */
const request = (ctx: ApiContext<unknown, ActivityFeedQuery>, includePrivate: boolean): FeedRequest => ({
  viewer: ctx.doer, publicOnly: publicOnly(ctx), includePrivate: includePrivate && !publicOnly(ctx), date: ctx.query.date, ...ctx.paging,
});

/** Sends a feed page: each repository's JSON is built once for the page. */
async function sendFeed(ctx: ApiContext<unknown, unknown>, found: FeedPage): Promise<void> {
  const distinct = [...new Map(found.items.map((i) => [i.repo.id, i])).values()];
  const views = await viewsOfChecked(ctx.app, distinct, ctx.doer);
  const repos = new Map(views.map((v) => [v.repo.id, repoJson(ctx, v)]));
  setPageHeaders(ctx, found.total);
  json(ctx, 200, found.items.map((i) => toActivity(i, repos.get(i.repo.id)!, ctx.doer, ctx.baseUrl)));
}

const Feed = z.array(Activity);

export const feedRoutes = [
  route({
    method: 'get', path: '/users/:username/activities/feeds', operationId: 'userListActivityFeeds', access: 'public', scope: 'user', query: UserActivityFeedQuery, response: Feed,
    handler: async (ctx) => {
      const user = await getVisibleUser(ctx.app, ctx.params.username!, ctx.doer, ctx.auth?.token?.scopes);
      // Gitea: private actions on a user's feed are for the user and site admins.
      const own = !!ctx.doer && (ctx.doer.is_admin || ctx.doer.id === user.id);
      await sendFeed(ctx, await listFeed(ctx.app, { user }, { ...request(ctx, own), onlyPerformedBy: ctx.query['only-performed-by'] }));
    },
  }),
  route({
    method: 'get', path: '/repos/:owner/:repo/activities/feeds', operationId: 'repoListActivityFeeds', access: 'public', scope: 'repository', query: ActivityFeedQuery, response: Feed,
    guards: [repoAccess('read')],
    handler: async (ctx) => sendFeed(ctx, await listFeed(ctx.app, { repo: repoOf(ctx).repo }, request(ctx, true))),
  }),
  route({
    method: 'get', path: '/orgs/:org/activities/feeds', operationId: 'orgListActivityFeeds', access: 'public', scope: 'organization', query: ActivityFeedQuery, response: Feed,
    guards: [orgAccess('visible')],
    handler: async (ctx) => {
      const { org } = orgOf(ctx);
      await sendFeed(ctx, await listFeed(ctx.app, { user: org }, request(ctx, await orgFeedIncludesPrivate(ctx.app, org, ctx.doer))));
    },
  }),
  route({
    method: 'get', path: '/teams/:id/activities/feeds', operationId: 'orgListTeamActivityFeeds', access: 'signed-in', scope: 'organization', query: ActivityFeedQuery, response: Feed,
    guards: [teamAccess('member')],
    handler: async (ctx) => sendFeed(ctx, await listFeed(ctx.app, { team: teamOf(ctx), org: orgOf(ctx).org }, request(ctx, true))),
  }),
];
