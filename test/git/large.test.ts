import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials, makeRepo, commitFiles, type GitSandbox } from '../helpers/git.ts';
import * as branchStore from '../../server/store/branches.ts';

describe('git over HTTP: large and concurrent pushes', () => {
  let h: TestHost;
  let g: GitSandbox;
  let token: string;
  let url: string;

  before(async () => {
    h = await startHost();
    g = await gitSandbox();
    token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'big' } })).status, 201);
    url = withCredentials(`${h.url}/root/big.git`, 'root', token);
  });
  after(async () => {
    await g.dispose();
    await h.stop();
  });

  test('a push of 60 MB of incompressible data streams through and clones back', async () => {
    const work = path.join(g.dir, 'big');
    const head = await makeRepo(g, work, { 'blob-1.bin': randomBytes(30 * 1024 * 1024), 'blob-2.bin': randomBytes(30 * 1024 * 1024) });
    const before = process.memoryUsage().rss;
    await g.ok(['-c', 'http.postBuffer=1048576', 'push', url, 'main'], { cwd: work });
    assert.ok(process.memoryUsage().rss - before < 60 * 1024 * 1024, 'the push was not held in memory');
    const repo = await h.api('GET', '/repos/root/big', { auth: token });
    assert.ok(repo.body.size > 55 * 1024, `size ${repo.body.size} KiB`);
    const clone = path.join(g.dir, 'big-clone');
    await g.ok(['clone', '-q', url, clone]);
    assert.equal((await g.ok(['rev-parse', 'HEAD'], { cwd: clone })).trim(), head);
  });

  test('two concurrent pushes to one repository both land and both are recorded', async () => {
    const a = path.join(g.dir, 'a');
    const b = path.join(g.dir, 'b');
    await g.ok(['clone', '-q', url, a]);
    await g.ok(['clone', '-q', url, b]);
    await g.ok(['checkout', '-q', '-b', 'feature-a'], { cwd: a });
    await g.ok(['checkout', '-q', '-b', 'feature-b'], { cwd: b });
    const shaA = await commitFiles(g, a, { 'a.bin': randomBytes(2 * 1024 * 1024) }, 'a');
    const shaB = await commitFiles(g, b, { 'b.bin': randomBytes(2 * 1024 * 1024) }, 'b');
    const events: string[] = [];
    h.app.events.listen(async (e) => { events.push(`${e.name}:${String(e.payload.ref)}`); });
    await Promise.all([g.ok(['push', url, 'feature-a'], { cwd: a }), g.ok(['push', url, 'feature-b'], { cwd: b })]);
    const repo = await h.api('GET', '/repos/root/big', { auth: token });
    const records = new Map((await branchStore.list(h.app.store, repo.body.id)).map((r) => [r.name, r.commit_id]));
    assert.equal(records.get('feature-a'), shaA);
    assert.equal(records.get('feature-b'), shaB);
    assert.deepEqual(events.filter((e) => e.startsWith('push')).sort(), ['push:refs/heads/feature-a', 'push:refs/heads/feature-b']);
    assert.deepEqual(events.filter((e) => e.startsWith('create')).sort(), ['create:feature-a', 'create:feature-b']);
  });

  test('two concurrent pushes to one branch: only the accepted one is processed', async () => {
    const a = path.join(g.dir, 'a');
    const b = path.join(g.dir, 'b');
    await g.ok(['checkout', '-q', 'main'], { cwd: a });
    await g.ok(['checkout', '-q', 'main'], { cwd: b });
    const shaA = await commitFiles(g, a, { 'race.txt': 'a\n' }, 'race a');
    const shaB = await commitFiles(g, b, { 'race.txt': 'b\n' }, 'race b');
    const pushed: string[] = [];
    h.app.events.listen(async (e) => { if (e.name === 'push') pushed.push(String(e.payload.after)); });
    const results = await Promise.all([g.run(['push', url, 'main'], { cwd: a }), g.run(['push', url, 'main'], { cwd: b })]);
    const winners = results.map((r, i) => (r.code === 0 ? [shaA, shaB][i] : null)).filter(Boolean);
    assert.equal(winners.length, 1, results.map((r) => r.stderr).join('\n'));
    const repo = await h.api('GET', '/repos/root/big', { auth: token });
    const main = (await branchStore.list(h.app.store, repo.body.id)).find((r) => r.name === 'main');
    assert.equal(main?.commit_id, winners[0]);
    assert.deepEqual(pushed, winners);
  });
});
