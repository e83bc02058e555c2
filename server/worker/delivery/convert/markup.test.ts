/** The escaping rules and the length cut of chat messages. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HTML, MARKDOWN, PLAIN, SLACK, link, render, renderBytes, safeUrl, user } from './markup.ts';
import { CONVERTERS } from './kinds.ts';

test('links go to http(s) only; their URL cannot break out of the link syntax', () => {
  assert.equal(safeUrl('javascript:alert(1)'), '#');
  assert.equal(safeUrl('data:text/html,x'), '#');
  assert.equal(safeUrl('/relative'), '#');
  assert.equal(render(SLACK, [link('http://h/a|b>c', 'x')]), '<http://h/a%7Cb%3Ec|x>');
  assert.equal(render(HTML, [link('http://h/"><script>', '<b>')]), '<a href="http://h/&#34;&gt;&lt;script&gt;">&lt;b&gt;</a>');
  assert.equal(render(MARKDOWN, [link('http://h/a) [x](y', 'q')]), '[q](http://h/a%29%20[x]%28y)');
});

test('a cut never falls inside an escape and ends with an ellipsis', () => {
  for (let max = 5; max < 40; max++) {
    const out = render(SLACK, ['fixed: ', user('&&&&&<<<<<>>>>>')], max);
    assert.ok(out.length <= max, `${out} fits ${max}`);
    assert.doesNotMatch(out, /&(?!amp;|lt;|gt;)/, `no partial entity in ${out}`);
    const md = render(MARKDOWN, ['x ', user('[[[[]]]]((((')], max);
    assert.ok(md.length <= max);
    assert.doesNotMatch(md.replace(/\\./g, ''), /\\/, `no lone backslash in ${md}`);
  }
  assert.equal(render(SLACK, ['a', user('b'.repeat(10))], 6), 'abbbb…');
  const wide = renderBytes(PLAIN, [user('日本語'.repeat(100))], 30);
  assert.ok(Buffer.byteLength(wide) <= 30);
  assert.ok(wide.endsWith('…'));
});

test('Feishu mentions and Matrix room pings in commit text are broken', () => {
  const payload = {
    ref: 'refs/heads/main', compare_url: '', total_commits: 1, pusher: { login: 'u' }, sender: { login: 'u' },
    repository: { full_name: 'o/r', html_url: 'http://h/o/r' },
    commits: [{ id: 'a'.repeat(40), url: 'http://h/o/r/commit/a', message: 'hi <at user_id="all">everyone</at> and @room', author: { name: 'A' } }],
  };
  const input = { eventType: 'push', payload, meta: {}, url: 'http://m', secret: '', now: 0 };
  const feishu = (CONVERTERS.feishu!(input).body as { content: { text: string } }).content.text;
  assert.doesNotMatch(feishu, /<at\b/);
  assert.match(feishu, /<\u200bat user_id="all">everyone<\u200b\/at>/);
  const matrix = CONVERTERS.matrix!(input).body as { body: string; formatted_body: string };
  assert.doesNotMatch(matrix.body, /@room/);
  assert.match(matrix.body, /@\u2060room/);
});
