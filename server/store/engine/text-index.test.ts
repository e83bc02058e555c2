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
