// Gitea's own cases for the wiki page name mapping (services/wiki/wiki_test.go), run against ours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gitPathToWebPath, titleToWebPath, validateWebPath, webPathFromRequest, webPathToGitPath, webPathToTitle, WikiReservedNameError } from './wiki-path.ts';

test('a title becomes its web path', () => {
  const cases: [string, string][] = [
    ['unnamed', ''], ['unnamed', '.'], ['unnamed', '..'], ['wiki-name', 'wiki name'], ['title.md.-', 'title.md'],
    ['wiki-name.-', 'wiki-name'], ['the+wiki-name.-', 'the wiki-name'], ['a%2Fb', 'a/b'], ['a%25b', 'a%b'],
  ];
  for (const [want, title] of cases) assert.equal(titleToWebPath(title), want, title);
});

test('a web path shows its title', () => {
  const cases: [string, string][] = [
    ['wiki name', 'wiki-name'], ['wiki-name', 'wiki-name.-'], ['name with / slash', 'name-with %2F slash'],
    ['name with % percent', 'name-with %25 percent'], ['2000-01-02 meeting', '2000-01-02+meeting.-.md'], ['a b', 'a%20b.md'],
  ];
  for (const [want, web] of cases) assert.equal(webPathToTitle(web), want, web);
});

test('a web path names its file', () => {
  const cases: [string, string][] = [
    ['wiki-name.md', 'wiki%20name'], ['wiki-name.md', 'wiki+name'], ['wiki name.md', 'wiki%20name.md'], ['wiki%20name.md', 'wiki%2520name.md'],
    ['2000-01-02-meeting.md', '2000-01-02+meeting'], ['2000-01-02 meeting.-.md', '2000-01-02%20meeting.-'], ['Home.md', 'Home'],
    ['home-of-and-%26-or-wiki-page%21.md', titleToWebPath('home of and & or wiki page!')],
  ];
  for (const [want, web] of cases) assert.equal(webPathToGitPath(web), want, web);
});

test('a file names its web path; other files are no pages', () => {
  const cases: [string, string][] = [
    ['hello-world', 'hello-world.md'], ['hello-world', 'hello world.md'], ['hello-world.-', 'hello-world.-.md'],
    ['hello+world.-', 'hello world.-.md'], ['symbols-%2F', 'symbols %2F.md'],
  ];
  for (const [want, file] of cases) assert.equal(gitPathToWebPath(file), want, file);
  for (const bad of ['nofileextension', 'wrongfileextension.txt', 'badescaping%%.md']) assert.equal(gitPathToWebPath(bad), null, bad);
});

test('title, web path and file stay consistent for any printable title', () => {
  let seed = 7;
  const rand = (n: number): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  for (let i = 0; i < 1000; i++) {
    const title = Array.from({ length: rand(20) }, () => String.fromCharCode(rand(0x80 - 0x20) + 0x20)).join('').trim();
    if (title === '' || title === '.' || title === '..') continue;
    const web = titleToWebPath(title);
    const file = webPathToGitPath(web);
    const web1 = gitPathToWebPath(file) ?? '';
    assert.equal(webPathToTitle(web1), title, title);
    assert.equal(web1, web, title);
    assert.equal(webPathToGitPath(web1), file, title);
  }
});

test('reserved names are refused; a requested name never leaves the wiki', () => {
  for (const name of ['_pages', '_new', '_edit', 'raw']) assert.throws(() => validateWebPath(titleToWebPath(name)), WikiReservedNameError);
  validateWebPath('Home');
  assert.equal(webPathFromRequest('../../etc/passwd'), 'etc%2Fpasswd');
  assert.equal(webPathFromRequest('Home'), 'Home');
});
