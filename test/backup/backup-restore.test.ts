/**
 * Backs up a host while pushes, API ref writes and store writes run, restores it into a new data dir and
 * starts a host there: every write acknowledged before the snapshot point is present, every push is wholly in
 * or wholly out (ref and branch record agree), `git fsck --strict` is clean in every repository, hooks and
 * settings match, and a sealed webhook header still decrypts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHost, createToken, ADMIN, request, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials, commitFiles } from '../helpers/git.ts';
import { restoreArchive } from '../../server/services/backup/archive-read.ts';
import * as issueStore from '../../server/store/issues.ts';
import * as hookStore from '../../server/store/hooks.ts';
import { bareRepos, backupThroughApi, hf, issueFields } from './helpers.ts';
import { until } from '../helpers/until.ts';

interface Ack { at: number; name: string; sha?: string }

test('a backup taken under load restores into a host that serves everything acknowledged before its point', { timeout: 240_000 }, async () => {
  const h = await startHost();
  const g = await gitSandbox();
  const restoredDir = path.join(await mkdtemp(path.join(tmpdir(), 'homeforge-restored-')), 'data');
  let r: TestHost | null = null;
  try {
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    const repo = await h.api('POST', '/user/repos', { auth: token, body: { name: 'busy', auto_init: true } });
    assert.equal(repo.status, 201, repo.text);
    const hook = await h.api('POST', '/repos/root/busy/hooks', {
      auth: token, body: { type: 'gitea', config: { url: 'http://127.0.0.1:9/hook', content_type: 'json' }, authorization_header: 'Bearer sealed-value-42', active: true },
    });
    assert.equal(hook.status, 201, hook.text);
    const setting = await hf(h, 'PATCH', '/admin/settings', token, { 'mirror.MIN_INTERVAL': '17m' });
    assert.equal(setting.status, 200, setting.text);

    const work = path.join(g.dir, 'busy');
    await g.ok(['clone', '-q', withCredentials(`${h.url}/root/busy.git`, ADMIN.username, ADMIN.password), work]);
    const pushes: Ack[] = [];
    const branches: Ack[] = [];
    const issues: Ack[] = [];
    let stop = false;
    const pushLoop = (async () => {
      for (let i = 0; !stop; i++) {
        const sha = await commitFiles(g, work, { [`f${i}.txt`]: `change ${i}\n` }, `change ${i}`);
        await g.ok(['push', '-q', 'origin', 'main'], { cwd: work });
        pushes.push({ at: Date.now(), name: `change ${i}`, sha });
      }
    })();
    const branchLoop = (async () => {
      for (let i = 0; !stop; i++) {
        const res = await h.api('POST', '/repos/root/busy/branches', { auth: token, body: { new_branch_name: `b${i}`, old_ref_name: 'main' } });
        assert.equal(res.status, 201, res.text);
        branches.push({ at: Date.now(), name: `b${i}`, sha: res.body.commit.id as string });
      }
    })();
    const issueLoop = (async () => {
      for (let i = 0; !stop; i++) {
        const rec = await issueStore.insert(h.app.store, repo.body.id as number, () => issueFields(1, `issue ${i}`));
        issues.push({ at: Date.now(), name: rec.title });
        await new Promise((res) => setTimeout(res, 2));
      }
    })();
    // At least 1.5 s of load, and each kind of write seen, before the backup starts (a busy machine pushes slowly).
    await new Promise((res) => setTimeout(res, 1500));
    await until(async () => (pushes.length >= 1 && branches.length >= 1 && issues.length >= 5 ? true : undefined), 'the load to start');
    const backup = await backupThroughApi(h, token, { include_secrets: true, passphrase: 'correct horse battery' });
    await new Promise((res) => setTimeout(res, 500));
    await until(async () => (pushes.length >= 2 && branches.length >= 2 && issues.length >= 10 ? true : undefined), 'the load to go on after the backup');
    stop = true;
    await Promise.all([pushLoop, branchLoop, issueLoop]);
    assert.ok(pushes.length >= 2 && branches.length >= 2 && issues.length >= 10, `load ran: ${pushes.length} pushes, ${branches.length} branches, ${issues.length} issues`);

    const settingsBefore = (await hf(h, 'GET', '/admin/settings', token)).body;
    const hooksBefore = (await h.api('GET', '/repos/root/busy/hooks', { auth: token })).body;
    // The archive lives in the old host's data dir: restore it before that host goes away.
    const restored = await restoreArchive(backup.file, restoredDir, { passphrase: 'correct horse battery' });
    await h.stop();
    const point = Date.parse(restored.manifest.point.started);
    assert.ok(restored.secretsRestored);
    const fixed = Date.parse(restored.manifest.point.fixed);
    assert.ok(branches.some((b) => b.at > fixed) && issues.some((i) => i.at > fixed), 'writes went on after the point: the host ran during the backup');
    assert.ok(backup.progressSeen || Number(backup.last.duration_ms) < 400, 'progress was readable while the backup ran');
    r = await startHost({ dataDir: restoredDir, keepData: true });
    const rt = await createToken(r, ADMIN.username, ADMIN.password);

    // every repository is whole
    const repos = await bareRepos(restoredDir);
    assert.ok(repos.length >= 1);
    for (const dir of repos) {
      const fsck = await g.run(['--git-dir', dir, 'fsck', '--strict', '--no-dangling']);
      assert.equal(fsck.code, 0, `fsck ${dir}: ${fsck.stderr}`);
    }
    // pushes: everything acknowledged before the point is in; main (ref and record alike) is one of the pushed commits
    const mainRef = (await g.ok(['--git-dir', repos.find((d) => d.length > 0)!, 'rev-parse', 'refs/heads/main'])).trim();
    const mainRecord = await r.api('GET', '/repos/root/busy/branches/main', { auth: rt });
    assert.equal(mainRecord.body.commit.id, mainRef, 'the branch record and the ref agree');
    const before = pushes.filter((p) => p.at < point);
    const at = pushes.findIndex((p) => p.sha === mainRef);
    assert.ok(at >= before.length - 1 && (before.length === 0 || at >= 0), `main ${mainRef} is the last push acknowledged before the point or a later one`);
    // API branch writes: acknowledged before the point are there; any branch there has its record
    for (const b of branches) {
      const got = await r.api('GET', `/repos/root/busy/branches/${b.name}`, { auth: rt });
      if (b.at < point) assert.equal(got.status, 200, `branch ${b.name} acknowledged before the point`);
      if (got.status === 200) assert.equal(got.body.commit.id, b.sha);
    }
    // store writes
    const restoredIssues = await issueStore.list(r.app.store, repo.body.id as number, { state: 'all' });
    const titles = new Set(restoredIssues.rows.map((i) => i.title));
    for (const i of issues.filter((x) => x.at < point)) assert.ok(titles.has(i.name), `${i.name} acknowledged before the point`);
    // hooks, settings and the sealed header
    assert.deepEqual((await r.api('GET', '/repos/root/busy/hooks', { auth: rt })).body, hooksBefore);
    assert.deepEqual((await hf(r, 'GET', '/admin/settings', rt)).body, settingsBefore);
    const [stored] = await hookStore.list(r.app.store, (x) => x.repo_id === repo.body.id);
    assert.equal(r.app.secrets.decrypt(stored!.authorization), 'Bearer sealed-value-42');
    // and the restored host serves a clone
    const clone = await g.run(['clone', '-q', withCredentials(`${r.url}/root/busy.git`, ADMIN.username, ADMIN.password), path.join(g.dir, 'again')]);
    assert.equal(clone.code, 0, clone.stderr);
    const download = await request(r.url, 'GET', '/api/homeforge/admin/backups', { auth: rt });
    assert.equal(download.status, 200);
  } finally {
    await r?.stop();
    await h.stop().catch(() => undefined);
    await g.dispose();
    await rm(path.dirname(restoredDir), { recursive: true, force: true });
  }
});
