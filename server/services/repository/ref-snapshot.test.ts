import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RefEntry } from '../../git/read.ts';
import { mergeChanges, sortByName, type RefChange } from './sorted-refs.ts';
import { RefSnapshot } from './ref-snapshot.ts';

const ref = (name: string, id = 'a'): RefEntry => ({ name, id, type: 'commit', peeled: id, time: 0 });
const names = (refs: readonly RefEntry[]): string[] => refs.map((r) => r.name);

/** The plain model: a map of names, sorted on demand. */
class Model {
  readonly refs = new Map<string, RefEntry>();
  apply(c: RefChange): void {
    if (c.entry) this.refs.set(c.name, c.entry);
    else this.refs.delete(c.name);
  }
  sorted(): RefEntry[] {
    return sortByName([...this.refs.values()]);
  }
  nested(dir: string, name: string): string | undefined {
    const all = this.sorted().filter((r) => r.name.startsWith(dir)).map((r) => r.name.slice(dir.length));
    return all.find((b) => b.startsWith(`${name}/`) || name.startsWith(`${b}/`));
  }
}

test('mergeChanges inserts, replaces and removes in order, the last change of a name winning, leaving the input alone', () => {
  const base = sortByName([ref('refs/heads/b'), ref('refs/heads/a'), ref('refs/tags/v1'), ref('refs/heads/c/d')]);
  const out = mergeChanges(base, [
    { name: 'refs/heads/aa', entry: ref('refs/heads/aa') },
    { name: 'refs/heads/b', entry: ref('refs/heads/b', 'x') },
    { name: 'refs/tags/v1', entry: null },
    { name: 'refs/heads/zz', entry: null },
    { name: 'refs/heads/b', entry: ref('refs/heads/b', 'y') },
  ]);
  assert.deepEqual(names(out), ['refs/heads/a', 'refs/heads/aa', 'refs/heads/b', 'refs/heads/c/d']);
  assert.equal(out.find((r) => r.name === 'refs/heads/b')!.id, 'y');
  assert.deepEqual(names(base), ['refs/heads/a', 'refs/heads/b', 'refs/heads/c/d', 'refs/tags/v1']);
});

test('a snapshot patched write by write answers like the plain model, before and after its changes are merged', () => {
  const model = new Model();
  const start = Array.from({ length: 300 }, (_, i) => ref(`refs/heads/b${i}`));
  for (const r of start) model.apply({ name: r.name, entry: r });
  let snap = RefSnapshot.of(sortByName([...start]), 'refs/heads/b0');
  const kept: [RefSnapshot, string[]][] = [];
  let seed = 7;
  const rand = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  for (let step = 0; step < 400; step++) {
    const name = [`refs/heads/b${rand(350)}`, `refs/heads/n/${rand(40)}`, `refs/heads/n`, `refs/tags/t${rand(20)}`][rand(4)]!;
    const change = { name, entry: rand(3) === 0 ? null : ref(name, String(step)) };
    model.apply(change);
    snap = snap.patched([change]);
    if (step % 7 === 0) assert.equal(snap.refs.length, snap.size); // some snapshots are listed (merged) between writes, most are not
    if (step % 50 === 0) kept.push([snap, names(model.sorted())]);
    assert.equal(snap.size, model.refs.size, `size after step ${step}`);
    assert.equal(snap.byName.get(name)?.id, model.refs.get(name)?.id);
    for (const dir of ['refs/heads/', 'refs/tags/']) {
      for (const n of ['n', 'n/3', 'n/3/x', 'b1', 'q']) assert.equal(snap.nestedRefName(dir, n), model.nested(dir, n), `${dir}${n} at step ${step}`);
    }
    assert.equal(snap.hasRefUnder('refs/heads/n/'), [...model.refs.keys()].some((k) => k.startsWith('refs/heads/n/')));
  }
  assert.deepEqual(names(snap.refs), names(model.sorted()));
  assert.equal(snap.refs.length, snap.size);
  // snapshots handed out earlier never change
  for (const [old, expected] of kept) assert.deepEqual(names(old.refs), expected);
  assert.equal(snap.withHead('refs/heads/n').head, 'refs/heads/n');
  assert.equal(snap.head, 'refs/heads/b0');
});

test('deleting a ref that does not exist gives the same snapshot; a lookup finds exact names only', () => {
  const snap = RefSnapshot.of(sortByName(['refs/heads/a', 'refs/heads/a-b', 'refs/heads/c/d'].map((n) => ref(n))), null);
  assert.equal(snap.patched([{ name: 'refs/heads/none', entry: null }]), snap);
  assert.equal(snap.byName.has('refs/heads/c'), false);
  assert.equal(snap.byName.get('refs/heads/a')?.name, 'refs/heads/a');
  assert.equal(snap.hasRefUnder('refs/heads/c/'), true);
  assert.equal(snap.hasRefUnder('refs/heads/a/'), false);
  const gone = snap.patched([{ name: 'refs/heads/c/d', entry: null }]);
  assert.equal(gone.hasRefUnder('refs/heads/c/'), false);
  assert.equal(gone.size, 2);
  assert.equal(snap.size, 3);
});

test('patching an older snapshot forks it: neither branch sees the other\'s changes', () => {
  const s1 = RefSnapshot.of(sortByName(Array.from({ length: 100 }, (_, i) => ref(`refs/heads/b${i}`))), null);
  const s2 = s1.patched([{ name: 'refs/heads/x', entry: ref('refs/heads/x') }]);
  const s3 = s1.patched([{ name: 'refs/heads/y', entry: ref('refs/heads/y') }, { name: 'refs/heads/b1', entry: null }]);
  const s4 = s2.patched([{ name: 'refs/heads/z', entry: ref('refs/heads/z') }]);
  assert.equal(s2.byName.has('refs/heads/y'), false);
  assert.equal(s3.byName.has('refs/heads/x'), false);
  assert.equal(s3.byName.has('refs/heads/b1'), false);
  assert.equal(s4.byName.has('refs/heads/b1'), true);
  assert.deepEqual([s1.size, s2.size, s3.size, s4.size], [100, 101, 100, 102]);
  assert.equal(s1.refs.length, 100);
  assert.equal(s2.refs.length, 101);
  assert.equal(s4.refs.length, 102);
  assert.equal(s4.hasRefUnder('refs/heads/y'), false);
});
