import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RefEntry } from '../../git/read.ts';
import { hasRefUnder, nestedRefName, patchSorted, RefLookup, sortByName } from './sorted-refs.ts';

const ref = (name: string, id = 'a'): RefEntry => ({ name, id, type: 'commit', peeled: id, time: 0 });
const names = (refs: readonly RefEntry[]): string[] => refs.map((r) => r.name);

test('patchSorted inserts, replaces and removes in order, leaving the input alone', () => {
  const base = sortByName([ref('refs/heads/b'), ref('refs/heads/a'), ref('refs/tags/v1'), ref('refs/heads/c/d')]);
  const out = patchSorted(base, [
    { name: 'refs/heads/aa', entry: ref('refs/heads/aa') },
    { name: 'refs/heads/b', entry: ref('refs/heads/b', 'b') },
    { name: 'refs/tags/v1', entry: null },
    { name: 'refs/heads/zz', entry: null },
    { name: 'refs/heads/0', entry: ref('refs/heads/0') },
  ]);
  assert.deepEqual(names(out), ['refs/heads/0', 'refs/heads/a', 'refs/heads/aa', 'refs/heads/b', 'refs/heads/c/d']);
  assert.equal(out.find((r) => r.name === 'refs/heads/b')!.id, 'b');
  assert.deepEqual(names(base), ['refs/heads/a', 'refs/heads/b', 'refs/heads/c/d', 'refs/tags/v1']);
  assert.deepEqual(names(out), names(sortByName([...out])));
});

test('patchSorted gives one answer for few changes and many (one merge pass), the last change of a name winning', () => {
  const base = sortByName(Array.from({ length: 40 }, (_, i) => ref(`refs/heads/b${i}`)));
  const changes = [
    ...Array.from({ length: 12 }, (_, i) => ({ name: `refs/heads/n${i}`, entry: ref(`refs/heads/n${i}`) })),
    { name: 'refs/heads/b3', entry: null },
    { name: 'refs/heads/b4', entry: ref('refs/heads/b4', 'x') },
    { name: 'refs/heads/n5', entry: null },
    { name: 'refs/heads/b4', entry: ref('refs/heads/b4', 'y') },
    { name: 'refs/heads/gone', entry: null },
  ];
  const merged = patchSorted(base, changes);
  let stepped: readonly RefEntry[] = base;
  for (const c of changes) stepped = patchSorted(stepped, [c]);
  assert.deepEqual(merged, stepped);
  assert.deepEqual(names(merged), names(sortByName([...merged])));
  assert.equal(merged.length, 40 - 1 + 12 - 1);
  assert.equal(merged.find((r) => r.name === 'refs/heads/b4')!.id, 'y');
  assert.equal(base.length, 40);
  assert.equal(patchSorted(base, [{ name: 'refs/heads/none', entry: null }]), base);
});

test('RefLookup finds exact names only; hasRefUnder finds a name below a prefix', () => {
  const refs = sortByName(['refs/heads/a', 'refs/heads/a-b', 'refs/heads/c/d', 'refs/tags/a'].map((n) => ref(n)));
  const look = new RefLookup(refs);
  assert.equal(look.get('refs/heads/a')?.name, 'refs/heads/a');
  assert.equal(look.has('refs/heads/c'), false);
  assert.equal(look.has('refs/heads/zzz'), false);
  assert.equal(hasRefUnder(refs, 'refs/heads/c/'), true);
  assert.equal(hasRefUnder(refs, 'refs/heads/a/'), false);
  assert.equal(hasRefUnder(refs, 'refs/heads/z/'), false);
});

test('nestedRefName finds what a scan of the branch names in order finds first', () => {
  const all = ['a', 'a-b', 'a/b/c', 'a/bc', 'c/d', 'c/d/e', 'x', 'x/y', 'zz/q'];
  const refs = sortByName([...all.map((n) => ref(`refs/heads/${n}`)), ref('refs/tags/t/u')]);
  const scan = (name: string): string | undefined => all.find((b) => b.startsWith(`${name}/`) || name.startsWith(`${b}/`));
  for (const name of ['a', 'a/b', 'a/b/c/d', 'c', 'c/d/e/f', 'x/y/z', 'zz', 'zz/q/r', 'q', 'a-b/c', 't', 'new/branch']) {
    assert.equal(nestedRefName(refs, 'refs/heads/', name), scan(name), name);
  }
});
