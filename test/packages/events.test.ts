/**
 * The `package` hook event without a repository: an organization's package reaches that organization's hooks
 * and the system hooks, a user's package the user's hooks and the system hooks, delivered to a real receiver
 * on loopback with Gitea's payload (action, package, no repository, sender); a chat kind gets its own wording.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { startReceiver, type Receiver, type Received } from '../webhooks/receiver.ts';
import { makeHook } from '../webhooks/fixtures.ts';

let h: TestHost;
let rx: Receiver;
let root: string;

before(async () => {
  h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
  rx = await startReceiver();
  root = await createToken(h, ADMIN.username, ADMIN.password);
  assert.equal((await h.api('POST', '/orgs', { auth: root, body: { username: 'ev-org', visibility: 'private' } })).status, 201);
  await makeHook(h, root, '/orgs/ev-org/hooks', { type: 'gitea', events: ['package'], config: { url: `${rx.url}/org`, content_type: 'json' } });
  await makeHook(h, root, '/admin/hooks', { type: 'gitea', events: ['package'], config: { url: `${rx.url}/system`, content_type: 'json', is_system_webhook: 'true' } });
  await makeHook(h, root, '/admin/hooks', { type: 'slack', events: ['package'], config: { url: `${rx.url}/slack`, content_type: 'json', channel: '#pkg', is_system_webhook: 'true' } });
  await makeHook(h, root, '/user/hooks', { type: 'gitea', events: ['package'], config: { url: `${rx.url}/user`, content_type: 'json' } });
  // A hook that does not listen to packages hears nothing.
  await makeHook(h, root, '/orgs/ev-org/hooks', { type: 'gitea', events: ['push'], config: { url: `${rx.url}/push-only`, content_type: 'json' } });
});

after(async () => {
  await h.stop();
  await rx.close();
});

const upload = (owner: string, p: string) =>
  fetch(`${h.url}/api/packages/${owner}/generic/${p}`, { method: 'PUT', body: 'content', headers: { Authorization: `token ${root}` } });

const by = (path: string): Received[] => rx.got.filter((r) => r.url === path);

test('an organization\'s package reaches its hooks and the system hooks, with no repository in the payload', async () => {
  assert.equal((await upload('ev-org', 'tool/1.0.0/a.bin')).status, 201);
  // A second file of the same version publishes nothing new.
  assert.equal((await upload('ev-org', 'tool/1.0.0/b.bin')).status, 201);
  await rx.waitFor(3, 60_000);
  await new Promise((r) => setTimeout(r, 300));
  assert.deepEqual(rx.got.map((r) => r.url).sort(), ['/org', '/slack', '/system']);
  for (const r of [...by('/org'), ...by('/system')]) {
    assert.equal(r.headers['x-gitea-event'], 'package');
    const p = JSON.parse(r.body) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a received payload
    assert.equal(p.action, 'created');
    assert.equal(p.repository, null);
    assert.equal(p.package.name, 'tool');
    assert.equal(p.package.version, '1.0.0');
    assert.equal(p.package.type, 'generic');
    assert.equal(p.package.owner.login, 'ev-org');
    assert.match(p.package.html_url, /\/ev-org\/-\/packages\/generic\/tool\/1\.0\.0$/);
    assert.equal(p.sender.login, ADMIN.username);
  }
  const slack = JSON.parse(by('/slack')[0]!.body) as { text: string };
  assert.match(slack.text, /^Package created: <http:\/\/[^|]+\/ev-org\/-\/packages\/generic\/tool\/1\.0\.0\|tool:1\.0\.0> by /);

  rx.got.length = 0;
  assert.equal((await h.api('DELETE', '/packages/ev-org/generic/tool/1.0.0', { auth: root })).status, 204);
  await rx.waitFor(3, 60_000);
  assert.deepEqual(rx.got.map((r) => [r.url, (JSON.parse(r.body) as { action?: string }).action ?? 'slack']).sort(), [['/org', 'deleted'], ['/slack', 'slack'], ['/system', 'deleted']]);
});

test('a user\'s package reaches the user\'s hooks and the system hooks', async () => {
  rx.got.length = 0;
  assert.equal((await upload(ADMIN.username, 'mine/0.1/x.bin')).status, 201);
  await rx.waitFor(3, 60_000);
  await new Promise((r) => setTimeout(r, 300));
  assert.deepEqual(rx.got.map((r) => r.url).sort(), ['/slack', '/system', '/user']);
  const p = JSON.parse(by('/user')[0]!.body) as { repository: unknown; package: { owner: { login: string } } };
  assert.equal(p.repository, null);
  assert.equal(p.package.owner.login, ADMIN.username);
});
