import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { lazyRequire } from './lazy-require.ts';

test('a package is required on the first call, and the same module is returned after that', () => {
  const require = createRequire(import.meta.url);
  const id = require.resolve('ini');
  delete require.cache[id];
  const ini = lazyRequire<{ parse(text: string): unknown }>('ini');
  assert.equal(require.cache[id], undefined, 'not loaded before the first call');
  const first = ini();
  assert.ok(require.cache[id], 'loaded by the first call');
  assert.equal(ini(), first);
  assert.equal((first.parse('a = 1') as { a: string }).a, '1');
});
