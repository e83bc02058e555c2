// Commit statuses through HTTP and the real git client: created on a pushed commit, listed by commit and by
// ref with Gitea's sort, state filter and paging, combined (latest per context, worst state wins), and the
// `status` hook event.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { commitFiles, gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { makeHook } from '../webhooks/fixtures.ts';
import { makeUser } from '../issues/helpers.ts';

const O = ADMIN.username;
const R = `/repos/${O}/ci`;

describe('commit statuses', () => {
  let h: TestHost;
  let token: string;
  let g: GitSandbox;
  let first: string;
  let head: string;
  let hook: Receiver;
  before(async () => {
    h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
    token = await createToken(h, ADMIN.username, ADMIN.password);
    g = await gitSandbox();
    hook = await startReceiver();
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'ci' } })).status, 201);
    await makeHook(h, token, `${R}/hooks`, { type: 'gitea', config: { url: hook.url, content_type: 'json' }, events: ['status'] });
    const work = path.join(g.dir, 'work');
    first = await makeRepo(g, work, { 'a.txt': 'a\n' });
    head = await commitFiles(g, work, { 'b.txt': 'b\n' }, 'second');
    await g.ok(['push', '-q', withCredentials(`${h.url}/${O}/ci.git`, ADMIN.username, ADMIN.password), 'main'], { cwd: work });
  });
  after(async () => { await h.stop(); await g.dispose(); await hook.close(); });

  const post = (sha: string, body: unknown, auth = token) => h.api('POST', `${R}/statuses/${sha}`, { auth, body });

  test('create answers Gitea\'s CommitStatus; a ref or short id is stored under the full commit id', async () => {
    const res = await post(head, { state: 'pending', context: 'ci/build', target_url: 'https://ci.example.com/1', description: 'building' });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.status, 'pending');
    assert.equal(res.body.context, 'ci/build');
    assert.equal(res.body.target_url, 'https://ci.example.com/1');
    assert.equal(res.body.url, `${h.url}/api/v1${R}/statuses/${head}`);
    assert.equal(res.body.creator.login, O);
    const viaBranch = await post('main', { state: 'success', context: 'ci/build' });
    assert.equal(viaBranch.status, 201);
    assert.equal(viaBranch.body.url, `${h.url}/api/v1${R}/statuses/${head}`);
    assert.equal((await post(head.slice(0, 10), { state: 'failure', context: 'lint' })).status, 201);
    assert.equal((await post(first, {})).status, 422, 'state is required');
    assert.equal((await post(first, { state: 'great' })).status, 422);
    assert.equal((await post(first, { state: 'success', target_url: 'javascript:alert(1)' })).status, 422);
    assert.equal((await post('f'.repeat(40), { state: 'success' })).status, 404);
    const def = await post(first, { state: 'warning' });
    assert.equal(def.body.context, 'default', 'an empty context is Gitea\'s "default"');
  });

  test('a reader may list but not create; anonymous gets 401 on create', async () => {
    const reader = await makeUser(h, 'reader');
    assert.equal((await post(head, { state: 'success' }, reader)).status, 403);
    assert.equal((await h.api('POST', `${R}/statuses/${head}`, { body: { state: 'success' } })).status, 401);
    assert.equal((await h.api('GET', `${R}/statuses/${head}`, { auth: reader })).status, 200);
  });

  test('lists by commit and by ref: newest first by default, sort, state filter, paging with limit', async () => {
    const all = await h.api('GET', `${R}/statuses/${head}`, { auth: token });
    assert.equal(all.status, 200);
    assert.deepEqual(all.body.map((s: { status: string }) => s.status), ['failure', 'success', 'pending']);
    assert.equal(all.headers.get('x-total-count'), '3');
    const byRef = await h.api('GET', `${R}/commits/main/statuses?sort=oldest`, { auth: token });
    assert.deepEqual(byRef.body.map((s: { status: string }) => s.status), ['pending', 'success', 'failure']);
    const idx = await h.api('GET', `${R}/commits/main/statuses?sort=highestindex`, { auth: token });
    assert.deepEqual(idx.body.map((s: { status: string }) => s.status), ['failure', 'success', 'pending']);
    const failures = await h.api('GET', `${R}/statuses/${head}?state=failure`, { auth: token });
    assert.deepEqual(failures.body.map((s: { context: string }) => s.context), ['lint']);
    const page2 = await h.api('GET', `${R}/statuses/${head}?limit=2&page=2`, { auth: token });
    assert.equal(page2.body.length, 1);
    assert.equal(page2.body[0].status, 'pending');
    assert.equal((await h.api('GET', `${R}/statuses/${head}?state=bogus`, { auth: token })).status, 422);
    const unknown = await h.api('GET', `${R}/statuses/nosuchref`, { auth: token });
    assert.deepEqual([unknown.status, unknown.body], [200, []]);
    assert.deepEqual((await h.api('GET', `${R}/statuses/${head}`)).status, 200, 'public repository: anonymous reads');
  });

  test('combined status: the latest status of each context, the worst state wins', async () => {
    let c = await h.api('GET', `${R}/commits/main/status`, { auth: token });
    assert.equal(c.status, 200, c.text);
    assert.equal(c.body.sha, head);
    assert.equal(c.body.state, 'failure', 'ci/build is success now, lint failed');
    assert.equal(c.body.total_count, 2);
    assert.deepEqual(c.body.statuses.map((s: { context: string; status: string }) => `${s.context}:${s.status}`), ['lint:failure', 'ci/build:success']);
    assert.equal(c.body.repository.full_name, `${O}/ci`);
    assert.equal(c.body.url, `${h.url}/api/v1${R}/commits/${head}/status`);
    await post(head, { state: 'success', context: 'lint' });
    c = await h.api('GET', `${R}/commits/${head}/status`, { auth: token });
    assert.equal(c.body.state, 'success');
    await post(head, { state: 'error', context: 'deploy' });
    assert.equal((await h.api('GET', `${R}/commits/main/status`, { auth: token })).body.state, 'error', 'error is worse than failure and success');
    const older = await h.api('GET', `${R}/commits/${first}/status`, { auth: token });
    assert.deepEqual([older.body.state, older.body.total_count], ['warning', 1]);
  });

  test('the status hook event carries Gitea\'s CommitStatusPayload', async () => {
    await hook.waitFor(6);
    const got = hook.got.map((x) => ({ event: x.headers['x-gitea-event'], body: JSON.parse(x.body) }));
    assert.equal(got.length, 6);
    assert.ok(got.every((x) => x.event === 'status'));
    const firstEvent = got.find((x) => x.body.state === 'pending')!.body;
    assert.equal(firstEvent.sha, head);
    assert.equal(firstEvent.state, 'pending');
    assert.equal(firstEvent.context, 'ci/build');
    assert.equal(firstEvent.target_url, 'https://ci.example.com/1');
    assert.equal(firstEvent.commit.id, head);
    assert.equal(firstEvent.commit.message, 'second\n');
    assert.equal(firstEvent.repository.full_name, `${O}/ci`);
    assert.equal(firstEvent.sender.login, O);
  });
});
