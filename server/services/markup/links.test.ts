import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contextPath, linkBase, resolveLink } from './links.ts';
import { renderMarkdown, slugOf } from './markdown.ts';

test('a context is read as a path, from a path or a full URL, without dot segments', () => {
  assert.equal(contextPath('/o/r/src/branch/main/'), '/o/r/src/branch/main');
  assert.equal(contextPath('http://host:3000/o/r'), '/o/r');
  assert.equal(contextPath('/o/../r/./x'), '/o/r/x');
  assert.equal(contextPath(''), '');
  assert.equal(contextPath('/'), '');
});

test('relative links join the context; images load raw files; wiki links go to the wiki', () => {
  const b = linkBase('/o/r/src/branch/main/docs', false)!;
  assert.equal(resolveLink('a.md', b.links), '/o/r/src/branch/main/docs/a.md');
  assert.equal(resolveLink('../b.md#top', b.links), '/o/r/src/branch/main/b.md#top');
  assert.equal(resolveLink('img/p.png', b.media), '/o/r/raw/branch/main/docs/img/p.png');
  assert.equal(resolveLink('../../../../../../etc/passwd', b.links), '/o/r/etc/passwd');
  for (const keep of ['https://x.example/', 'mailto:a@b', '/abs', '#frag', '?q=1', 'javascript:alert(1)']) assert.equal(resolveLink(keep, b.links), keep);
  const w = linkBase('/o/r', true)!;
  assert.equal(resolveLink('Page', w.links), '/o/r/wiki/Page');
  assert.equal(linkBase(undefined, false), null);
});

test('heading slugs are lower case with dashes and no punctuation', () => {
  assert.equal(slugOf('Hello, World!'), 'hello-world');
  assert.equal(slugOf('Über  uns'), 'über--uns');
});

test('an <img> written as HTML loads the raw file too; absolute and data: sources are kept', async () => {
  const html = await renderMarkdown({ text: '<img src="img/a.png" alt="a">\n\n![b](b.png) <img src="/x/y.png" alt="c">', mode: 'gfm', context: '/o/r/src/branch/main/docs' });
  assert.match(html, /<img src="\/o\/r\/raw\/branch\/main\/docs\/img\/a.png" alt="a"/);
  assert.match(html, /src="\/o\/r\/raw\/branch\/main\/docs\/b.png"/);
  assert.match(html, /<img src="\/x\/y.png" alt="c"/);
});
