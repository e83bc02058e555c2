/** Exercises the notify operations: a thread from alice's issue for the watching admin, listed, counted, read, pinned and marked. */
import assert from 'node:assert/strict';
import { ADMIN, type TestHost } from '../helpers/host.ts';
import type { Checker } from './checked.ts';
import type { World } from './flows-accounts.ts';
import { notificationsIdle } from '../../server/services/notification/queue.ts';
import { rawApi } from '../helpers/reset-content.ts';

const R = `/repos/${ADMIN.username}/demo`;

/** Alice opens an issue and comments; the admin (who watches demo) reads the thread every way Gitea offers. */
export async function notifications(c: Checker, h: TestHost, w: World): Promise<void> {
  // 205 answers carry a body (as Gitea's) that fetch drops: read them with node:http and check them here.
  const reset = async (p: string, method = 'PUT') => {
    const res = await rawApi(h.url, method, `/api/v1${p}`, w.admin);
    c.body(method, `/api/v1${p.split('?')[0]}`, res.status, res.body);
    assert.ok(res.body !== undefined, `${method} ${p}: no body`);
  };
  await c.v1('PUT', `${R}/subscription`, { auth: w.admin });
  const issue = (await c.v1('POST', `${R}/issues`, { auth: w.alice, body: { title: 'notify me', body: 'hello @root' } })).body as { number: number };
  await c.v1('POST', `${R}/issues/${issue.number}/comments`, { auth: w.alice, body: { body: 'a comment' } });
  await notificationsIdle(h.app);
  assert.ok((await c.v1('GET', '/notifications/new', { auth: w.admin })).body.new >= 1);
  const list = (await c.v1('GET', '/notifications?all=true', { auth: w.admin })).body as { id: number }[];
  assert.ok(list.length >= 1);
  await c.v1('GET', `/notifications/threads/${list[0]!.id}`, { auth: w.admin });
  await reset(`/notifications/threads/${list[0]!.id}?to-status=pinned`, 'PATCH');
  await c.v1('GET', `${R}/notifications?status-types=pinned`, { auth: w.admin });
  await reset(`${R}/notifications?status-types=pinned&to-status=unread`);
  await reset('/notifications');
  await c.v1('GET', '/notifications', { auth: w.alice });
}
