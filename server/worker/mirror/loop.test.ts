import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MirrorLoop } from './loop.ts';
import { diffRefs } from './run.ts';
import { maskSecrets } from './mask.ts';
import type { FromWorker, MirrorJob, MirrorResult } from '../protocol.ts';

const job = (id: number, maxConcurrent = 2): MirrorJob => ({
  id, kind: 'pull', gitDir: '/x', url: 'http://h/r.git', auth: null, prune: true, timeoutMs: 1000, maxConcurrent,
});

/** A loop whose jobs finish when the test says so. */
function harness() {
  const sent: FromWorker[] = [];
  const open = new Map<number, () => void>();
  let running = 0;
  let peak = 0;
  const loop = new MirrorLoop((m) => sent.push(m), (j) => new Promise<MirrorResult>((resolve) => {
    running += 1;
    peak = Math.max(peak, running);
    open.set(j.id, () => {
      running -= 1;
      resolve({ id: j.id, ok: true, error: '', changes: [], objectFormat: null, headBranch: null });
    });
  }));
  const finish = async (id: number) => { open.get(id)!(); open.delete(id); await new Promise((r) => setImmediate(r)); };
  return { loop, sent, open, finish, peak: () => peak };
}

test('at most maxConcurrent jobs run at once; the rest wait their turn in order', async () => {
  const h = harness();
  for (let i = 1; i <= 5; i++) h.loop.receive(job(i));
  assert.deepEqual([...h.open.keys()], [1, 2]);
  await h.finish(2);
  assert.deepEqual([...h.open.keys()], [1, 3]);
  await h.finish(1);
  await h.finish(3);
  await h.finish(4);
  await h.finish(5);
  assert.equal(h.peak(), 2);
  assert.deepEqual(h.sent.map((m) => m.type === 'mirror-result' && m.result.id), [2, 1, 3, 4, 5]);
});

test('a paused loop starts nothing until resumed', async () => {
  const h = harness();
  h.loop.pause();
  h.loop.receive(job(1));
  assert.equal(h.open.size, 0);
  h.loop.resume();
  assert.deepEqual([...h.open.keys()], [1]);
  await h.finish(1);
  assert.equal(h.sent.length, 1);
});

test('ref changes: created, updated and deleted refs, with the zero id for absent', () => {
  const z = '0'.repeat(40);
  const a = 'a'.repeat(40);
  const b = 'b'.repeat(40);
  const before = new Map([['refs/heads/main', a], ['refs/heads/old', a], ['refs/tags/v1', a]]);
  const after = new Map([['refs/heads/main', b], ['refs/heads/new', b], ['refs/tags/v1', a]]);
  assert.deepEqual(diffRefs(before, after, z), [
    { ref: 'refs/heads/main', oldSha: a, newSha: b },
    { ref: 'refs/heads/new', oldSha: z, newSha: b },
    { ref: 'refs/heads/old', oldSha: a, newSha: z },
  ]);
});

test('credentials are masked in URLs and wherever the password appears', () => {
  const text = "fatal: unable to access 'https://user:s3cret-pass@example.com/r.git/': s3cret-pass rejected";
  assert.equal(maskSecrets(text, ['s3cret-pass']), "fatal: unable to access 'https://user:******@example.com/r.git/': ****** rejected");
});
