import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppendLog } from './append-log.ts';

test('appends through the kept handle land in the file a rewrite or delete leaves, also after an idle close', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-log-'));
  try {
    const log = new AppendLog(path.join(dir, 'sub', 'a.log'));
    await Promise.all([log.append({ n: 1 }), log.appendUnsynced({ n: 2 }), log.append({ n: 3 })]);
    await log.rewrite([{ n: 0 }]);
    await log.append({ n: 4 });
    assert.deepEqual(await log.read(), [{ n: 0 }, { n: 4 }], 'no append went to the replaced file');
    await new Promise((r) => setTimeout(r, 250));
    await log.append({ n: 5 });
    assert.deepEqual(await log.read(), [{ n: 0 }, { n: 4 }, { n: 5 }]);
    await log.remove();
    await log.append({ n: 6 });
    assert.equal(await readFile(log.file, 'utf8'), '{"n":6}\n');
    assert.deepEqual(await new AppendLog(log.file).read(), [{ n: 6 }], 'a second reader sees what the first wrote');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a rewrite given a function takes its lines after the appends under way, and later appends follow them', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-log-'));
  try {
    const log = new AppendLog(path.join(dir, 'b.log'));
    const state: number[] = [];
    const add = (n: number) => { state.push(n); return log.appendLagged(20, [{ n }]); };
    const first = add(1);
    // the rewrite is asked for while the lagged append waits; another append comes after it was asked for
    const rewritten = log.rewrite(() => state.map((n) => ({ n })));
    const second = add(2);
    const third = log.rewrite(() => state.map((n) => ({ n, again: true })));
    await Promise.all([first, rewritten, second, third]);
    const lines = await log.read<{ n: number }>();
    assert.deepEqual(lines.map((l) => l.n), [1, 2], 'each record once: the second rewrite saw both');
    await add(3);
    assert.deepEqual((await log.read<{ n: number }>()).map((l) => l.n), [1, 2, 3]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
