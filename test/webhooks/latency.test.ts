/**
 * 200 real `git push` runs through the transport to a host whose only hook's target sleeps 10 s per request,
 * side by side with a host without hooks: pushes and API requests take about as long on both (ratios of the
 * medians, no absolute timings). The deliveries the target had received when the pushes ended are printed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { gitSandbox, makeRepo, commitFiles, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { startReceiver, type Receiver } from './receiver.ts';
import { makeHook } from './fixtures.ts';

const PUSHES = Number(process.env.LATENCY_PUSHES ?? 200);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Side {
  h: TestHost;
  token: string;
  local: string;
  remote: string;
  push: number[];
  api: number[];
  last: string;
}

async function side(g: GitSandbox, name: string, target: Receiver | null): Promise<Side> {
  const h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
  const token = await createToken(h, ADMIN.username, ADMIN.password);
  const made = await h.api('POST', '/user/repos', { auth: token, body: { name: 'lat' } });
  assert.equal(made.status, 201, made.text);
  if (target) await makeHook(h, token, '/repos/root/lat/hooks', { type: 'gitea', events: ['push'], config: { url: target.url, content_type: 'json' } });
  const local = path.join(g.dir, name);
  const last = await makeRepo(g, local, { 'README.md': `${name}\n` });
  return { h, token, local, remote: withCredentials(`${h.url}/root/lat.git`, ADMIN.username, token), push: [], api: [], last };
}

/** One commit pushed with the git client, then one API request, each timed. */
async function step(g: GitSandbox, s: Side, n: number): Promise<void> {
  if (n > 0) s.last = await commitFiles(g, s.local, { 'n.txt': `${n}\n` }, `commit ${n}`);
  const t0 = performance.now();
  await g.ok(['push', '-q', s.remote, 'HEAD:refs/heads/main'], { cwd: s.local });
  s.push.push(performance.now() - t0);
  const t1 = performance.now();
  const res = await s.h.api('GET', '/user', { auth: s.token });
  s.api.push(performance.now() - t1);
  assert.equal(res.status, 200);
}

test(`${PUSHES} git pushes with a hook target sleeping 10 s per request, beside a host without hooks`, { timeout: 600_000 }, async () => {
  const slow = await startReceiver({ delayMs: 10_000 });
  const g = await gitSandbox();
  let received: number;
  try {
    // The two hosts take turns, one push each, so they share the same disk and load.
    const sides = [await side(g, 'none', null), await side(g, 'sleepy', slow)] as const;
    try {
      for (let n = 0; n < PUSHES; n++) for (const s of sides) await step(g, s, n);
      received = slow.got.length;
      for (const s of sides) {
        const head = await s.h.api('GET', '/repos/root/lat/branches/main', { auth: s.token });
        assert.equal(head.body?.commit?.id, s.last, 'the last pushed commit is the branch head');
      }
    } finally {
      for (const s of sides) await s.h.stop();
    }
    const [none, sleepy] = sides.map((s) => ({ push: median(s.push), api: median(s.api) }));
    const pushRatio = sleepy!.push / none!.push;
    const apiRatio = sleepy!.api / none!.api;
    console.log(`median git push ms: no hook ${none!.push.toFixed(1)}, sleeping target ${sleepy!.push.toFixed(1)} (ratio ${pushRatio.toFixed(2)})`);
    console.log(`median API ms: no hook ${none!.api.toFixed(2)}, sleeping target ${sleepy!.api.toFixed(2)} (ratio ${apiRatio.toFixed(2)}); deliveries the sleeping target had received when the pushes ended: ${received} of ${PUSHES}`);
    assert.ok(slow.got.length > 0, 'the sleeping target was reached');
    assert.ok(pushRatio <= 2, 'git push with a sleeping target takes about as long as with no hook');
    assert.ok(apiRatio <= 2, 'API latency as without a hook');
  } finally {
    slow.delayMs = 0;
    await slow.close();
    await g.dispose();
  }
});
