/**
 * Many concurrent contents writes to one branch (grouped into chains of commits moved by one ref update): every
 * successful answer's commit is in the branch history exactly once and holds its file, a write whose check fails
 * (file exists, stale sha) gets its own 422 without failing the others, and each write still has its own push
 * event (before = its parent, after = its commit, one commit listed).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ADMIN, createToken, startHost, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';

const b64 = (s: string): string => Buffer.from(s).toString('base64');

describe('grouped contents writes to one branch', () => {
  let h: TestHost;
  let token: string;
  let g: GitSandbox;
  let rx: Receiver;

  before(async () => {
    h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
    token = await createToken(h, ADMIN.username, ADMIN.password);
    g = await gitSandbox();
    rx = await startReceiver();
  });
  after(async () => { await h.stop(); await g.dispose(); await rx.close(); });

  test('concurrent writes: each answer is its own commit in the history once, failures stay with their request', async () => {
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'group', auto_init: true } })).status, 201);
    const hook = await h.api('POST', '/repos/root/group/hooks', { auth: token, body: { type: 'gitea', config: { url: rx.url, content_type: 'json' }, events: ['push'], active: true } });
    assert.equal(hook.status, 201, hook.text);
    rx.got.length = 0;
    const writes = Array.from({ length: 32 }, (_, i) => {
      // every eighth write asks for a file that exists (README.md) and every eighth+1 updates with a stale sha
      if (i % 8 === 3) return h.api('POST', '/repos/root/group/contents/README.md', { auth: token, body: { content: b64('again\n') } });
      if (i % 8 === 5) return h.api('PUT', '/repos/root/group/contents/README.md', { auth: token, body: { content: b64('x\n'), sha: '0'.repeat(40) } });
      return h.api('POST', `/repos/root/group/contents/dir${i % 3}/f${i}.txt`, { auth: token, body: { content: b64(`file ${i}\n`), message: `write ${i}` } });
    });
    const answers = await Promise.all(writes);
    const ok = answers.filter((a) => a.status === 201);
    for (const [i, a] of answers.entries()) {
      if (i % 8 === 3 || i % 8 === 5) assert.equal(a.status, 422, `${i}: ${a.text}`);
      else {
        assert.equal(a.status, 201, `${i}: ${a.text}`);
        assert.equal(a.body.content.path, `dir${i % 3}/f${i}.txt`);
        assert.equal(a.body.commit.message, `write ${i}\n`);
      }
    }
    assert.equal(ok.length, 24);

    const dir = path.join(g.dir, 'group');
    await g.ok(['clone', '-q', withCredentials(`${h.url}/root/group.git`, ADMIN.username, ADMIN.password), dir]);
    const history = (await g.ok(['rev-list', 'main'], { cwd: dir })).trim().split('\n');
    assert.equal(history.length, 25, 'the initial commit and one per successful write');
    for (const a of ok) {
      assert.equal(history.filter((id) => id === a.body.commit.sha).length, 1);
      // the commit holds its own file with the answered blob, and it changed that file only
      const blob = (await g.ok(['rev-parse', `${a.body.commit.sha}:${a.body.content.path}`], { cwd: dir })).trim();
      assert.equal(blob, a.body.content.sha);
      const changed = (await g.ok(['diff-tree', '--no-commit-id', '--name-only', '-r', a.body.commit.sha], { cwd: dir })).trim();
      assert.equal(changed, a.body.content.path);
    }
    await g.ok(['fsck', '--strict'], { cwd: dir });
    const branch = await h.api('GET', '/repos/root/group/branches/main', { auth: token });
    assert.equal(branch.body.commit.id, history[0]);

    await rx.waitFor(24);
    const pushes = rx.got.filter((r) => r.headers['x-gitea-event'] === 'push').map((r) => JSON.parse(r.body));
    assert.equal(pushes.length, 24);
    for (const a of ok) {
      const p = pushes.find((x) => x.after === a.body.commit.sha);
      assert.ok(p, `a push event for ${a.body.commit.sha}`);
      assert.equal(p.before, a.body.commit.parents[0].sha);
      assert.equal(p.commits.length, 1);
      assert.deepEqual(p.commits[0].added, [a.body.content.path]);
    }
  });

  test('a group is stored as one pack: after a restart (no cached objects) every file reads back, the repository fsck clean', async () => {
    const first = await startHost({ keepData: true });
    const auth = await createToken(first, ADMIN.username, ADMIN.password);
    assert.equal((await first.api('POST', '/user/repos', { auth, body: { name: 'packed', auto_init: true } })).status, 201);
    // a large directory, so each tree of the chain is stored as a delta of the one before
    const names = Array.from({ length: 48 }, (_, i) => `d/${String(i).padStart(2, '0')}-${'x'.repeat(40)}.txt`);
    const answers = await Promise.all(names.map((n, i) => first.api('POST', `/repos/root/packed/contents/${n}`, { auth, body: { content: b64(`file ${i}\n`) } })));
    for (const a of answers) assert.equal(a.status, 201, a.text);
    await first.stop();
    const second = await startHost({ dataDir: first.dataDir });
    try {
      for (const [i, n] of names.entries()) {
        const got = await second.api('GET', `/repos/root/packed/contents/${n}`, { auth });
        assert.equal(got.status, 200, got.text);
        assert.equal(Buffer.from(got.body.content, 'base64').toString(), `file ${i}\n`);
      }
      const log = await second.api('GET', '/repos/root/packed/commits?limit=50&stat=false', { auth });
      assert.equal(log.body.length, 49);
      const repos = path.join(first.dataDir, 'repositories');
      const shard = readdirSync(repos).find((d) => readdirSync(path.join(repos, d)).some((f) => f.endsWith('.git')))!;
      const gitDir = path.join(repos, shard, readdirSync(path.join(repos, shard)).find((f) => f.endsWith('.git'))!);
      const packs = readdirSync(path.join(gitDir, 'objects', 'pack')).filter((f) => f.endsWith('.idx'));
      assert.ok(packs.length >= 1, 'at least one group was written as a pack');
      const env = { ...process.env, GIT_DIR: gitDir };
      execFileSync('git', ['fsck', '--strict', '--no-dangling'], { env });
      const deltas = packs.map((p) => execFileSync('git', ['verify-pack', '-v', path.join(gitDir, 'objects', 'pack', p)], { env, encoding: 'utf8' }));
      assert.ok(deltas.some((v) => /chain length = 1:/.test(v)), 'a tree of a group is stored as a delta of the one before');
    } finally {
      await second.stop();
    }
  });

  test('blobs stored before the writes queue: shared content, a refused write and a rename keep every answer right', async () => {
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'early-blobs', auto_init: true } })).status, 201);
    const r = '/repos/root/early-blobs/contents';
    const readme = await h.api('GET', `${r}/README.md`, { auth: token });
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => h.api('POST', `${r}/same/${i}.txt`, { auth: token, body: { content: b64('same bytes\n') } })),
      // refused after its blob was stored: the file exists
      h.api('POST', `${r}/README.md`, { auth: token, body: { content: b64('refused\n') } }),
    ]);
    for (const a of answers.slice(0, 6)) assert.equal(a.status, 201, a.text);
    assert.equal(answers[6]!.status, 422, answers[6]!.text);
    const shas = new Set(answers.slice(0, 6).map((a) => a.body.content.sha));
    assert.equal(shas.size, 1, 'one blob for the same content');
    // a rename with no new content keeps the old blob; one with content stores the new one
    const moved = await h.api('POST', r, { auth: token, body: { files: [{ operation: 'rename', path: 'moved.md', from_path: 'README.md', sha: readme.body.sha }] } });
    assert.equal(moved.status, 201, moved.text);
    assert.equal(moved.body.files[0].sha, readme.body.sha);
    const dir = path.join(g.dir, 'early-blobs');
    await g.ok(['clone', '-q', withCredentials(`${h.url}/root/early-blobs.git`, ADMIN.username, ADMIN.password), dir]);
    assert.equal((await g.ok(['rev-parse', 'HEAD:same/0.txt'], { cwd: dir })).trim(), [...shas][0]);
    assert.equal((await g.ok(['show', 'HEAD:same/5.txt'], { cwd: dir })), 'same bytes\n');
    assert.equal((await g.ok(['rev-parse', 'HEAD:moved.md'], { cwd: dir })).trim(), readme.body.sha);
    assert.equal((await g.ok(['rev-list', '--count', 'HEAD'], { cwd: dir })).trim(), '8');
    await g.ok(['fsck', '--strict'], { cwd: dir });
  });

  test('groups that follow each other: the branch moves on while the group before still records, events stay in commit order', async () => {
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'waves', auto_init: true } })).status, 201);
    // waves a few ms apart, so a group builds while the one before it records its pushes
    const waves: Promise<{ status: number; sha: string; seen: string }>[] = [];
    for (let w = 0; w < 4; w++) {
      for (let i = 0; i < 12; i++) {
        waves.push(h.api('POST', `/repos/root/waves/contents/w${w}/f${i}.txt`, { auth: token, body: { content: b64(`${w}.${i}\n`) } }).then(async (a) => {
          // the answer comes once its push is recorded: the branch's record holds the commit or a later one
          const branch = await h.api('GET', '/repos/root/waves/branches/main', { auth: token });
          return { status: a.status, sha: a.body?.commit?.sha as string, seen: branch.body.commit.id as string };
        }));
      }
      await new Promise((r) => setTimeout(r, 3));
    }
    const answers = await Promise.all(waves);
    for (const a of answers) assert.equal(a.status, 201);
    const dir = path.join(g.dir, 'waves');
    await g.ok(['clone', '-q', withCredentials(`${h.url}/root/waves.git`, ADMIN.username, ADMIN.password), dir]);
    const oldestFirst = (await g.ok(['rev-list', '--reverse', 'main'], { cwd: dir })).trim().split('\n').slice(1);
    assert.equal(oldestFirst.length, 48);
    const position = new Map(oldestFirst.map((id, i) => [id, i]));
    for (const a of answers) assert.ok(position.get(a.seen)! >= position.get(a.sha)!, `the branch record after the answer for ${a.sha}`);
    const feed = await h.api('GET', '/repos/root/waves/activities/feeds?limit=50', { auth: token });
    assert.equal(feed.status, 200, feed.text);
    const pushed = (feed.body as { id: number; op_type: string; content: string }[])
      .filter((x) => x.op_type === 'commit_repo' && x.content)
      .sort((x, y) => x.id - y.id)
      .map((x) => (JSON.parse(x.content) as { HeadCommit: { Sha1: string } }).HeadCommit.Sha1);
    assert.deepEqual(pushed, oldestFirst, 'one push row per commit, recorded in the order of the history');
  });
});
