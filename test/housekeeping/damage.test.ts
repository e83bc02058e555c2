// A damaged repository (a truncated pack, a missing object) is detected, reported in its record and the host
// log, and left alone by maintenance.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile, rename, rm, stat, truncate } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { gitSandbox, makeRepo, commitFiles, type GitSandbox } from '../helpers/git.ts';
import { ADMIN, eventually, startHkHost, upkeepIdle, type HkHost } from './helpers.ts';

/** Pushes a repository of a few commits and packs it; answers its id and bare directory. */
async function pushed(k: HkHost, g: GitSandbox, name: string): Promise<{ id: number; gitDir: string }> {
  const id = (await k.h.api('POST', '/user/repos', { auth: k.token, body: { name } })).body.id as number;
  const work = path.join(g.dir, name);
  await makeRepo(g, work, { 'README.md': `${name}\n` });
  for (let i = 0; i < 5; i++) await commitFiles(g, work, { [`f${i}.txt`]: `${name} ${i}\n`.repeat(200) }, `c${i}`);
  await g.ok(['push', '-q', k.url(name), 'HEAD:refs/heads/main'], { cwd: work });
  const kept = await k.hf('POST', `/repos/${ADMIN.username}/${name}/health`);
  assert.equal(kept.body.health, 'ok');
  assert.equal(kept.body.loose_objects, 0);
  return { id, gitDir: await k.gitDir(name) };
}

async function truncatePack(gitDir: string): Promise<string> {
  const dir = path.join(gitDir, 'objects', 'pack');
  const packs = (await readdir(dir)).filter((n) => n.endsWith('.pack'));
  const sizes = await Promise.all(packs.map(async (n) => (await stat(path.join(dir, n))).size));
  const biggest = packs[sizes.indexOf(Math.max(...sizes))]!;
  await truncate(path.join(dir, biggest), Math.floor(Math.max(...sizes) / 2));
  return biggest;
}

/** Every file of the object store with its bytes, to show nothing was changed. */
async function snapshot(gitDir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else out.set(path.relative(gitDir, p), (await readFile(p)).toString('base64'));
    }
  };
  await walk(path.join(gitDir, 'objects'));
  return out;
}

describe('damaged repositories', () => {
  let k: HkHost;
  let g: GitSandbox;
  before(async () => {
    k = await startHkHost({ 'housekeeping.DEBOUNCE': '20ms' });
    g = await gitSandbox();
  });
  after(async () => {
    await k.h.stop();
    await g.dispose();
  });

  test('a truncated pack is found by the scheduled health check, reported, and left as it is', async () => {
    const { id, gitDir } = await pushed(k, g, 'cut');
    const pack = await truncatePack(gitDir);
    assert.equal((await k.h.api('POST', '/admin/cron/repo_health_check', { auth: k.token })).status, 204);
    const h = await eventually(async () => {
      const r = (await k.hf('GET', `/repos/${ADMIN.username}/cut/health`)).body;
      return r.health === 'damaged' ? r : undefined;
    }, 'the damage to be recorded');
    assert.ok(h.problems.length > 0 && h.damaged_since, JSON.stringify(h));
    assert.match(h.problems.join('\n'), new RegExp(pack.slice(0, 12)));
    assert.ok(k.lines.some((l) => l.includes('[ERROR]') && l.includes('repository is damaged') && l.includes(`"repo_id":${id}`)), 'the host log says so');

    // Scheduled gc and upkeep on demand change nothing in a damaged repository.
    await upkeepIdle(k, id);
    const before = await snapshot(gitDir);
    assert.equal((await k.h.api('POST', '/admin/cron/git_gc_repos', { auth: k.token })).status, 204);
    await eventually(async () => {
      const cron = (await k.h.api('GET', '/admin/cron', { auth: k.token })).body as { name: string; exec_times: number }[];
      return cron.find((t) => t.name === 'git_gc_repos')!.exec_times >= 1;
    }, 'the gc task to start');
    await upkeepIdle(k, id);
    const again = await k.hf('POST', `/repos/${ADMIN.username}/cut/health`);
    assert.equal(again.body.health, 'damaged');
    assert.deepEqual(await snapshot(gitDir), before);
  });

  test('a missing object is found when a clone makes git complain, without any schedule', async () => {
    const { gitDir } = await pushed(k, g, 'holes');
    const blob = (await g.ok(['rev-parse', 'main:f3.txt'], { env: { GIT_DIR: gitDir } })).trim();
    // Unpack everything loose (from packs moved out of the repository), then delete one blob.
    const packDir = path.join(gitDir, 'objects', 'pack');
    for (const n of (await readdir(packDir)).filter((x) => x.endsWith('.pack'))) {
      const moved = path.join(g.dir, n);
      await rename(path.join(packDir, n), moved);
      const r = spawnSync('git', ['unpack-objects', '-q'], { env: { ...process.env, GIT_DIR: gitDir }, input: await readFile(moved) });
      assert.equal(r.status, 0, r.stderr.toString());
    }
    for (const n of await readdir(packDir)) await rm(path.join(packDir, n), { force: true });
    await rm(path.join(gitDir, 'objects', blob.slice(0, 2), blob.slice(2)));
    const clone = await g.run(['clone', '-q', '--bare', k.url('holes'), path.join(g.dir, 'holes-clone')]);
    assert.notEqual(clone.code, 0, 'the clone fails');
    const h = await eventually(async () => {
      const r = (await k.hf('GET', `/repos/${ADMIN.username}/holes/health`)).body;
      return r.health === 'damaged' ? r : undefined;
    }, 'the damage to be recorded');
    assert.match(h.problems.join('\n'), new RegExp(blob));
  });
});
