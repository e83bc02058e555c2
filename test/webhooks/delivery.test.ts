/** Deliveries to a real receiver: every header, the signature checked independently, at each hook level and for each kind. */
import { describe, test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { verify } from '@octokit/webhooks-methods';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { createRepository } from '../../server/services/repository/create.ts';
import * as userStore from '../../server/store/users.ts';
import type { RepoRecord } from '../../server/store/records.ts';
import { startReceiver, eventually, type Receiver } from './receiver.ts';
import { pushPayload, makeHook } from './fixtures.ts';

const SECRET = 'the-shared-secret';
const KINDS = ['gitea', 'gogs', 'slack', 'discord', 'dingtalk', 'telegram', 'msteams', 'feishu', 'matrix', 'wechatwork', 'packagist'];

describe('webhook delivery', () => {
  let h: TestHost;
  let token: string;
  let repo: RepoRecord;
  let rx: Receiver;
  before(async () => {
    h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
    token = await createToken(h, ADMIN.username, ADMIN.password);
    const root = (await userStore.getByName(h.app.store, ADMIN.username))!;
    repo = await createRepository(h.app, root, root, { name: 'proj' });
    rx = await startReceiver();
  });
  after(async () => { await h.stop(); await rx.close(); });
  beforeEach(async () => {
    rx.got.length = 0;
    for (const p of ['/repos/root/proj/hooks', '/user/hooks', '/admin/hooks?type=all']) {
      for (const hook of (await h.api('GET', p, { auth: token })).body) {
        await h.api('DELETE', `${p.replace(/\?.*/, '')}/${hook.id}`, { auth: token });
      }
    }
  });
  const push = (branch = 'main') => h.app.events.emit({ name: 'push', repoId: repo.id, ownerId: repo.owner_id, branch, payload: pushPayload(branch) });

  async function checkGiteaHeaders(targetType: string): Promise<void> {
    // The first delivery also starts the worker thread, which can take a while on a busy machine.
    await rx.waitFor(1, 60_000);
    const r = rx.got[0]!;
    assert.equal(r.method, 'POST');
    assert.equal(r.headers['content-type'], 'application/json');
    const uuid = r.headers['x-gitea-delivery'];
    assert.match(String(uuid), /^[0-9a-f-]{36}$/);
    for (const p of ['gitea', 'gogs', 'github']) {
      assert.equal(r.headers[`x-${p}-delivery`], uuid);
      assert.equal(r.headers[`x-${p}-event`], 'push');
      assert.equal(r.headers[`x-${p}-event-type`], 'push');
    }
    assert.equal(r.headers['x-gitea-hook-installation-target-type'], targetType);
    assert.equal(r.headers['x-github-hook-installation-target-type'], targetType);
    assert.equal(r.headers.authorization, 'Bearer top-secret');
    const sig256 = String(r.headers['x-hub-signature-256']);
    assert.ok(await verify(SECRET, r.body, sig256), 'X-Hub-Signature-256 verifies independently');
    assert.equal(r.headers['x-gitea-signature'], sig256.slice('sha256='.length));
    assert.equal(r.headers['x-gogs-signature'], sig256.slice('sha256='.length));
    assert.match(String(r.headers['x-hub-signature']), /^sha1=[0-9a-f]{40}$/);
    assert.equal(JSON.parse(r.body).ref, 'refs/heads/main');
  }

  const levels: [string, string, Record<string, string>, string][] = [
    ['repository', '/repos/root/proj/hooks', {}, 'repository'],
    ['user', '/user/hooks', {}, 'user'],
    ['system', '/admin/hooks', { is_system_webhook: 'true' }, 'system'],
  ];
  for (const [name, path, extra, target] of levels) {
    test(`${name} hook: headers, authorization and signature`, async () => {
      await makeHook(h, token, path, { type: 'gitea', config: { url: `${rx.url}/in`, content_type: 'json', secret: SECRET, ...extra }, authorization_header: 'Bearer top-secret' });
      await push();
      await checkGiteaHeaders(target);
    });
  }

  test('a default hook is copied into a new repository and gets its events', async () => {
    await makeHook(h, token, '/admin/hooks', { type: 'gitea', config: { url: `${rx.url}/d`, content_type: 'json', secret: SECRET }, authorization_header: 'Bearer top-secret' });
    await push();
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(rx.got.length, 0, 'a default hook itself receives nothing');
    const { copyDefaultHooks } = await import('../../server/services/webhook/index.ts');
    const copies = await copyDefaultHooks(h.app, repo);
    assert.equal(copies.length, 1);
    await push();
    await checkGiteaHeaders('repository');
  });

  for (const kind of KINDS) {
    test(`kind ${kind}: converted body, headers, signature over the body sent`, async () => {
      const config: Record<string, string> = { url: `${rx.url}/k`, content_type: 'json', secret: SECRET };
      if (kind === 'slack') config.channel = '#dev';
      if (kind === 'packagist') config.package_url = 'https://packagist.org/packages/a/b';
      await makeHook(h, token, '/repos/root/proj/hooks', { type: kind, config });
      await push();
      await rx.waitFor(1);
      const r = rx.got[0]!;
      const body: Record<string, unknown> = JSON.parse(r.body) as Record<string, unknown>;
      // Every kind, feishu included, gets Gitea's default headers, signed over the body sent.
      assert.ok(await verify(SECRET, r.body, String(r.headers['x-hub-signature-256'])));
      assert.equal(r.headers['x-gitea-event'], 'push');
      assert.equal(r.headers['user-agent'], 'Go-http-client/1.1');
      if (kind === 'feishu') assert.ok(typeof body.sign === 'string' && typeof body.timestamp === 'number');
      const expectKey: Record<string, string> = { gitea: 'ref', gogs: 'ref', slack: 'attachments', discord: 'embeds', dingtalk: 'actionCard', telegram: 'parse_mode', msteams: '@type', feishu: 'msg_type', matrix: 'formatted_body', wechatwork: 'markdown', packagist: 'repository' };
      assert.ok(expectKey[kind]! in body, `${kind} body has ${expectKey[kind]}`);
      if (kind === 'matrix') {
        assert.equal(r.method, 'PUT');
        assert.match(r.url, /^\/k\/[0-9a-f]{40}$/);
      }
      if (kind === 'packagist') assert.deepEqual(body as unknown, { repository: { url: 'https://packagist.org/packages/a/b' } });
      if (kind === 'slack') assert.match(String(body.text), /^\[<http:\/\/h\/root\/proj\|root\/proj>:<.*\|main>\] <.*\|1 new commit> pushed by root$/);
    });
  }

  test('form content type: payload= body, signed over the raw JSON', async () => {
    await makeHook(h, token, '/repos/root/proj/hooks', { type: 'gitea', config: { url: rx.url, content_type: 'form', secret: SECRET } });
    await push();
    await rx.waitFor(1);
    const r = rx.got[0]!;
    assert.equal(r.headers['content-type'], 'application/x-www-form-urlencoded');
    const json = new URLSearchParams(r.body).get('payload')!;
    assert.ok(await verify(SECRET, json, String(r.headers['x-hub-signature-256'])));
  });

  test('branch filter and event choice decide which hooks get a task', async () => {
    const id = await makeHook(h, token, '/repos/root/proj/hooks', { type: 'gitea', config: { url: rx.url, content_type: 'json' }, branch_filter: 'release/*', events: ['push'] });
    await push('main');
    await push('release/v1');
    await h.app.events.emit({ name: 'issues', repoId: repo.id, ownerId: repo.owner_id, payload: { action: 'opened' } });
    await rx.waitFor(1);
    const list = await h.api('GET', `/repos/root/proj/hooks/${id}/deliveries`, { auth: token });
    assert.equal(list.body.length, 1);
    assert.equal(JSON.parse(rx.got[0]!.body).ref, 'refs/heads/release/v1');
    assert.equal(rx.got[0]!.headers['x-gitea-signature'], '', 'no secret: empty signature headers');
    assert.equal(rx.got[0]!.headers['x-hub-signature-256'], 'sha256=');
  });

  test('history records the request with the Authorization value masked; replay is a new task with the replay time', async () => {
    const id = await makeHook(h, token, '/repos/root/proj/hooks', { type: 'gitea', config: { url: rx.url, content_type: 'json', secret: SECRET }, authorization_header: 'Bearer top-secret' });
    await push();
    const base = `/repos/root/proj/hooks/${id}/deliveries`;
    const first = await eventually(async () => (await h.api('GET', base, { auth: token })).body.find((d: { response: unknown }) => d.response));
    assert.equal(first.is_delivered, true);
    assert.equal(first.is_succeed, true);
    assert.equal(first.request.headers.Authorization, '******');
    assert.equal(first.response.status, 200);
    assert.equal(first.response.body, 'ok');
    await new Promise((r) => setTimeout(r, 20));
    const replay = await h.api('POST', `${base}/${first.uuid}/replay`, { auth: token });
    assert.equal(replay.status, 201);
    assert.notEqual(replay.body.uuid, first.uuid);
    assert.ok(Date.parse(replay.body.delivered) > Date.parse(first.delivered), 'the replay shows its own time');
    await rx.waitFor(2);
    assert.equal(rx.got[1]!.headers['x-gitea-delivery'], replay.body.uuid);
    assert.equal(rx.got[1]!.body, rx.got[0]!.body);
    const again = await h.api('GET', `${base}/${first.uuid}`, { auth: token });
    assert.equal(again.body.delivered, first.delivered, 'the original is unchanged');
    assert.equal((await h.api('POST', `${base}/nope/replay`, { auth: token })).status, 404);
  });
});
