import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextIndex, tokenise } from './text-index.ts';

test('tokenise: lower case, accents removed, split at punctuation, underscores and digits kept', () => {
  assert.deepEqual(tokenise('Push FAILS: the page_view of #12, café-crème!'), ['push', 'fails', 'the', 'page_view', 'of', '12', 'cafe', 'creme']);
  assert.deepEqual(tokenise('  ,;  '), []);
  assert.deepEqual(tokenise('Größe 日本語'), ['große', '日本語']);
});

test('search: every word must match, each as a prefix of a token', () => {
  const idx = new TextIndex();
  idx.add(1, 'The push page breaks');
  idx.add(2, 'Pushing fails on the page');
  idx.add(3, 'Unrelated');
  assert.deepEqual([...idx.search('push').keys()].sort(), [1, 2]);
  assert.deepEqual([...idx.search('PUSH breaks').keys()], [1]);
  assert.deepEqual([...idx.search('page unrelated').keys()], []);
  assert.deepEqual([...idx.search('ush').keys()], [], 'a word matches at the start of a token only');
  assert.deepEqual([...idx.search('!!').keys()], [], 'a query without words matches nothing');
});

test('an edit takes back only the part that changed; parts sharing a word keep it', () => {
  const idx = new TextIndex();
  idx.add(7, 'Title about login');
  idx.add(7, 'a comment about login and tokens');
  idx.remove(7, 'a comment about login and tokens');
  assert.deepEqual([...idx.search('login').keys()], [7], 'the title still holds "login"');
  assert.deepEqual([...idx.search('tokens').keys()], [], 'the comment text is gone');
  idx.remove(7, 'Title about login');
  idx.add(7, 'Title about signing in');
  assert.deepEqual([...idx.search('login').keys()], []);
  assert.deepEqual([...idx.search('signing').keys()], [7]);
});

test('drop removes every part of a document and forgets unused tokens', () => {
  const idx = new TextIndex();
  idx.add(1, 'alpha beta');
  idx.add(1, 'gamma');
  idx.add(2, 'beta');
  idx.drop(1);
  assert.deepEqual([...idx.search('beta').keys()], [2]);
  assert.deepEqual([...idx.search('alpha').keys()], []);
  assert.equal(idx.size, 1, 'only "beta" is left');
});

test('prefix search follows writes made after a first search, and a repeated query sees them', () => {
  const idx = new TextIndex();
  idx.add(1, 'push page');
  assert.deepEqual([...idx.search('pu').keys()], [1]);
  idx.add(2, 'pull request');
  idx.add(3, 'a pub, pa1 and pa_b');
  assert.deepEqual([...idx.search('pu').keys()].sort(), [1, 2, 3], 'new tokens are found by the same query');
  assert.deepEqual([...idx.search('pa').keys()].sort(), [1, 3]);
  idx.remove(1, 'push page');
  assert.deepEqual([...idx.search('pu').keys()].sort(), [2, 3]);
  assert.deepEqual([...idx.search('push').keys()], [], 'a token no document holds is gone');
  idx.drop(2);
  assert.deepEqual([...idx.search('pu').keys()], [3]);
  idx.add(4, 'push');
  assert.deepEqual([...idx.search('push pu').keys()], [4], 'a forgotten token comes back');
  assert.deepEqual([...idx.search('pu push').keys()], [4], 'the order of the words does not matter');
  assert.deepEqual([...idx.search('pu').keys()].sort(), [3, 4]);
});

test('search gives what a scan of the stored parts gives, through random writes', () => {
  let seed = 7;
  const rand = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  const words = ['a', 'ab', 'abc', 'b', 'ba', 'bab', 'c', 'ca', 'a_1', 'a1', 'é', 'e', 'zz'];
  const text = (): string => Array.from({ length: 1 + rand(4) }, () => words[rand(words.length)]!).join(' ');
  const idx = new TextIndex();
  const parts = new Map<number, string[]>();
  for (let step = 0; step < 600; step++) {
    const doc = 1 + rand(12);
    const mine = parts.get(doc) ?? [];
    const op = rand(10);
    if (op < 6) {
      const t = text();
      idx.add(doc, t);
      parts.set(doc, [...mine, t]);
    } else if (op < 9 && mine.length) {
      const [gone] = mine.splice(rand(mine.length), 1);
      idx.remove(doc, gone!);
    } else {
      idx.drop(doc);
      parts.delete(doc);
    }
    const query = [words[rand(words.length)]!.slice(0, 1 + rand(2)), ...(rand(2) ? [words[rand(words.length)]!] : [])].join(' ');
    const want = [...parts].filter(([, ts]) => tokenise(query).every((w) => ts.some((t) => tokenise(t).some((tok) => tok.startsWith(w)))))
      .map(([d]) => d).sort((x, y) => x - y);
    assert.deepEqual([...idx.search(query).keys()].sort((x, y) => x - y), want, `step ${step}: ${query}`);
  }
});

test('a part bringing or taking many tokens at once keeps prefix search right', () => {
  const idx = new TextIndex();
  const many = (from: number, n: number): string => Array.from({ length: n }, (_, i) => `w${from + i}`).join(' ');
  idx.add(1, 'w0 x');
  assert.deepEqual([...idx.search('w').keys()], [1]);
  idx.add(2, many(100, 40));
  idx.add(3, `${many(120, 40)} x`);
  assert.deepEqual([...idx.search('w13').keys()].sort(), [2, 3], 'w130..w139 come from both');
  assert.deepEqual([...idx.search('w15').keys()], [3]);
  assert.deepEqual([...idx.search('w0').keys()], [1]);
  idx.remove(2, many(100, 40));
  assert.deepEqual([...idx.search('w10').keys()], [], 'w100..w109 are gone with their only part');
  assert.deepEqual([...idx.search('w12').keys()], [3], 'w120..w129 are still held by 3');
  idx.drop(3);
  assert.deepEqual([...idx.search('w').keys()], [1]);
  assert.deepEqual([...idx.search('x').keys()], [1]);
  assert.equal(idx.size, 2);
});
