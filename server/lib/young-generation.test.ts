import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

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
