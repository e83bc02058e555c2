/** Gitea's notify routes: the signed-in user's notification threads, overall and per repository (token scope `notification`). */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import type { ApiContext } from '../../router/context.ts';
import { json, setPageHeaders } from '../../router/respond.ts';
import { repoAccess, repoOf } from '../../guards/access.ts';
import { repoJson } from '../repo/json.ts';
import { toNotificationThread } from '../../../convert/notification.ts';
import { NotificationCount, NotificationListQuery, NotificationReadQuery, NotificationThread, NotificationThreadQuery } from '../../../structs/notification.ts';
import { countUnread, getThread, listThreads, markThread, markThreads, type ThreadView } from '../../../services/notification/threads.ts';

const R = '/repos/:owner/:repo/notifications';
type Ctx = ApiContext<unknown, unknown>;

const threadJson = (ctx: Ctx, v: ThreadView) =>
  toNotificationThread({ ...v, repo: v.repo.repo, owner: v.repo.owner }, repoJson(ctx, v.repo), ctx.baseUrl);

/** 205 with a JSON body, as Gitea sends it (express would strip the body of a 205, so it is written here). */
function resetContent(ctx: Ctx, body: unknown): void {
  const text = JSON.stringify(body);
  ctx.res.writeHead(205, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text, 'utf8')) });
  ctx.res.end(text);
}

const listOptions = (q: NotificationListQuery) => ({ all: q.all, statusTypes: q['status-types'], subjectTypes: q['subject-type'], since: q.since, before: q.before });
const markOptions = (q: NotificationReadQuery) => ({ lastReadAt: q.last_read_at, all: q.all, statusTypes: q['status-types'], toStatus: q['to-status'] });

async function sendList(ctx: ApiContext<unknown, NotificationListQuery>, repoId?: number): Promise<void> {
  const { rows, total } = await listThreads(ctx.app, ctx.doer!, listOptions(ctx.query), ctx.paging, repoId);
  setPageHeaders(ctx, total);
  json(ctx, 200, rows.map((v) => threadJson(ctx, v)));
}

async function sendMarked(ctx: ApiContext<unknown, NotificationReadQuery>, repoId?: number): Promise<void> {
  const changed = await markThreads(ctx.app, ctx.doer!, markOptions(ctx.query), repoId);
  resetContent(ctx, changed.map((v) => threadJson(ctx, v)));
}

export const notificationRoutes = [
  route({
    method: 'get', path: '/notifications', operationId: 'notifyGetList', access: 'signed-in', scope: 'notification', query: NotificationListQuery, response: z.array(NotificationThread),
    handler: (ctx) => sendList(ctx),
  }),
  route({
    method: 'put', path: '/notifications', operationId: 'notifyReadList', access: 'signed-in', scope: 'notification', query: NotificationReadQuery, response: z.array(NotificationThread), status: 205,
    handler: (ctx) => sendMarked(ctx),
  }),
  route({
    method: 'get', path: '/notifications/new', operationId: 'notifyNewAvailable', access: 'signed-in', scope: 'notification', response: NotificationCount,
    handler: async (ctx) => json(ctx, 200, { new: await countUnread(ctx.app, ctx.doer!) }),
  }),
  route({
    method: 'get', path: '/notifications/threads/:id', operationId: 'notifyGetThread', access: 'signed-in', scope: 'notification', response: NotificationThread,
    handler: async (ctx) => json(ctx, 200, threadJson(ctx, await getThread(ctx.app, ctx.doer!, Number(ctx.params.id)))),
  }),
  route({
    method: 'patch', path: '/notifications/threads/:id', operationId: 'notifyReadThread', access: 'signed-in', scope: 'notification', query: NotificationThreadQuery, response: NotificationThread, status: 205,
    handler: async (ctx) => resetContent(ctx, threadJson(ctx, await markThread(ctx.app, ctx.doer!, Number(ctx.params.id), ctx.query['to-status']))),
  }),
  route({
    method: 'get', path: R, operationId: 'notifyGetRepoList', access: 'signed-in', scope: 'notification', query: NotificationListQuery, response: z.array(NotificationThread), guards: [repoAccess('read')],
    handler: (ctx) => sendList(ctx, repoOf(ctx).repo.id),
  }),
  route({
    method: 'put', path: R, operationId: 'notifyReadRepoList', access: 'signed-in', scope: 'notification', query: NotificationReadQuery, response: z.array(NotificationThread), status: 205, guards: [repoAccess('read')],
    handler: (ctx) => sendMarked(ctx, repoOf(ctx).repo.id),
  }),
];
