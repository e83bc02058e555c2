// The issue tracker of a migration is read through the guarded outbound client: a source on an address the
// migrations policy refuses is never asked, and a source name that re-resolves to a refused address between the
// git clone and the API reads is refused with Gitea's words and leaves nothing behind.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN, createToken, startHost, type TestHost } from '../helpers/host.ts';
import { setResolver } from '../../server/services/mirror/remote.ts';
import { importTracker } from '../../server/services/mirror/migrate-issues.ts';
import * as userStore from '../../server/store/users.ts';
import * as repoStore from '../../server/store/repos.ts';

describe('the tracker reader refuses a blocked source', () => {
  let h: TestHost;
  let server: http.Server;
  let hits = 0;
  before(async () => {
    h = await startHost();
    server = http.createServer((_req, res) => { hits++; res.setHeader('Content-Type', 'application/json'); res.end('[]'); });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  after(async () => { await h.stop(); server.close(); });

  test('a loopback source with ALLOW_LOCALNETWORKS off: 422, and nothing is sent', async () => {
    const port = (server.address() as AddressInfo).port;
    const doer = (await userStore.getByName(h.app.store, ADMIN.username))!;
    const made = await h.api('POST', '/user/repos', { auth: [ADMIN.username, ADMIN.password], body: { name: 'target' } });
    assert.equal(made.status, 201, made.text);
    const repo = (await repoStore.getById(h.app.store, made.body.id as number))!;
    await assert.rejects(
      importTracker(h.app, repo, doer, { clone_addr: `http://127.0.0.1:${port}/root/x.git`, service: 'gitea', labels: true, issues: true }),
      (err: Error & { status?: number }) => err.message === 'You can not import from disallowed hosts.' && err.status === 422,
    );
    assert.equal(hits, 0, 'the blocked source was never asked');
  });
});

describe('a migration whose source re-resolves to a blocked address before the API reads', () => {
  let up: TestHost;
  let down: TestHost;
  let upToken: string;
  let downToken: string;
  before(async () => {
    // The source answers to the name the test resolves (a host answers only to its own names).
    up = await startHost({ settings: { 'server.ROOT_URL': 'http://upstream.test/' } });
    down = await startHost({ settings: { 'migrations.ALLOW_LOCALNETWORKS': 'true', 'migrations.BLOCKED_DOMAINS': '127.0.0.3' } });
    upToken = await createToken(up, ADMIN.username, ADMIN.password);
    downToken = await createToken(down, ADMIN.username, ADMIN.password);
    assert.equal((await up.api('POST', '/user/repos', { auth: upToken, body: { name: 'source', auto_init: true } })).status, 201);
    assert.equal((await up.api('POST', `/repos/${ADMIN.username}/source/labels`, { auth: upToken, body: { name: 'bug', color: 'ff0000' } })).status, 201);
  });
  after(async () => { await down.stop(); await up.stop(); });

  test('the clone goes to the checked address; the tracker reads are refused and nothing is left', async () => {
    const port = new URL(up.url).port;
    const clone_addr = `http://upstream.test:${port}/${ADMIN.username}/source.git`;
    const migrate = (repo_name: string, extra: Record<string, unknown>) =>
      down.api('POST', '/repos/migrate', { auth: downToken, body: { clone_addr, auth_token: upToken, repo_name, service: 'gitea', ...extra } });
    // With every answer allowed the whole migration works, labels included; it shows how often the git part asks.
    let calls = 0;
    setResolver(down.app, async (name) => (name === 'upstream.test' ? (calls++, ['127.0.0.1']) : []));
    const plain = await migrate('plain', {});
    assert.equal(plain.status, 201, plain.text);
    const gitCalls = calls;
    const whole = await migrate('whole', { labels: true });
    assert.equal(whole.status, 201, whole.text);
    assert.deepEqual(((await down.api('GET', `/repos/${ADMIN.username}/whole/labels`, { auth: downToken })).body as { name: string }[]).map((l) => l.name), ['bug']);
    // The same answers for the git part, then the blocked address for every later question.
    calls = 0;
    setResolver(down.app, async (name) => (name === 'upstream.test' ? [calls++ < gitCalls ? '127.0.0.1' : '127.0.0.3'] : []));
    const res = await migrate('rebound', { labels: true });
    assert.equal(res.status, 422, res.text);
    assert.equal(res.body.message, 'You can not import from disallowed hosts.');
    assert.ok(calls > gitCalls, 'the tracker reader asked the resolver again');
    assert.equal((await down.api('GET', `/repos/${ADMIN.username}/rebound`, { auth: downToken })).status, 404);
  });
});
