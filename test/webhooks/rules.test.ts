/** The spec's delivery rules: inactive hooks, payload_version 1, claim before send, the host guard, org hooks. */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import * as userStore from '../../server/store/users.ts';
import * as taskStore from '../../server/store/hook-tasks.ts';
import { startReceiver, eventually, type Receiver } from './receiver.ts';
import { makeHook } from './fixtures.ts';

const seed = (h: TestHost, hookId: number, payload: string, version: 1 | 2 = 2) => taskStore.insert(h.app.store, hookId, (id) => ({
  id, hook_id: hookId, uuid: randomUUID(), payload_content: payload, payload_version: version, event_type: 'push',
  is_delivered: false, delivered: Date.now(), is_succeed: false, request_content: null, response_content: null,
}));

describe('delivery rules', () => {
  let h: TestHost;
  let token: string;
  let rx: Receiver;
  before(async () => {
    h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
    token = await createToken(h, ADMIN.username, ADMIN.password);
    rx = await startReceiver();
  });
  after(async () => { await h.stop(); await rx.close(); });

  test('an inactive hook\'s task is marked delivered, recorded as failed, and nothing is sent', async () => {
    const id = await makeHook(h, token, '/user/hooks', { type: 'gitea', config: { url: rx.url, content_type: 'json' }, active: false });
    const t = await seed(h, id, '{"a":1}');
    await h.app.bus.publish('hook_task.stored', { hookId: id, id: t.id });
    const done = await eventually(async () => { const x = await taskStore.get(h.app.store, { hookId: id, id: t.id }); return x?.response_content ? x : undefined; });
    assert.equal(done.is_delivered, true);
    assert.equal(done.is_succeed, false);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(rx.got.length, 0);
  });

  test('payload_version 1 tasks are sent exactly as stored; a delivered task is never sent again', async () => {
    rx.got.length = 0;
    const id = await makeHook(h, token, '/user/hooks', { type: 'slack', config: { url: rx.url, content_type: 'json', channel: 'dev' } });
    const body = '{"text":"already converted"}';
    const t = await seed(h, id, body, 1);
    await h.app.bus.publish('hook_task.stored', { hookId: id, id: t.id });
    await rx.waitFor(1);
    assert.equal(rx.got[0]!.body, body);
    await eventually(async () => (await taskStore.get(h.app.store, { hookId: id, id: t.id }))?.response_content ?? undefined);
    await h.app.bus.publish('hook_task.stored', { hookId: id, id: t.id });
    await h.webhooks.refill();
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(rx.got.length, 1, 'fetched again and refilled: still sent once');
  });

  test('a target outside ALLOWED_HOST_LIST is recorded as a failed delivery with the reason', async () => {
    const id = await makeHook(h, token, '/user/hooks', { type: 'gitea', config: { url: 'http://192.168.255.1:9/x', content_type: 'json' } });
    const t = await seed(h, id, '{}');
    await h.app.bus.publish('hook_task.stored', { hookId: id, id: t.id });
    const done = await eventually(async () => (await taskStore.get(h.app.store, { hookId: id, id: t.id }))?.response_content ?? undefined);
    assert.match(done.body, /webhook can only call allowed HTTP servers .* deny '192\.168\.255\.1\(192\.168\.255\.1\)'/);
  });

  test('organization hooks receive the events of the organization\'s repositories', async () => {
    rx.got.length = 0;
    const root = (await userStore.getByName(h.app.store, ADMIN.username))!;
    const now = new Date().toISOString();
    const org = await userStore.insert(h.app.store, (id) => ({ ...root, id, type: 'organization', name: 'acme', lower_name: 'acme', email: '', passwd: '', is_admin: false, created: now, updated: now }));
    await makeHook(h, token, '/orgs/acme/hooks', { type: 'gitea', config: { url: rx.url, content_type: 'json' }, events: ['repository'] });
    await h.app.events.emit({ name: 'repository', repoId: 999, ownerId: org.id, payload: { action: 'created' } });
    await rx.waitFor(1);
    assert.equal(rx.got[0]!.headers['x-gitea-hook-installation-target-type'], 'organization');
    assert.equal(rx.got[0]!.headers['x-gitea-event'], 'repository');
  });
});
