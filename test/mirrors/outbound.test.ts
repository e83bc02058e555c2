/**
 * Migrations and mirrors against loopback and LAN services (issue 12, items 4 and 5), replayed on loopback:
 * with Gitea's defaults a user cannot clone a loopback service, reach a `git://` port, probe ports through the
 * error message, or send push-mirror credentials there, in any spelling of the address; a redirect from an
 * allowed host to a refused one is not followed; and a name is resolved once, git connecting to that address.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { startHost, createToken, request, ADMIN, type TestHost } from '../helpers/host.ts';
import { makeUser, pw } from '../accounts/helpers.ts';
import { setResolver } from '../../server/services/mirror/remote.ts';
import { gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';

/** A loopback TCP listener that counts connections (a stand-in for an internal service). */
async function listener(host = '127.0.0.1'): Promise<{ port: number; hits: number; close(): Promise<void> }> {
  const state = { port: 0, hits: 0, close: () => new Promise<void>((r) => server.close(() => r())) };
  const server = net.createServer((s) => { state.hits += 1; s.destroy(); });
  await new Promise<void>((r) => server.listen(0, host, r));
  state.port = (server.address() as AddressInfo).port;
  return state;
}

/** A closed port: one that was just listened on and released. */
async function closedPort(): Promise<number> {
  const l = await listener();
  await l.close();
  return l.port;
}

describe('migrations and mirrors: loopback and LAN refused by default', () => {
  let down: TestHost;
  let bob: string;
  let svc: Awaited<ReturnType<typeof listener>>;
  before(async () => {
    down = await startHost();
    await makeUser(down, 'bob');
    bob = await createToken(down, 'bob', pw('bob'));
    svc = await listener();
  });
  after(async () => { await down.stop(); await svc.close(); });

  const migrate = (body: Record<string, unknown>, auth: string = bob) => down.api('POST', '/repos/migrate', { auth, body: { repo_name: 'x', ...body } });

  test('http and git:// to an open and a closed loopback port: the same refusal, and nothing connects', async () => {
    assert.equal(down.app.settings.bool('migrations.ALLOW_LOCALNETWORKS'), false);
    const closed = await closedPort();
    const answers = [];
    for (const addr of [`http://127.0.0.1:${svc.port}/a/b.git`, `http://127.0.0.1:${closed}/a/b.git`, `git://127.0.0.1:${svc.port}/b.git`,
      `git://127.0.0.1:${closed}/b.git`, `http://localhost:${svc.port}/a.git`]) {
      const res = await migrate({ clone_addr: addr, mirror: true, auth_username: 'u', auth_password: 'secret-pass' });
      assert.equal(res.status, 422, `${addr}: ${res.text}`);
      answers.push(res.body.message);
      // the host answers other requests meanwhile
      assert.equal((await request(down.url, 'GET', '/api/v1/version')).status, 200);
    }
    assert.deepEqual(new Set(answers), new Set(['You can not import from disallowed hosts.']), 'open or closed, the words are the same');
    assert.equal(svc.hits, 0, 'nothing connected to the service');
    assert.equal((await down.api('GET', '/repos/bob/x', { auth: bob })).status, 404, 'nothing was created');
  });

  test('0.0.0.0, 0, mapped IPv6, decimal, octal, hex and link-local spellings are refused as well', async () => {
    for (const host of ['0.0.0.0', '0', '[::ffff:0.0.0.0]', '[::ffff:127.0.0.1]', '2130706433', '0177.0.0.1', '0x7f.0.0.1', '127.1', '[::1]',
      '169.254.169.254', '[fe80::1]', '100.64.0.1', '10.0.0.1', '192.168.1.1', '[fd00::1]']) {
      for (const scheme of ['http', 'git']) {
        const res = await migrate({ clone_addr: `${scheme}://${host}:${svc.port}/a/b.git` });
        assert.equal(res.status, 422, `${scheme}://${host}: ${res.text}`);
        assert.equal(res.body.message, 'You can not import from disallowed hosts.', `${scheme}://${host}`);
      }
    }
    assert.equal(svc.hits, 0);
  });

  test('push mirrors cannot send credentials to loopback', async () => {
    assert.equal((await down.api('POST', '/user/repos', { auth: bob, body: { name: 'src', auto_init: true } })).status, 201);
    for (const addr of [`http://127.0.0.1:${svc.port}/a.git`, `http://0.0.0.0:${svc.port}/a.git`, `http://[::ffff:7f00:1]:${svc.port}/a.git`]) {
      const res = await down.api('POST', '/repos/bob/src/push_mirrors', { auth: bob, body: { remote_address: addr, remote_username: 'u', remote_password: 'secret-pass', interval: '8h' } });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.message, 'You can not import from disallowed hosts.');
    }
    assert.equal(svc.hits, 0);
  });

  test('local paths need IMPORT_LOCAL_PATHS, even for an administrator', async () => {
    const admin = await createToken(down, ADMIN.username, ADMIN.password);
    const res = await migrate({ clone_addr: '/tmp' }, admin);
    assert.equal(res.status, 422);
    assert.equal(res.body.message, 'You are not allowed to import local repositories.');
  });
});

describe('redirects and name resolution', () => {
  let up: TestHost;
  let down: TestHost;
  let g: GitSandbox;
  let admin: string;
  let redirector: http.Server;
  let redirects = 0;
  before(async () => {
    // The upstream listens on 127.0.0.2; only 127.0.0.1 is allowed.
    // The upstream answers to the name the test resolves (a host answers only to its own names).
    up = await startHost({ host: '127.0.0.2', settings: { 'server.ROOT_URL': 'http://upstream.test/' } });
    down = await startHost({ settings: { 'migrations.ALLOWED_DOMAINS': '127.0.0.1,upstream.test' } });
    g = await gitSandbox();
    admin = await createToken(down, ADMIN.username, ADMIN.password);
    const upToken = await createToken(up, ADMIN.username, ADMIN.password);
    assert.equal((await up.api('POST', '/user/repos', { auth: upToken, body: { name: 'inner', private: false } })).status, 201);
    const work = `${g.dir}/inner`;
    await makeRepo(g, work, { 'secret.txt': 'internal\n' });
    await g.ok(['push', '-q', withCredentials(`${up.url}/root/inner.git`, ADMIN.username, upToken), 'main'], { cwd: work });
    redirector = http.createServer((req, res) => { redirects += 1; res.writeHead(302, { Location: `${up.url}${req.url}` }).end(); });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
  });
  after(async () => {
    await new Promise<void>((r) => redirector.close(() => r()));
    await down.stop();
    await up.stop();
    await g.dispose();
  });

  test('the refused host directly: 422', async () => {
    const res = await down.api('POST', '/repos/migrate', { auth: admin, body: { clone_addr: `${up.url}/root/inner.git`, repo_name: 'direct' } });
    assert.equal(res.status, 422, res.text);
    assert.equal(res.body.message, 'You can not import from disallowed hosts.');
  });

  test('a 302 from the allowed host to the refused one is not followed, and nothing is imported', async () => {
    const port = (redirector.address() as AddressInfo).port;
    const res = await down.api('POST', '/repos/migrate', { auth: admin, body: { clone_addr: `http://127.0.0.1:${port}/root/inner.git`, repo_name: 'via' } });
    assert.equal(res.status, 422, res.text);
    assert.match(res.body.message, /redirect \(HTTP 302\), which is not followed/);
    assert.ok(redirects > 0, 'the allowed host was asked');
    assert.equal((await down.api('GET', '/repos/root/via', { auth: admin })).status, 404);
    assert.equal((await request(down.url, 'GET', '/api/v1/version')).status, 200);
  });

  test('a name is resolved once and git connects to the checked address', async () => {
    // upstream.test exists only in this resolver: a clone that works went to the address it gave.
    setResolver(down.app, async (h) => (h === 'upstream.test' ? ['127.0.0.2'] : []));
    const res = await down.api('POST', '/repos/migrate', { auth: admin, body: { clone_addr: `http://upstream.test:${new URL(up.url).port}/root/inner.git`, repo_name: 'pinned' } });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.original_url, `http://upstream.test:${new URL(up.url).port}/root/inner.git`);
    // every answer is checked: a name that also resolves to a refused address is refused
    setResolver(down.app, async (h) => (h === 'upstream.test' ? ['127.0.0.1', '127.0.0.2'] : []));
    down.app.settings = down.app.settings.with({ 'migrations.ALLOWED_DOMAINS': '127.0.0.1' });
    const again = await down.api('POST', '/repos/migrate', { auth: admin, body: { clone_addr: `http://upstream.test:${new URL(up.url).port}/root/inner.git`, repo_name: 'rebound' } });
    assert.equal(again.status, 422, again.text);
  });
});

describe('a mirror whose address the settings now refuse', () => {
  let up: TestHost;
  let down: TestHost;
  let admin: string;
  before(async () => {
    up = await startHost();
    down = await startHost({ mirrorIntervalFloorMs: 1000, settings: { 'migrations.ALLOW_LOCALNETWORKS': 'true', 'mirror.MIN_INTERVAL': '1s' } });
    admin = await createToken(down, ADMIN.username, ADMIN.password);
    const upToken = await createToken(up, ADMIN.username, ADMIN.password);
    assert.equal((await up.api('POST', '/user/repos', { auth: upToken, body: { name: 'lan', auto_init: true } })).status, 201);
  });
  after(async () => { await down.stop(); await up.stop(); });

  test('its sync fails with words that name the settings to change, and nothing is fetched', async () => {
    const res = await down.api('POST', '/repos/migrate', { auth: admin, body: { clone_addr: `${up.url}/root/lan.git`, repo_name: 'lan', mirror: true, mirror_interval: '0' } });
    assert.equal(res.status, 201, res.text);
    // as after an upgrade to the safe default
    down.app.settings = down.app.settings.with({ 'migrations.ALLOW_LOCALNETWORKS': 'false' });
    const since = new Date().toISOString();
    assert.equal((await down.api('POST', '/repos/root/lan/mirror-sync', { auth: admin })).status, 200);
    const status = async () => (await down.api('GET', '/../homeforge/repos/root/lan/mirror', { auth: admin })).body as { last_update: string; last_error: string };
    let s = await status();
    for (let i = 0; i < 600 && !(s.last_update > since); i++) {
      await new Promise((r) => setTimeout(r, 100));
      s = await status();
    }
    assert.match(s.last_error, /^The host's settings refuse this address: .*ALLOW_LOCALNETWORKS/);
  });
});
