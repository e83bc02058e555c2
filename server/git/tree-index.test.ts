import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { parseTree } from './objects.ts';
import { encodeTree } from './tree-build.ts';
import { entryAt, entryCount, findName, spliceTree, treeIndex } from './tree-index.ts';

const idOf = (s: string, format: 'sha1' | 'sha256' = 'sha1'): string => createHash(format).update(s).digest('hex');

/** Names that sort differently as files and as trees ('a' < 'a-b' < 'a.c' < 'a/'), non-ASCII and longer ones. */
const NAMES = ['a', 'a-b', 'a.c', 'a0', 'ab', 'b', 'é', 'z', 'zz.txt', 'Z', '10', '9', 'x y', 'a\u00ff'];

function entries(seed: number, format: 'sha1' | 'sha256'): { name: string; mode: string; id: string }[] {
  const modes = ['100644', '100755', '40000', '120000', '160000'];
  return NAMES.filter((_, i) => (seed >> (i % 10)) & 1 || i % 3 === seed % 3).map((name, i) => ({ name, mode: modes[(i + seed) % modes.length]!, id: idOf(`${name}${seed}`, format) }));
}

for (const format of ['sha1', 'sha256'] as const) {
  test(`tree index finds every entry as the parsed tree does and nothing else (${format})`, () => {
    for (let seed = 0; seed < 40; seed++) {
      const list = entries(seed, format);
      const body = encodeTree(format, list);
      const ix = treeIndex(body, format);
      assert.ok(ix, 'a tree encoded as git does is canonical');
      assert.equal(treeIndex(body, format), ix, 'the index is kept per buffer');
      const parsed = parseTree(body, format);
      assert.equal(entryCount(ix), parsed.length);
      parsed.forEach((e, i) => assert.deepEqual(entryAt(ix, i), e));
      for (const name of [...NAMES, 'a/', '', 'q', 'a-', 'zz']) {
        const want = parsed.findIndex((e) => e.name === name);
        assert.equal(findName(ix, name), want, `${name} in tree ${seed}`);
      }
    }
  });

  test(`spliced trees have the bytes encodeTree gives the edited entries (${format})`, () => {
    for (let seed = 0; seed < 60; seed++) {
      const list = entries(seed, format);
      const ix = treeIndex(encodeTree(format, list), format)!;
      const other = entries(seed * 7 + 3, format);
      // remove some, replace some (a file may become a tree), add some new
      const removed = list.filter((_, i) => (i + seed) % 3 === 0).map((e) => e.name);
      const added = other.filter((e, i) => (i + seed) % 2 === 0 && (!list.some((l) => l.name === e.name) || removed.includes(e.name) || i % 4 === 0));
      const gone = new Set([...removed, ...added.map((e) => e.name)]);
      const positions = [...gone].map((n) => findName(ix, n)).filter((i) => i >= 0);
      const spliced = spliceTree(ix, positions, added);
      const want = encodeTree(format, [...list.filter((e) => !gone.has(e.name)), ...added]);
      assert.deepEqual(spliced.data, want, `tree ${seed}`);
      assert.deepEqual([...spliced.starts], [...treeIndex(Buffer.from(want), format)!.starts], 'the offsets come with the bytes');
      assert.equal(treeIndex(spliced.data, format), spliced);
    }
  });
}

test('trees that are not canonical are not indexed (callers parse them)', () => {
  const id = idOf('x');
  const raw = (...es: [string, string][]): Buffer => Buffer.concat(es.map(([mode, name]) => Buffer.concat([Buffer.from(`${mode} ${name}\0`), Buffer.from(id, 'hex')])));
  assert.equal(treeIndex(raw(['100644', 'b'], ['100644', 'a']), 'sha1'), null, 'out of order');
  assert.equal(treeIndex(raw(['100644', 'a'], ['100644', 'a']), 'sha1'), null, 'a name twice');
  assert.equal(treeIndex(raw(['100664', 'a']), 'sha1'), null, 'a mode git would rewrite');
  assert.equal(treeIndex(raw(['040000', 'a']), 'sha1'), null, 'a zero-padded tree mode');
  assert.equal(treeIndex(raw(['100644', 'a'], ['40000', 'a']), 'sha1'), null, 'a name as a file and as a tree');
  assert.throws(() => treeIndex(Buffer.from('100644 a'), 'sha1'), /malformed/);
  assert.ok(treeIndex(Buffer.alloc(0), 'sha1'), 'the empty tree');
});
