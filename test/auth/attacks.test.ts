/**
 * Replays of the attacks of the security review against a loopback host: each is refused or harmless, and the
 * host keeps answering other requests meanwhile.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtemp, mkdir, writeFile, chmod, readdir, lstat, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHost, createToken, basic, request, ADMIN, type TestHost } from '../helpers/host.ts';
import { awayFromStepEdge, codeAt, makeUser, own, signIn } from './helpers.ts';
import * as userStore from '../../server/store/users.ts';
import { setupFirstAdmin, firstRunCode, SETUP_NEEDS_CODE } from '../../server/services/auth/sessions.ts';
import { cachedSignIn } from '../../server/services/auth/credential-cache.ts';

/** Runs `attack` and, while it is in flight, asks the host for its version: that answer must come. */
async function whileResponsive<T>(h: TestHost, attack: () => Promise<T>): Promise<T> {
  const running = attack();
  const probe = await h.api('GET', '/version');
  assert.equal(probe.status, 200, 'the host answers other requests during the attack');
  return running;
}

/** A JSON text nested `depth` deep, about `depth * 2` bytes. */
const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

/** One request from a chosen local address (127.0.0.2 is another machine as far as the host can tell). */
function fromAddress(url: string, localAddress: string, method: string, p: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(p, url), { method, headers, localAddress }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => { text += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('attacks on a loopback host', () => {
  let h: TestHost;
  before(async () => { h = await startHost(); await makeUser(h, 'victim'); });
  after(async () => { await h.stop(); });

  test('item 7: a token as the Basic password cannot mint tokens; a password and the second factor can', async () => {
    const session = await signIn(h, 'victim', 'victim-password-1');
    const narrow = await createToken(h, 'victim', 'victim-password-1', ['write:user']);
    const start = await own(h, 'POST', '/user/two-factor/enrolment', { auth: session });
    await awayFromStepEdge();
    assert.equal((await own(h, 'POST', '/user/two-factor/confirm', { auth: session, body: { code: codeAt(start.body.secret, 0) } })).status, 200);
    const body = { name: 'escalated', scopes: ['all'] };
    const asPassword = await whileResponsive(h, () => h.api('POST', '/users/victim/tokens', { auth: ['victim', narrow], body }));
    assert.equal(asPassword.status, 401);
    assert.match(asPassword.body.message, /needs your password/);
    assert.equal((await h.api('POST', '/users/victim/tokens', { auth: narrow, body })).status, 401);
    assert.equal((await h.api('POST', '/users/victim/tokens', { auth: ['victim', 'victim-password-1'], body })).status, 401, 'the second factor is needed');
    const made = await h.api('POST', '/users/victim/tokens', { auth: ['victim', 'victim-password-1'], headers: { 'X-Gitea-OTP': codeAt(start.body.secret, 1) }, body });
    assert.equal(made.status, 201, made.text);
    // The UI session of the user manages their tokens (as Gitea's settings page), without a password.
    assert.equal((await h.api('POST', '/users/victim/tokens', { auth: session, body: { name: 'from-ui', scopes: ['read:user'] } })).status, 201);
  });

  test('item 8: anonymous 10 MB deeply nested bodies are never read; signed-in ones are refused by depth; only JSON is parsed', async () => {
    const bomb = nested(5 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    const answers = await whileResponsive(h, () => Promise.all([1, 2, 3, 4].map(() =>
      request(h.url, 'POST', '/api/v1/user/repos', { rawBody: bomb, headers: { 'Content-Type': 'application/json' } }))));
    assert.deepEqual(answers.map((a) => a.status), [401, 401, 401, 401]);
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    const deep = await whileResponsive(h, () => request(h.url, 'POST', '/api/v1/user/repos', { auth: token, rawBody: bomb, headers: { 'Content-Type': 'application/json' } }));
    assert.equal(deep.status, 422);
    assert.match(deep.body.message, /nested deeper than/);
    assert.ok(process.memoryUsage().rss - before < 256 * 1024 * 1024, 'the bodies were not built into objects');
    const plain = await request(h.url, 'POST', '/api/v1/user/repos', { auth: token, rawBody: JSON.stringify({ name: 'x' }), headers: { 'Content-Type': 'text/plain' } });
    assert.equal(plain.status, 415);
    const ok = await request(h.url, 'POST', '/api/v1/user/repos', { auth: token, rawBody: JSON.stringify({ name: 'shallow', description: '[[[[' }), headers: { 'Content-Type': 'application/json; charset=utf-8' } });
    assert.equal(ok.status, 201, ok.text);
  });

  test('item 9: another site cannot sign in or change anything with ambient credentials; a rebound host name is refused', async () => {
    const evil = { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' };
    const signInForm = JSON.stringify({ username: ADMIN.username, password: ADMIN.password });
    const crossSignIn = await whileResponsive(h, () => request(h.url, 'POST', '/api/homeforge/session', { rawBody: signInForm, headers: { ...evil, 'Content-Type': 'text/plain' } }));
    assert.equal(crossSignIn.status, 403);
    assert.equal((await request(h.url, 'POST', '/api/homeforge/session', { rawBody: signInForm, headers: { ...evil, 'Content-Type': 'application/json' } })).status, 403);
    // Basic credentials a browser keeps, and a reverse proxy's header, are ambient: refused from another site.
    const basicCross = await request(h.url, 'POST', '/api/v1/user/repos', { body: { name: 'csrf' }, headers: { ...evil, Authorization: basic(ADMIN.username, ADMIN.password) } });
    assert.equal(basicCross.status, 403);
    assert.equal((await request(h.url, 'POST', '/api/v1/user/repos', { body: { name: 'csrf2' }, headers: { Origin: 'http://evil.example', Authorization: basic(ADMIN.username, ADMIN.password) } })).status, 403);
    // A token in the header is something only its holder can send: allowed from anywhere, as Gitea's API clients need.
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await request(h.url, 'POST', '/api/v1/user/repos', { auth: token, body: { name: 'from-a-tool' }, headers: evil })).status, 201);
    // The host's own pages pass.
    const same = await request(h.url, 'POST', '/api/homeforge/session', { body: { username: ADMIN.username, password: ADMIN.password }, headers: { Origin: h.url, 'Sec-Fetch-Site': 'same-origin' } });
    assert.equal(same.status, 201);
    // DNS rebinding: a page on evil.example whose name now points at 127.0.0.1.
    // (fetch drops a Host header, so these go through node's http client.)
    const rebound = await fromAddress(h.url, '127.0.0.1', 'GET', '/api/v1/user', { Host: `evil.example:${h.port}`, 'X-WEBAUTH-USER': ADMIN.username });
    assert.equal(rebound.status, 421);
    assert.equal((await fromAddress(h.url, '127.0.0.1', 'GET', '/api/v1/version', { Host: `localhost:${h.port}` })).status, 200);
  });

  test('item 9: first-run setup only from this machine, from its own pages, or with the one-time code', async () => {
    const fresh = await startHost({ env: { HOMEFORGE_ADMIN_USER: '' } });
    try {
      const form = { username: 'taker', email: 'taker@example.com', password: 'taker-password-1' };
      const cross = await request(fresh.url, 'POST', '/api/homeforge/setup', { rawBody: JSON.stringify(form), headers: { 'Content-Type': 'text/plain', Origin: 'http://evil.example' } });
      assert.equal(cross.status, 403);
      const rebound = await fromAddress(fresh.url, '127.0.0.1', 'POST', '/api/homeforge/setup', { Host: 'evil.example', 'Content-Type': 'application/json' }, JSON.stringify(form));
      assert.equal(rebound.status, 421);
      await assert.rejects(setupFirstAdmin(fresh.app, form, '192.168.1.77'), { message: SETUP_NEEDS_CODE });
      await assert.rejects(setupFirstAdmin(fresh.app, { ...form, code: 'guessed' }, '192.168.1.77'), { message: SETUP_NEEDS_CODE });
      assert.equal((await own(fresh, 'GET', '/setup')).body.needs_admin, true);
      const made = await setupFirstAdmin(fresh.app, { ...form, code: firstRunCode(fresh.app) }, '192.168.1.77');
      assert.equal(made.user.name, 'taker');
    } finally {
      await fresh.stop();
    }
  });
});

describe('low items', () => {
  let h: TestHost;
  before(async () => { h = await startHost({ settings: { 'security.LOGIN_MAX_FAILURES': '3', 'session.SESSION_LIFE_TIME': '2' } }); await makeUser(h, 'lowuser'); });
  after(async () => { await h.stop(); });

  test('a stranger\'s wrong passwords lock only the stranger, never the owner on loopback', async () => {
    const wrong = { Authorization: basic(ADMIN.username, 'not-the-password') };
    for (let i = 0; i < 3; i++) assert.equal((await fromAddress(h.url, '127.0.0.2', 'GET', '/api/v1/user', wrong)).status, 401);
    const locked = await whileResponsive(h, () => fromAddress(h.url, '127.0.0.2', 'GET', '/api/v1/user', { Authorization: basic(ADMIN.username, ADMIN.password) }));
    assert.equal(locked.status, 429);
    assert.equal((await h.api('GET', '/user', { auth: [ADMIN.username, ADMIN.password] })).status, 200, 'the owner still signs in');
  });

  test('UI sessions: expire when unused, end on a password change, and are not personal tokens', async () => {
    const admin = await createToken(h, ADMIN.username, ADMIN.password);
    const s1 = await signIn(h, 'lowuser', 'lowuser-password-1');
    assert.equal((await h.api('GET', '/user', { auth: s1 })).status, 200);
    const listed = await h.api('GET', '/users/lowuser/tokens', { auth: s1 });
    assert.deepEqual(listed.body, []);
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal((await h.api('GET', '/user', { auth: s1 })).status, 401, 'expired after SESSION_LIFE_TIME unused');
    const s2 = await signIn(h, 'lowuser', 'lowuser-password-1');
    assert.ok(await cachedSignIn(h.app, 'lowuser', 'lowuser-password-1'), 'the verified password is remembered');
    const changed = await h.api('PATCH', '/admin/users/lowuser', { auth: admin, body: { login_name: 'lowuser', source_id: 0, password: 'lowuser-password-2' } });
    assert.equal(changed.status, 200, changed.text);
    assert.equal((await h.api('GET', '/user', { auth: s2 })).status, 401, 'a password change ends the session');
    assert.equal(await cachedSignIn(h.app, 'lowuser', 'lowuser-password-1'), null);
    assert.equal((await h.api('GET', '/user', { auth: ['lowuser', 'lowuser-password-1'] })).status, 401, 'the old password is not remembered');
  });

  test('basic-auth reads do not write the sign-in time; ETags stay', async () => {
    const stamp = async () => (await userStore.getByName(h.app.store, 'lowuser'))!.last_login;
    const first = await h.api('GET', '/user', { auth: ['lowuser', 'lowuser-password-2'] });
    const was = await stamp();
    const second = await h.api('GET', '/user', { auth: ['lowuser', 'lowuser-password-2'] });
    assert.equal(await stamp(), was);
    assert.equal(second.headers.get('etag'), first.headers.get('etag'));
  });

  test('stored webhook payloads use the host\'s own address, never the request\'s Host header', async () => {
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'hooked', auto_init: true } })).status, 201);
    const hook = await h.api('POST', `/repos/${ADMIN.username}/hooked/hooks`, { auth: token, body: { type: 'gitea', active: true, config: { url: 'http://127.0.0.1:9/h', content_type: 'json' } } });
    assert.equal(hook.status, 201, hook.text);
    const spoofed = { Host: `10.66.66.66:${h.port}`, Authorization: `token ${token}` };
    assert.equal((await fromAddress(h.url, '127.0.0.1', 'POST', `/api/v1/repos/${ADMIN.username}/hooked/hooks/${hook.body.id}/tests`, spoofed)).status, 204);
    const list = await h.api('GET', `/repos/${ADMIN.username}/hooked/hooks/${hook.body.id}/deliveries`, { auth: token });
    const one = await h.api('GET', `/repos/${ADMIN.username}/hooked/hooks/${hook.body.id}/deliveries/${list.body[0].uuid}`, { auth: token });
    assert.ok(one.text.includes(`${h.url}/${ADMIN.username}/hooked`), one.text.slice(0, 300));
    assert.ok(!one.text.includes('10.66.66.66'));
  });

  test('answers carry X-Frame-Options from [cors] X_FRAME_OPTIONS and the UI a Content-Security-Policy', async () => {
    const api = await h.api('GET', '/version');
    assert.equal(api.headers.get('x-frame-options'), 'SAMEORIGIN');
    const ui = await request(h.url, 'GET', '/', { headers: { Accept: 'text/html' } });
    assert.match(ui.headers.get('content-security-policy') ?? '', /default-src 'self'.*frame-ancestors 'self'/);
  });
});

describe('the data dir is private', () => {
  test('0700 directories and 0600 files, and an older world-readable dir is fixed at start', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'homeforge-perms-'));
    await mkdir(path.join(dataDir, 'old'), { recursive: true });
    await writeFile(path.join(dataDir, 'old', 'leftover.json'), '{}');
    await chmod(path.join(dataDir, 'old', 'leftover.json'), 0o644);
    await chmod(path.join(dataDir, 'old'), 0o755);
    await chmod(dataDir, 0o755);
    const h = await startHost({ dataDir });
    try {
      const token = await createToken(h, ADMIN.username, ADMIN.password);
      assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'private-stuff', private: true, auto_init: true } })).status, 201);
      await h.app.store.engine.flush();
      const open: string[] = [];
      const walk = async (dir: string): Promise<void> => {
        for (const e of await readdir(dir, { withFileTypes: true })) {
          const p = path.join(dir, e.name);
          const st = await lstat(p);
          if (st.isSymbolicLink()) continue;
          if ((st.mode & 0o077) !== 0) open.push(`${path.relative(dataDir, p)} ${(st.mode & 0o777).toString(8)}`);
          if (e.isDirectory()) await walk(p);
        }
      };
      await walk(dataDir);
      assert.deepEqual(open, []);
      assert.equal((await lstat(dataDir)).mode & 0o777, 0o700);
    } finally {
      await h.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
