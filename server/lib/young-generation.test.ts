import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { BUSY_CHECKS, BUSY_UTILIZATION, CALM_CHECKS, CALM_UTILIZATION, nextLoadState, type LoadState } from './young-generation.ts';

// Each case runs in a fresh node process: the young generation of this test process has long since grown.
const probe = (body: string): number => {
  const script = `
    import v8 from 'node:v8';
    import { Worker } from 'node:worker_threads';
    import { keepYoungGenerationSmall, reassertYoungGeneration } from ${JSON.stringify(new URL('./young-generation.ts', import.meta.url).href)};
    const churn = () => { const keep = []; for (let i = 0; i < 2e6; i++) { const o = { i, s: 'x' + i }; if (i % 8 === 0) keep.push(o); } return keep.length; };
    ${body}
    churn();
    process.stdout.write(String(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size));`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return Number(r.stdout) / (1024 * 1024);
};

const workerUp = `await new Promise((resolve) => { const w = new Worker('', { eval: true }); w.once('online', () => { reassertYoungGeneration(); w.once('exit', resolve); }); });`;

test('the young generation stays at its starting size once kept small', () => {
  assert.ok(probe('keepYoungGenerationSmall();') <= 4);
});

test('a worker thread starting does not let it grow again when the factor is set again', () => {
  assert.ok(probe(`keepYoungGenerationSmall(); ${workerUp}`) <= 4);
});

test('without it V8 grows the young generation under the same allocation', () => {
  assert.ok(probe(workerUp) > 4);
});

const states = (checks: number[], s: LoadState = { busy: false, run: 0 }): boolean[] => checks.map((u) => (s = nextLoadState(s, u)).busy);

test('the load is on after busy checks in a row, and off after calm checks in a row', () => {
  const busy = Array<number>(BUSY_CHECKS).fill(BUSY_UTILIZATION);
  const calm = Array<number>(CALM_CHECKS).fill(CALM_UTILIZATION - 0.01);
  assert.deepEqual(states([...busy, ...calm]), [...Array(BUSY_CHECKS - 1).fill(false), true, ...Array(CALM_CHECKS - 1).fill(true), false]);
  // a lone busy second (a start-up, one large request) is no load; a middling one keeps a load on
  assert.deepEqual(states([0.9, 0.1, 0.9, 0.1]), [false, false, false, false]);
  assert.deepEqual(states([...busy, 0.1, 0.3, 0.1, 0.1]), [...busy.map((_, i) => i === BUSY_CHECKS - 1), true, true, true, true]);
});

test('under load the young generation grows; once calm and allocating little it shrinks back and stays small', () => {
  const script = `
    import v8 from 'node:v8';
    import { keepYoungGenerationSmall, followLoad } from ${JSON.stringify(new URL('./young-generation.ts', import.meta.url).href)};
    import { fullCollection } from ${JSON.stringify(new URL('./idle-trim.ts', import.meta.url).href)};
    const size = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576;
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    let keep = [];
    const churn = () => { for (let i = 0; i < 2e5; i++) { const o = { i, s: 'x' + i }; if (i % 8 === 0) keep.push(o); } keep = keep.slice(-5000); };
    keepYoungGenerationSmall();
    const stop = followLoad(50);
    const end = Date.now() + 1500;
    while (Date.now() < end) { churn(); await new Promise((r) => setImmediate(r)); }
    const loaded = size();
    keep = [];
    // an idle host still allocates a little (timers, a probe now and then)
    const tick = setInterval(() => keep.push({ t: Date.now(), s: 'y'.repeat(100) }), 50);
    await sleep(7000);
    clearInterval(tick);
    fullCollection()();
    const after = size();
    for (let i = 0; i < 10; i++) churn();
    process.stdout.write(JSON.stringify([loaded, after, size()]));
    stop();`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const [loaded, after, again] = JSON.parse(r.stdout) as number[];
  assert.ok(loaded! > 4, `under load: ${loaded} MiB`);
  assert.ok(after! <= 2, `after the load: ${after} MiB`);
  assert.ok(again! <= 4, `allocating again while calm: ${again} MiB`);
});
