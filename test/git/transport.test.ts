import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials, makeRepo, commitFiles, type GitSandbox } from '../helpers/git.ts';
import type { HookEvent } from '../../server/services/events/bus.ts';
import * as branchStore from '../../server/store/branches.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary payload JSON
type Json = Record<string, any>;

for (const format of ['sha1', 'sha256'] as const) {
  describe(`git over HTTP (${format})`, () => {
    let h: TestHost;
    let g: GitSandbox;
    let token: string;
    const events: HookEvent[] = [];
    const hexLen = format === 'sha1' ? 40 : 64;

    before(async () => {
      h = await startHost();
      h.app.events.listen(async (e) => { events.push(e); });
      g = await gitSandbox();
      token = await createToken(h, ADMIN.username, ADMIN.password);
    });
    after(async () => {
      await g.dispose();
      await h.stop();
    });

    const remote = (name: string) => withCredentials(`${h.url}/${ADMIN.username}/${name}.git`, ADMIN.username, token);

    test('push branches and tags, then clone', async () => {
      const res = await h.api('POST', '/user/repos', { auth: token, body: { name: 'proj', object_format_name: format } });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.object_format_name, format);
      assert.equal(res.body.empty, true);
      const work = path.join(g.dir, 'work');
      const first = await makeRepo(g, work, { 'README.md': '# hi\n', 'src/a.txt': 'a\n' }, format);
      assert.equal(first.length, hexLen);
      await g.ok(['branch', 'dev'], { cwd: work });
      await g.ok(['tag', 'v1'], { cwd: work });
      await g.ok(['tag', '-a', 'v2', '-m', 'annotated'], { cwd: work });
      events.length = 0;
      await g.ok(['push', remote('proj'), 'main', 'dev', 'v1', 'v2'], { cwd: work });

      const repo = await h.api('GET', `/repos/${ADMIN.username}/proj`, { auth: token });
      assert.equal(repo.body.empty, false);
      assert.equal(repo.body.default_branch, 'main');
      const names = (await branchStore.list(h.app.store, repo.body.id)).map((b) => b.name);
      assert.deepEqual(names, ['dev', 'main']);
      const seq = events.map((e) => `${e.name}:${String(e.payload.ref)}`);
      assert.deepEqual(seq, [
        'create:main', 'push:refs/heads/main', 'create:dev', 'push:refs/heads/dev',
        'push:refs/tags/v1', 'create:v1', 'push:refs/tags/v2', 'create:v2',
      ]);
      const push = events[1]!.payload as Json;
      assert.equal(push.after, first);
      assert.equal(push.total_commits, 1);
      assert.equal(push.commits[0].id, first);
      assert.deepEqual(push.commits[0].added.sort(), ['README.md', 'src/a.txt']);
      assert.equal(push.head_commit.id, first);
      assert.equal(push.repository.full_name, `${ADMIN.username}/proj`);
      assert.equal(push.pusher.login, ADMIN.username);

      const clone = path.join(g.dir, 'clone');
      await g.ok(['clone', '-q', `${h.url}/${ADMIN.username}/proj.git`, clone]);
      assert.equal((await g.ok(['rev-parse', 'HEAD'], { cwd: clone })).trim(), first);
      assert.match(await g.ok(['tag'], { cwd: clone }), /v1\nv2/);
    });

    test('force push, update and branch delete', async () => {
      const work = path.join(g.dir, 'work');
      const second = await commitFiles(g, work, { 'src/a.txt': 'changed\n', 'b.txt': 'b\n' }, 'second');
      events.length = 0;
      await g.ok(['push', remote('proj'), 'main'], { cwd: work });
      assert.deepEqual(events.map((e) => e.name), ['push']);
      const p = events[0]!.payload as Json;
      assert.deepEqual(p.commits[0].modified, ['src/a.txt']);
      assert.deepEqual(p.commits[0].added, ['b.txt']);
      assert.match(p.compare_url, /\/compare\//);

      await g.ok(['reset', '-q', '--hard', 'HEAD~1'], { cwd: work });
      const third = await commitFiles(g, work, { 'c.txt': 'c\n' }, 'third');
      events.length = 0;
      await g.ok(['push', '--force', remote('proj'), 'main'], { cwd: work });
      assert.equal((events[0]!.payload as Json).before, second);
      assert.equal((events[0]!.payload as Json).after, third);

      events.length = 0;
      await g.ok(['push', remote('proj'), ':dev'], { cwd: work });
      assert.deepEqual(events.map((e) => `${e.name}:${String(e.payload.ref)}:${String(e.payload.ref_type)}`), ['delete:dev:branch']);
      const repo = await h.api('GET', `/repos/${ADMIN.username}/proj`, { auth: token });
      const branches = await branchStore.list(h.app.store, repo.body.id);
      assert.deepEqual(branches.map((b) => [b.name, b.commit_id]), [['main', third]]);
    });

    test('protocol v2 fetch', async () => {
      const clone = path.join(g.dir, 'clone');
      const r = await g.run(['-c', 'protocol.version=2', 'fetch', 'origin'], { cwd: clone, env: { GIT_TRACE_PACKET: '1' } });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /version 2/);
    });
  });
}
