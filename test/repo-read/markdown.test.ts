/**
 * `POST /markdown` and `POST /markdown/raw`: GitHub's extensions rendered, relative links resolved against the
 * context as Gitea does, and everything that could run in a browser stripped.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';

describe('markdown rendering', () => {
  let h: TestHost;
  let token: string;

  before(async () => {
    h = await startHost();
    token = await createToken(h, ADMIN.username, ADMIN.password);
  });
  after(() => h.stop());

  test('renders GFM: headings with anchors, tables, task lists, strikethrough, autolinks, highlighted code', async () => {
    const text = '# Hello World\n\n| a | b |\n|--:|---|\n| 1 | 2 |\n\n- [ ] todo\n- [x] done\n\n~~gone~~ https://example.com\n\n```ts\nconst a = 1;\n```\n';
    const res = await h.api('POST', '/markdown', { body: { Text: text, Mode: 'gfm' } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(res.text, /<h1 id="user-content-hello-world">Hello World<\/h1>/);
    assert.match(res.text, /<th style="text-align:right">a<\/th>/);
    assert.match(res.text, /<li class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" disabled(="")? ?\/?> ?todo/);
    assert.match(res.text, /<input[^>]*checked[^>]*\/?> ?done/);
    assert.match(res.text, /<s>gone<\/s>/);
    assert.match(res.text, /<a href="https:\/\/example.com"[^>]*>https:\/\/example.com<\/a>/);
    assert.match(res.text, /<code class="language-ts"><span class="hljs-keyword">const<\/span>/);
  });

  test('comment mode breaks lines as typed; markdown mode does not', async () => {
    const gfm = await h.api('POST', '/markdown', { body: { Text: 'one\ntwo', Mode: 'comment' } });
    assert.match(gfm.text, /one<br \/>\ntwo/);
    const md = await h.api('POST', '/markdown', { body: { Text: 'one\ntwo', Mode: 'markdown' } });
    assert.doesNotMatch(md.text, /<br/);
  });

  test('relative links and images resolve against the context; absolute ones stay', async () => {
    const text = '[doc](docs/a.md) [up](../b.md) [top](/x/y) [site](https://example.com/) ![img](img/p.png)';
    const res = await h.api('POST', '/markdown', { auth: token, body: { Text: text, Mode: 'markdown', Context: '/root/code/src/branch/main/sub' } });
    assert.match(res.text, /href="\/root\/code\/src\/branch\/main\/sub\/docs\/a.md"/);
    assert.match(res.text, /href="\/root\/code\/src\/branch\/main\/b.md"/);
    assert.match(res.text, /href="\/x\/y"/);
    assert.match(res.text, /href="https:\/\/example.com\/"/);
    assert.match(res.text, /src="\/root\/code\/raw\/branch\/main\/sub\/img\/p.png"/);
    const full = await h.api('POST', '/markdown', { body: { Text: '[p](page)', Mode: 'wiki', Context: `${h.url}/root/code` } });
    assert.match(full.text, /href="\/root\/code\/wiki\/page"/);
  });

  test('scripts, event handlers, javascript: URLs and styles are stripped', async () => {
    const text = [
      '<script>alert(1)</script>', '<img src="x.png" onerror="alert(2)">', '[click](javascript:alert(3))',
      '<a href="javascript:alert(4)">a</a>', '<a href="JaVaScRiPt:alert(5)">b</a>', '<iframe src="https://example.com"></iframe>',
      '<div style="position:fixed" onclick="alert(6)">d</div>', '<input type="text" value="x">', '<svg onload="alert(7)"></svg>',
    ].join('\n\n');
    for (const res of [
      await h.api('POST', '/markdown', { body: { Text: text } }),
      await h.api('POST', '/markdown/raw', { rawBody: text, headers: { 'Content-Type': 'text/plain' } }),
    ]) {
      assert.equal(res.status, 200);
      assert.doesNotMatch(res.text, /<script|alert\(1\)|onerror|onclick|onload|href="?\s*javascript|<iframe|style=|<svg|type="text"/i);
      assert.match(res.text, /<img src="x.png" \/>/);
      assert.match(res.text, /<div>d<\/div>/);
      assert.match(res.text, /<a>a<\/a>/);
    }
  });

  test('/markdown/raw renders the body as plain markdown; an empty text renders nothing; bad options are refused', async () => {
    const raw = await h.api('POST', '/markdown/raw', { rawBody: '**bold**', headers: { 'Content-Type': 'text/plain' } });
    assert.equal(raw.status, 200);
    assert.equal(raw.text.trim(), '<p><strong>bold</strong></p>');
    const empty = await h.api('POST', '/markdown', { body: {} });
    assert.equal(empty.status, 200);
    assert.equal(empty.text, '');
    const bad = await h.api('POST', '/markdown', { body: { Text: 5 } });
    assert.equal(bad.status, 422);
  });
});
