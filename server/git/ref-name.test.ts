import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { refNameProblem } from './ref-name.ts';

const VALID = ['main', 'feature/x', 'v1.0.0', 'release/2024-01', 'a'.repeat(255), 'ünïcode', 'a.b', 'x@y', 'foo.lockx', 'a-b', 'with+plus'];
const INVALID = [
  '', '--output=/tmp/x', '-D', 'HEAD', 'a..b', 'a@{1}', '@', 'a\nb', 'nul\0', 'tab\t', 'del\x7f', 'a b', 'a~1', 'a^', 'a:b', 'a?', 'a*', 'a[b',
  'a\\b', '/a', 'a/', 'a//b', 'a.', '.hidden', 'a/.b', 'x.lock', 'a/b.lock/c', 'a'.repeat(256), 'refs/heads/x',
];

test('ref names: git and Gitea rules', () => {
  for (const n of VALID) assert.equal(refNameProblem(n), null, n);
  for (const n of INVALID) assert.notEqual(refNameProblem(n), null, JSON.stringify(n));
});

test('ref names: agrees with git check-ref-format on what git accepts', () => {
  for (const n of [...VALID, ...INVALID]) {
    if (n.includes('\0') || n === '' || n === '@' || n.startsWith('-') || n === 'HEAD' || n.startsWith('refs/') || n.length > 255) continue;
    let gitOk = true;
    try {
      execFileSync('git', ['check-ref-format', `refs/heads/${n}`], { stdio: 'ignore' });
    } catch {
      gitOk = false;
    }
    assert.equal(refNameProblem(n) === null, gitOk, JSON.stringify(n));
  }
});
