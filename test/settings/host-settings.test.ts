/** Host settings at run time: GET/PATCH /api/homeforge/admin/settings, app.ini kept and rewritten, overrides, status. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, createToken, request, startHost, type TestHost } from '../helpers/host.ts';
import { editIni } from '../../server/services/settings/host-settings.ts';

const INI = '; written by hand\n[server]\nHTTP_PORT = 3000\n\n[webhook]\n; keep me\nDELIVER_TIMEOUT = 5\nQUEUE_LENGTH = 100\n\n[log]\nLEVEL = Error\n';

describe('host settings', () => {
  let h: TestHost;
  let dataDir: string;
  let admin: string;
  let user: string;
  const call = (method: string, p: string, auth: string, body?: unknown) => request(h.url, method, `/api/homeforge${p}`, { auth, body });
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'homeforge-settings-'));
    await writeFile(path.join(dataDir, 'app.ini'), INI);
    h = await startHost({ dataDir, env: { HOMEFORGE__MIRROR__MIN_INTERVAL: '5m' } });
    admin = await createToken(h, ADMIN.username, ADMIN.password);
    const created = await h.api('POST', '/admin/users', { auth: admin, body: { username: 'bob', email: 'bob@example.com', password: 'bob-password-1', must_change_password: false } });
    assert.equal(created.status, 201);
    user = await createToken(h, 'bob', 'bob-password-1');
  });
  after(async () => {
    await h?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('lists the allow-listed keys with values, defaults and the environment override', async () => {
    const res = await call('GET', '/admin/settings', admin);
    assert.equal(res.status, 200);
    const byKey = new Map((res.body as { key: string; value: string; default: string; overridden: boolean }[]).map((s) => [s.key, s]));
    assert.deepEqual([...byKey.keys()].sort(), ['actions.BUILTIN_RUNNER', 'backup.ENABLED', 'backup.FOLDER', 'backup.INTERVAL', 'backup.KEEP', 'migrations.ALLOWED_DOMAINS', 'migrations.ALLOW_LOCALNETWORKS', 'migrations.BLOCKED_DOMAINS',
      'mirror.DEFAULT_INTERVAL', 'mirror.MIN_INTERVAL', 'security.DISABLE_QUERY_AUTH_TOKEN', 'security.IMPORT_LOCAL_PATHS',
      'server.LAN_ACCESS', 'service.REQUIRE_SIGNIN_VIEW', 'webhook.ALLOWED_HOST_LIST', 'webhook.DELIVER_TIMEOUT']);
    assert.equal(byKey.get('webhook.ALLOWED_HOST_LIST')?.default, 'external', 'Gitea\'s default');
    assert.equal(byKey.get('migrations.ALLOW_LOCALNETWORKS')?.default, 'false', 'Gitea\'s default');
    assert.equal(byKey.get('security.IMPORT_LOCAL_PATHS')?.default, 'false', 'Gitea\'s default');
    assert.deepEqual(byKey.get('mirror.MIN_INTERVAL'), { key: 'mirror.MIN_INTERVAL', section: 'mirror', name: 'MIN_INTERVAL', kind: 'duration', value: '5m', default: '10m', overridden: true });
    assert.equal(byKey.get('webhook.DELIVER_TIMEOUT')?.value, '5');
    assert.equal(byKey.get('webhook.DELIVER_TIMEOUT')?.overridden, false);
  });

  test('non-admins and anonymous callers are refused', async () => {
    assert.equal((await call('GET', '/admin/settings', user)).status, 403);
    assert.equal((await call('PATCH', '/admin/settings', user, { 'webhook.DELIVER_TIMEOUT': '9' })).status, 403);
    assert.equal((await request(h.url, 'GET', '/api/homeforge/admin/settings')).status, 401);
    assert.equal((await call('GET', '/status', user)).status, 403);
  });

  test('an invalid value is 422 naming the key, and nothing is written', async () => {
    for (const body of [{ 'webhook.DELIVER_TIMEOUT': '0' }, { 'mirror.DEFAULT_INTERVAL': 'soon' }, { 'server.HTTP_PORT': '80' }, { 'server.LAN_ACCESS': 'maybe' },
      { 'webhook.ALLOWED_HOST_LIST': 'loopback,[a-' }, { 'migrations.BLOCKED_DOMAINS': '{a,b' }]) {
      const res = await call('PATCH', '/admin/settings', admin, { 'service.REQUIRE_SIGNIN_VIEW': true, ...body });
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.match(res.body.message, new RegExp(`^\\[${Object.keys(body)[0]!.replace('.', '\\.')}\\]: (must be|expected|not a setting)`));
    }
    assert.equal(await readFile(path.join(dataDir, 'app.ini'), 'utf8'), INI);
    assert.equal(h.app.settings.bool('service.REQUIRE_SIGNIN_VIEW'), false);
    assert.equal((await call('PATCH', '/admin/settings', admin, ['x'])).status, 422);
  });

  test('a change applies at once and is written to app.ini, keeping the other sections, keys and comments', async () => {
    const res = await call('PATCH', '/admin/settings', admin, {
      'webhook.DELIVER_TIMEOUT': 12, 'security.DISABLE_QUERY_AUTH_TOKEN': true, 'webhook.ALLOWED_HOST_LIST': 'loopback,private', 'mirror.DEFAULT_INTERVAL': '2h',
    });
    assert.equal(res.status, 200);
    assert.equal(h.app.settings.int('webhook.DELIVER_TIMEOUT'), 12);
    assert.deepEqual(h.app.settings.list('webhook.ALLOWED_HOST_LIST'), ['loopback', 'private']);
    const ini = await readFile(path.join(dataDir, 'app.ini'), 'utf8');
    assert.match(ini, /^; written by hand$/m);
    assert.match(ini, /^; keep me$/m);
    assert.match(ini, /\[webhook\]\n; keep me\nDELIVER_TIMEOUT = 12\nQUEUE_LENGTH = 100\nALLOWED_HOST_LIST = loopback,private\n/);
    assert.match(ini, /\[security\]\nDISABLE_QUERY_AUTH_TOKEN = true/);
    assert.match(ini, /\[mirror\]\nDEFAULT_INTERVAL = 2h/);
    assert.match(ini, /\[log\]\nLEVEL = Error/);
    assert.deepEqual((await readdir(dataDir)).filter((f) => f.endsWith('.tmp')), []);
    // The new setting is in force: a query-string token is now refused.
    const q = await request(h.url, 'GET', `/api/v1/user?token=${admin}`);
    assert.equal(q.status, 401);
    await call('PATCH', '/admin/settings', admin, { 'security.DISABLE_QUERY_AUTH_TOKEN': false });
    assert.equal((await request(h.url, 'GET', `/api/v1/user?token=${admin}`)).status, 200);
  });

  test('concurrent changes are all kept', async () => {
    const results = await Promise.all([
      call('PATCH', '/admin/settings', admin, { 'webhook.DELIVER_TIMEOUT': '7' }),
      call('PATCH', '/admin/settings', admin, { 'mirror.DEFAULT_INTERVAL': '3h' }),
      call('PATCH', '/admin/settings', admin, { 'service.REQUIRE_SIGNIN_VIEW': 'false' }),
    ]);
    assert.deepEqual(results.map((r) => r.status), [200, 200, 200]);
    const ini = await readFile(path.join(dataDir, 'app.ini'), 'utf8');
    assert.match(ini, /DELIVER_TIMEOUT = 7/);
    assert.match(ini, /DEFAULT_INTERVAL = 3h/);
    assert.match(ini, /\[service\]\nREQUIRE_SIGNIN_VIEW = false/);
  });

  test('status: LAN state, pending deliveries and mirrors with errors', async () => {
    const res = await call('GET', '/status', admin);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.lan, { enabled: false, urls: [] });
    assert.deepEqual(res.body.webhooks, { hooks: 0, active: 0, last_delivery_failed: 0, pending_deliveries: 0 });
    assert.deepEqual(res.body.mirrors, { count: 0, with_errors: 0, problems: [] });
  });
});

describe('host settings survive a restart', () => {
  test('a value written at run time is read back at the next start', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'homeforge-settings-'));
    try {
      let h = await startHost({ dataDir, keepData: true });
      const admin = await createToken(h, ADMIN.username, ADMIN.password);
      assert.equal((await request(h.url, 'PATCH', '/api/homeforge/admin/settings', { auth: admin, body: { 'webhook.DELIVER_TIMEOUT': '21', 'server.LAN_ACCESS': 'false' } })).status, 200);
      await h.stop();
      h = await startHost({ dataDir, keepData: true });
      assert.equal(h.app.settings.int('webhook.DELIVER_TIMEOUT'), 21);
      await h.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('editIni', () => {
  test('adds sections and keys, replaces keys whatever their case, quotes comment signs', () => {
    assert.equal(editIni('', { 'server.LAN_ACCESS': 'true' }), '[server]\nLAN_ACCESS = true\n');
    assert.equal(editIni('[mirror]\n\n[log]\nLEVEL = Info\n', { 'mirror.MIN_INTERVAL': '1m' }), '[mirror]\nMIN_INTERVAL = 1m\n\n[log]\nLEVEL = Info\n');
    assert.equal(editIni('[Server]\nlan_access=false\n', { 'server.LAN_ACCESS': 'true' }), '[Server]\nLAN_ACCESS = true\n');
    assert.equal(editIni('[a]\nX = 1\n', { 'webhook.ALLOWED_HOST_LIST': 'a;b' }), '[a]\nX = 1\n\n[webhook]\nALLOWED_HOST_LIST = "a;b"\n');
  });
});
