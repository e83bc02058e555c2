import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

test('starting the worker thread does not let a young generation kept small grow again', () => {
  // A fresh node process: the young generation of this test process has long since grown.
  const url = (p: string): string => JSON.stringify(new URL(p, import.meta.url).href);
  const script = `
    import v8 from 'node:v8';
    import { keepYoungGenerationSmall } from ${url('../lib/young-generation.ts')};
    import { startWorker } from ${url('./spawn.ts')};
    keepYoungGenerationSmall();
    const worker = startWorker();
    await worker.ping();
    const keep = [];
    for (let i = 0; i < 2e6; i++) { const o = { i, s: 'x' + i }; if (i % 8 === 0) keep.push(o); }
    process.stdout.write(String(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size));
    await worker.stop();`;
  // A script file, not -e: the worker thread inherits node's flags, and --input-type would stop its entry loading.
  const dir = mkdtempSync(path.join(tmpdir(), 'young-generation-'));
  const file = path.join(dir, 'probe.mjs');
  writeFileSync(file, script);
  const r = spawnSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8' });
  rmSync(dir, { recursive: true, force: true });
  assert.equal(r.status, 0, r.stderr);
  assert.ok(Number(r.stdout) <= 4 * 1024 * 1024, `new space ${r.stdout} bytes`);
});
