/**
 * `npm run admin -- backup` on the data dir of a running host: the host takes the backup itself (through its
 * control file), while pushes go on; the archive restores with the command line into a host that serves it.
 * The internal endpoint refuses a request without the control token.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHost, createToken, ADMIN } from '../helpers/host.ts';
import { gitSandbox, makeRepo, commitFiles, withCredentials } from '../helpers/git.ts';
import { readControl, MANAGER_BACKUP_PATH } from '../../server/lib/control-file.ts';
import { runCli } from './helpers.ts';

test('the command line backs up a running host through it, while pushes go on; the archive restores', { timeout: 300_000 }, async () => {
  const h = await startHost();
  const g = await gitSandbox();
  const scratch = await mkdtemp(path.join(tmpdir(), 'homeforge-cli-running-'));
  let restored: Awaited<ReturnType<typeof startHost>> | undefined;
  try {
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'busy' } })).status, 201);
    const work = path.join(g.dir, 'busy');
    const remote = withCredentials(`${h.url}/root/busy.git`, ADMIN.username, token);
    await makeRepo(g, work, { 'README.md': 'busy\n' });
    await g.ok(['push', '-q', remote, 'main'], { cwd: work });

    // The control file: the host's address and a token, readable by the owner only.
    const control = readControl(h.dataDir);
    assert.ok(control);
    assert.equal(control.url, h.url);
    const refused = await fetch(`${h.url}${MANAGER_BACKUP_PATH}`, { method: 'POST', headers: { authorization: 'Bearer wrong', 'content-type': 'application/json' }, body: '{"out":"/tmp/x"}' });
    assert.equal(refused.status, 401);
    assert.match(((await refused.json()) as { message: string }).message, /control token/);

    // Pushes keep going while the command line's backup runs.
    let pushing = true;
    const pushed: string[] = [];
    const loop = (async () => {
      for (let n = 0; pushing && n < 50; n++) {
        const sha = await commitFiles(g, work, { 'n.txt': `${n}\n` }, `push ${n}`);
        await g.ok(['push', '-q', remote, 'main'], { cwd: work });
        pushed.push(sha);
      }
    })();
    const out = path.join(scratch, 'running.tar.gz');
    const r = await runCli(['backup', '--out', out, '--data', h.dataDir]);
    pushing = false;
    await loop;
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stderr, /a host is running on this data dir/);
    assert.match(r.stdout, /backup written to .*running\.tar\.gz/);
    assert.ok(existsSync(out));
    // The host went on serving: a push after the backup works.
    await commitFiles(g, work, { 'after.txt': 'after\n' }, 'after the backup');
    await g.ok(['push', '-q', remote, 'main'], { cwd: work });

    const target = path.join(scratch, 'restored');
    const rr = await runCli(['restore', '--from', out, '--data', target]);
    assert.equal(rr.code, 0, rr.stdout + rr.stderr);
    restored = await startHost({ dataDir: target });
    const branch = await restored.api('GET', '/repos/root/busy/branches/main', { auth: [ADMIN.username, ADMIN.password] });
    assert.equal(branch.status, 200, branch.text);
    // The restored branch is one the loop pushed (or the first push): wholly in the backup, with its commit.
    const head = (branch.body as { commit: { id: string } }).commit.id;
    const clone = path.join(g.dir, 'restored-clone');
    await g.ok(['clone', '-q', withCredentials(`${restored.url}/root/busy.git`, ADMIN.username, ADMIN.password), clone]);
    assert.equal((await g.ok(['rev-parse', 'HEAD'], { cwd: clone })).trim(), head);
    await g.ok(['fsck', '--strict'], { cwd: clone });
  } finally {
    await restored?.stop();
    await h.stop();
    await g.dispose();
    await rm(scratch, { recursive: true, force: true });
  }
});

test('the control file goes when the host closes', async () => {
  const h = await startHost({ keepData: true });
  assert.ok(readControl(h.dataDir));
  await h.stop();
  assert.equal(readControl(h.dataDir), null);
  await rm(h.dataDir, { recursive: true, force: true });
});
