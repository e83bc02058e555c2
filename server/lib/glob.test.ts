import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileGlob, globMatch, globProblem, quoteGlob, MAX_GLOB_LENGTH } from './glob.ts';

type Case = [should: boolean, pattern: string, input: string, separators?: string];

// Gitea's own glob examples (modules/glob tests, from gobwas/glob), with the separators each was compiled with.
const GITEA: Case[] = [
  [true, '* ?at * eyes', 'my cat has very bright eyes'],
  [true, '', ''], [false, '', 'b'],
  [true, '*ä', 'åä'], [true, 'abc', 'abc'], [true, 'a*c', 'abc'], [true, 'a*c', 'a12345c'], [true, 'a?c', 'a1c'],
  [true, 'a.b', 'a.b', '.'], [true, 'a.*', 'a.b', '.'], [true, 'a.**', 'a.b.c', '.'], [true, 'a.?.c', 'a.b.c', '.'],
  [true, 'a.?.?', 'a.b.c', '.'], [true, '?at', 'cat'], [true, '?at', 'fat'], [true, '*', 'abc'], [true, '\\*', '*'],
  [true, '**', 'a.b.c', '.'],
  [false, '?at', 'at'], [false, '?at', 'fat', 'f'], [false, 'a.*', 'a.b.c', '.'], [false, 'a.?.c', 'a.bb.c', '.'],
  [false, '*', 'a.b.c', '.'],
  [true, '*test', 'this is a test'], [true, 'this*', 'this is a test'], [true, '*is *', 'this is a test'],
  [true, '*is*a*', 'this is a test'], [true, '**test**', 'this is a test'], [true, '**is**a***test*', 'this is a test'],
  [false, '*is', 'this is a test'], [false, '*no*', 'this is a test'], [true, '[!a]*', 'this is a test3'],
  [true, '*abc', 'abcabc'], [true, '**abc', 'abcabc'], [true, '???', 'abc'], [true, '?*?', 'abc'], [true, '?*?', 'ac'],
  [false, 'sta', 'stagnation'], [true, 'sta*', 'stagnation'], [false, 'sta?', 'stagnation'], [false, 'sta?n', 'stagnation'],
  [true, '{abc,def}ghi', 'defghi'], [true, '{abc,abcd}a', 'abcda'], [true, '{a,ab}{bc,f}', 'abc'], [true, '{*,**}{a,b}', 'ab'],
  [false, '{*,**}{a,b}', 'ac'],
  [true, '/{rate,[a-z][a-z][a-z]}*', '/rate'], [true, '/{rate,[0-9][0-9][0-9]}*', '/rate'], [true, '/{rate,[a-z][a-z][a-z]}*', '/usd'],
  [true, '{*.google.*,*.yandex.*}', 'www.google.com', '.'], [true, '{*.google.*,*.yandex.*}', 'www.yandex.com', '.'],
  [false, '{*.google.*,*.yandex.*}', 'yandex.com', '.'], [false, '{*.google.*,*.yandex.*}', 'google.com', '.'],
  [true, '{*.google.*,yandex.*}', 'www.google.com', '.'], [true, '{*.google.*,yandex.*}', 'yandex.com', '.'],
  [false, '{*.google.*,yandex.*}', 'www.yandex.com', '.'], [false, '{*.google.*,yandex.*}', 'google.com', '.'],
  [true, '*//{,*.}example.com', 'https://www.example.com'], [true, '*//{,*.}example.com', 'http://example.com'],
  [false, '*//{,*.}example.com', 'http://example.com.net'],
  [true, '[a-z][!a-x]*cat*[h][!b]*eyes*', 'my cat has very bright eyes'],
  [false, '[a-z][!a-x]*cat*[h][!b]*eyes*', 'my dog has very bright eyes'],
  [true, 'google.com', 'google.com'], [false, 'google.com', 'gobwas.com'],
  [true, 'https://*.google.*', 'https://account.google.com'], [false, 'https://*.google.*', 'https://google.com'],
  [true, '{https://*.google.*,*yandex.*,*yahoo.*,*mail.ru}', 'http://yahoo.com'],
  [false, '{https://*.google.*,*yandex.*,*yahoo.*,*mail.ru}', 'http://google.com'],
  [true, '{https://*gobwas.com,http://exclude.gobwas.com}', 'https://safe.gobwas.com'],
  [false, '{https://*gobwas.com,http://exclude.gobwas.com}', 'http://safe.gobwas.com'],
  [true, '{https://*gobwas.com,http://exclude.gobwas.com}', 'http://exclude.gobwas.com'],
  [true, '{abc*[a-c]def,abc?[d-g]def,abc[zte]?def}', 'abczqdef'], [true, '{abc*def,abc?def,abc[zte]def}', 'abczdef'],
  [true, 'abc*', 'abcdef'], [false, 'abc*', 'af'], [true, '*def', 'abcdef'], [false, '*def', 'af'],
  [true, 'ab*ef', 'abcdef'], [false, 'ab*ef', 'af'],
];

// What Homeforge's callers rely on: branch filters (no separators), protected-branch rules ('/').
const OURS: Case[] = [
  [true, 'release/*', 'release/v1/hotfix'], [false, 'release/*', 'release/v1/hotfix', '/'], [true, 'release/**', 'release/v1/hotfix', '/'],
  [true, '{main,release/*}', 'main'], [true, '{main,{dev,feat}-*}', 'feat-x'], [false, '{main,{dev,feat}-*}', 'feature'],
  [true, 'v[0-9].*', 'v1.2'], [true, 'a+b(c)|d$^', 'a+b(c)|d$^'], [true, 'a]b}c,', 'a]b}c,'], [true, '[^a]x', 'bx'],
  [false, '[^a]x', 'ax'], [true, '[!^]x', 'ax'], [true, '[\\]]', ']'], [true, '[a\\-z]', '-'], [false, '[a\\-z]', 'b'],
  [true, '\\d\\d', '42'], [true, '?', '😀'], [false, '*', 'a\nb'], [true, '?', '\n', '/'], [true, 'x[-a]', 'x-'],
];

test('glob: Gitea examples and the patterns branch filters use', () => {
  for (const [should, pattern, input, seps] of [...GITEA, ...OURS]) {
    assert.equal(compileGlob(pattern, { separators: seps ?? '' }).test(input), should, `${pattern} ~ ${JSON.stringify(input)} (separators ${seps ?? 'none'})`);
  }
});

test('glob: malformed patterns are refused with a reason', () => {
  for (const bad of ['[a-', '{a,b', 'a\\', '[]', '[!]', '[z-a]', '\\y', '[[:alpha:]]', '{'.repeat(100) + '}'.repeat(100), 'x'.repeat(MAX_GLOB_LENGTH + 1)]) {
    assert.ok(globProblem(bad), `${bad.slice(0, 30)} is refused`);
  }
  for (const good of ['', '*', '**', 'a}', 'a]', '{,}', '[-]', 'x'.repeat(MAX_GLOB_LENGTH)]) assert.equal(globProblem(good), null, good);
});

test('glob: case-insensitive matching for host names', () => {
  assert.equal(compileGlob('*.Example.COM', 'i').test('api.example.com'), true);
  assert.equal(compileGlob('[A-Z]*.org', { caseInsensitive: true }).test('Gitea.org'), true);
  assert.equal(compileGlob('*.example.com').test('API.EXAMPLE.COM'), false);
});

test('glob: quoteGlob makes any text match itself only', () => {
  for (const text of ['[foo*]', '{foo*}', '*?\\[]{}', 'plain']) {
    assert.equal(compileGlob(quoteGlob(text)).test(text), true, text);
    assert.equal(compileGlob(quoteGlob(text)).test(`${text}x`), false, text);
  }
  assert.equal(quoteGlob('*?\\[]{}'), '\\*\\?\\\\\\[\\]\\{\\}');
});

test('glob: a malformed pattern matches nothing through globMatch', () => {
  assert.equal(globMatch('[a-', '[a-'), false);
  assert.equal(globMatch('feat/*', 'feat/x'), true);
});

test('glob: exponential patterns for a backtracking engine match in linear time', () => {
  // `*a*a*a...*ab` against a run of `a`: a backtracking RegExp takes seconds at 9 stars and doubles with each one.
  const hostile = `${'*a'.repeat(400)}b`;
  const g = compileGlob(hostile);
  const nested = compileGlob(`${'{a,'.repeat(60)}b${'}'.repeat(60)}*`);
  const started = performance.now();
  for (let i = 0; i < 20; i++) {
    assert.equal(g.test('a'.repeat(255)), false);
    assert.equal(nested.test('a'.repeat(255)), true);
  }
  assert.equal(compileGlob('*a*a*a*a*a*a*a*a*ab').test('a'.repeat(40)), false);
  // 40 worst-case matches of 255 characters: a few milliseconds each at most; a generous bound, far from flaky.
  assert.ok(performance.now() - started < 5000, 'linear matching');
});
