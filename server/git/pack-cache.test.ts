import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isCloneRequest, PackCache } from './pack-cache.ts';
import { pktLine, FLUSH, PktReader } from './pkt-line.ts';

const ID = 'a'.repeat(40);
const v2 = (...lines: string[]): Buffer => Buffer.concat([pktLine('command=fetch\n'), pktLine('agent=git/2.39.5\n'), Buffer.from('0001'), ...lines.map((l) => pktLine(`${l}\n`)), FLUSH]);

test('the pkt-line reader gives delimiter and response-end packets', () => {
  const kinds = new PktReader().push(Buffer.concat([pktLine('a'), Buffer.from('00010002'), FLUSH])).map((p) => p.kind);
  assert.deepEqual(kinds, ['data', 'delim', 'end', 'flush']);
});

test('only a clone request (wants and done, no have) is cacheable, in protocol v0 and v2', () => {
  assert.equal(isCloneRequest(v2('thin-pack', `want ${ID}`, 'done')), true);
  assert.equal(isCloneRequest(v2(`want ${ID}`, `have ${'b'.repeat(40)}`, 'done')), false);
  assert.equal(isCloneRequest(v2(`want ${ID}`)), false, 'a negotiation round without done');
  assert.equal(isCloneRequest(Buffer.concat([pktLine('command=ls-refs\n'), FLUSH])), false);
  assert.equal(isCloneRequest(Buffer.concat([pktLine(`want ${ID} ofs-delta side-band-64k\n`), FLUSH, pktLine('done\n')])), true);
  assert.equal(isCloneRequest(Buffer.from('zzzz')), false);
});

test('stored plus in-flight bytes stay within the bound; the oldest-used entry goes first', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'pack-cache-'));
  try {
    const cache = new PackCache(dir, 1000);
    const put = async (key: string, size: number): Promise<void> => {
      const w = await cache.writer(key);
      w.write(Buffer.alloc(size, 1));
      await w.commit();
    };
    const k = (c: string): string => c.repeat(64);
    await put(k('a'), 400);
    await put(k('b'), 400);
    assert.ok(await cache.open(k('a')), 'a is stored');
    await put(k('c'), 400);
    const names = (await readdir(dir)).sort();
    assert.deepEqual(names, [`${k('a')}.pack`, `${k('c')}.pack`], 'b, the least recently used, was deleted');
    assert.equal(cache.storedBytes(), 800);
    // An answer larger than the bound is not stored; a discarded one leaves no file.
    await put(k('d'), 1001);
    const w = await cache.writer(k('e'));
    w.write(Buffer.alloc(10));
    await w.discard();
    const after = await readdir(dir);
    assert.ok(!after.some((n) => n.startsWith('tmp-') || n.startsWith(k('d')) || n.startsWith(k('e'))), after.join(' '));
    let total = 0;
    for (const n of after) total += (await stat(path.join(dir, n))).size;
    assert.ok(total <= 1000, `${total} bytes on disk`);
    assert.equal(await cache.open(k('d')), null);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
