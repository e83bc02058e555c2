/** Repository topics (Gitea's routers/api/v1/repo/topic.go): list, replace, add and delete, and the topic search. */
import { route } from '../../router/route.ts';
import { json, noContent, pageOf, setPageHeaders } from '../../router/respond.ts';
import { repoAccess, repoOf } from '../../guards/access.ts';
import { RepoTopicOptions, TopicListResponse, TopicName, TopicSearchQuery } from '../../../structs/topic.ts';
import { toTopicResponse } from '../../../convert/topic.ts';
import { addTopic, deleteTopic, listTopics, replaceTopics, searchTopics } from '../../../services/repository/topics.ts';

const R = '/repos/:owner/:repo/topics';
// Gitea's reqAdmin on every topic write.
const admin = [repoAccess('admin')];

export const topicRoutes = [
  route({
    method: 'get', path: R, operationId: 'repoListTopics', access: 'public', scope: 'repository', response: TopicName, guards: [repoAccess('read')],
    handler: (ctx) => {
      const all = listTopics(repoOf(ctx).repo);
      setPageHeaders(ctx, all.length);
      json(ctx, 200, { topics: pageOf(ctx, all) });
    },
  }),
  route({
    method: 'put', path: R, operationId: 'repoUpdateTopics', access: 'signed-in', scope: 'repository', body: RepoTopicOptions, status: 204, guards: admin,
    handler: async (ctx) => {
      await replaceTopics(ctx.app, repoOf(ctx).repo, ctx.body.topics ?? []);
      noContent(ctx);
    },
  }),
  route({
    method: 'put', path: `${R}/:topic`, operationId: 'repoAddTopic', access: 'signed-in', scope: 'repository', status: 204, guards: admin,
    handler: async (ctx) => {
      await addTopic(ctx.app, repoOf(ctx).repo, ctx.params.topic ?? '');
      noContent(ctx);
    },
  }),
  route({
    method: 'delete', path: `${R}/:topic`, operationId: 'repoDeleteTopic', access: 'signed-in', scope: 'repository', status: 204, guards: admin,
    handler: async (ctx) => {
      await deleteTopic(ctx.app, repoOf(ctx).repo, ctx.params.topic ?? '');
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: '/topics/search', operationId: 'topicSearch', access: 'public', scope: 'repository', query: TopicSearchQuery, response: TopicListResponse,
    handler: async (ctx) => {
      const found = await searchTopics(ctx.app, ctx.doer, ctx.query.q ?? '', ctx.paging);
      setPageHeaders(ctx, found.total);
      json(ctx, 200, { topics: found.topics.map((t) => toTopicResponse(t.topic, t.count)) });
    },
  }),
];
