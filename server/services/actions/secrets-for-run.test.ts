import { test } from 'node:test';
import assert from 'node:assert/strict';
import { maskSecrets, secretMasker } from './secrets-for-run.ts';

test('maskSecrets hides every occurrence, longest value first', () => {
  assert.equal(maskSecrets('token abc and abc again; abcdef', ['abc', 'abcdef']), 'token *** and *** again; ***');
  assert.equal(maskSecrets('a.b*c (x)', ['a.b*c', '(x)']), '*** ***');
  assert.equal(maskSecrets('nothing here', []), 'nothing here');
  assert.equal(maskSecrets('empty values are ignored', ['']), 'empty values are ignored');
});

test('maskSecrets hides a multi-line value whole and line by line', () => {
  const key = '-----BEGIN KEY-----\nline-one-secret\r\nline-two-secret\n-----END KEY-----';
  assert.equal(maskSecrets(`cat key:\n${key}\ndone`, [key]), 'cat key:\n***\ndone');
  const log = '2024 | line-one-secret\n2024 | line-two-secret\n2024 |    \n';
  assert.equal(maskSecrets(log, { KEY: key }), '2024 | ***\n2024 | ***\n2024 |    \n');
});

test('secretMasker compiles once and reuses', () => {
  const mask = secretMasker(new Map([['A', 's3cr3t']]).values());
  assert.equal(mask('x s3cr3t y'), 'x *** y');
  assert.equal(mask('s3cr3ts3cr3t'), '******');
});
