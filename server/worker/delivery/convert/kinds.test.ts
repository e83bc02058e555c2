/**
 * Every chat kind against Gitea's wording for a push, a tag create, a branch delete and a repository event
 * whose user text is hostile: the expected bodies are Gitea's converters' output with the user text escaped
 * for the medium (written out here independently of the code under test), and every body stays within the
 * receiving service's size limit, also with 10 kB of text.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CONVERTERS } from './kinds.ts';
import { sanitize } from './markup.ts';

const R = 'http://localhost:3000/test/repo';
const SHA = '2020558fe2e34debb818a514715839cabd25e778';
const CU = `${R}/commit/${SHA}`;
const MSG = `<!channel> see <https://phish.example|docs> if a < b & c > d <script>alert("x")</script> <a href=javascript:alert(1)>hi</a> [x](javascript:alert(1)) **ünïcødé 日本語**`;
const AUTHOR = 'Ève <b>Ö</b> & [m](javascript:1)';
const BRANCH = 'fix/<img src=x>&[y](javascript:z)';
const TAG = 'v1.0<script>';
const sender = { login: 'user1', full_name: 'Ünï <i>Cødé</i>', html_url: 'http://localhost:3000/user1', avatar_url: 'http://localhost:3000/avatar/1' };
const repository = { full_name: 'test/repo', html_url: R };

const commit = (message: string) => ({ id: SHA, message: `${message}\n\nsecond paragraph\n`, url: CU, author: { name: AUTHOR, email: 'e@x', username: 'eve' } });
const push = (message = MSG, n = 1) => ({
  ref: `refs/heads/${BRANCH}`, before: '0'.repeat(40), after: SHA, compare_url: `${R}/compare/a...b`,
  commits: Array.from({ length: n }, () => commit(message)), total_commits: n, repository, pusher: sender, sender,
});
const EVENTS: Record<string, unknown> = {
  push: push(),
  create: { sha: SHA, ref: TAG, ref_type: 'tag', repository, sender },
  delete: { ref: BRANCH, ref_type: 'branch', pusher_type: 'user', repository, sender },
  repository: { action: 'created', repository, organization: null, sender },
};

const convert = (kind: string, eventType: string, payload: unknown) =>
  CONVERTERS[kind]!({ eventType, payload, meta: { channel: '#dev' }, url: 'https://matrix.example/send', secret: 's3', now: 1_700_000_000_000 }).body as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// Each medium's escaping, written out independently.
const slackEsc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const htmlEsc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const mdEsc = (s: string) => s.replace(/[\\`*_~[\]()<>|#]/g, (c) => `\\${c}`);
const wxEsc = (s: string) => s.replace(/</g, '＜').replace(/>/g, '＞').replace(/\[/g, '［').replace(/]/g, '］');
const a = (href: string, text: string) => `<a href="${href}" rel="nofollow">${text}</a>`;
const enc = (s: string) => s.split('/').map(encodeURIComponent).join('/');
const FIRST = MSG;
const FULL = `${MSG}\n\nsecond paragraph`;

/** What each kind must send, per event: Gitea's wording with user text escaped for the medium. */
const EXPECTED: Record<string, Record<string, (b: Record<string, any>) => void>> = { // eslint-disable-line @typescript-eslint/no-explicit-any
  slack: {
    push: (b) => {
      assert.equal(b.text, `[<${R}|test/repo>:<${R}/src/branch/${enc(BRANCH)}|${slackEsc(BRANCH)}>] <${R}/compare/a...b|1 new commit> pushed by user1`);
      assert.deepEqual(b.attachments, [{ fallback: '', color: '', title: R, title_link: R, text: `<${CU}|2020558>: ${slackEsc(FIRST)} - ${slackEsc(AUTHOR)}` }]);
    },
    create: (b) => assert.equal(b.text, `[<${R}|test/repo>:<${R}/src/tag/${enc(TAG)}|${slackEsc(TAG)}>] tag created by user1`),
    delete: (b) => assert.equal(b.text, `[<${R}|test/repo>:${slackEsc(BRANCH)}] branch deleted by user1`),
    repository: (b) => assert.equal(b.text, `[<${R}|test/repo>] Repository created by <http://localhost:3000/user1|user1>`),
  },
  telegram: {
    push: (b) => assert.equal(b.text, `[${a(R, 'test/repo')}:${a(CU, htmlEsc(BRANCH))}] 1 new commit\n[${a(CU, '2020558')}] ${htmlEsc(FULL)} - ${htmlEsc(AUTHOR)}`),
    create: (b) => assert.equal(b.text, `[${a(R, 'test/repo')}] tag ${a(`${R}/src/${enc(TAG)}`, htmlEsc(TAG))} created`),
    delete: (b) => assert.equal(b.text, `[${a(R, 'test/repo')}] branch ${a(`${R}/src/${enc(BRANCH)}`, htmlEsc(BRANCH))} deleted`),
    repository: (b) => assert.equal(b.text, `[${a(R, 'test/repo')}] Repository created`),
  },
  matrix: {
    push: (b) => {
      assert.equal(b.formatted_body, `[${a(R, 'test/repo')}] user1 pushed 1 commit to ${a(`${R}/src/branch/${enc(BRANCH)}`, htmlEsc(BRANCH))}:<br>${a(CU, '2020558')}: ${htmlEsc(FULL)} - ${htmlEsc(AUTHOR)}`);
      assert.equal(b.body, `[[test/repo](${R})] user1 pushed 1 commit to [${BRANCH}](${R}/src/branch/${enc(BRANCH)}):\n[2020558](${CU}): ${FULL} - ${AUTHOR}`);
      assert.deepEqual(b['io.gitea.commits'], [commit(MSG)], 'the commits, as Gitea sends them');
    },
    create: (b) => assert.equal(b.formatted_body, `[${a(R, 'test/repo')}:${a(`${R}/src/tag/${enc(TAG)}`, htmlEsc(TAG))}] tag created by user1`),
    delete: (b) => assert.equal(b.formatted_body, `[${a(R, 'test/repo')}:${htmlEsc(BRANCH)}] branch deleted by user1`),
    repository: (b) => {
      assert.equal(b.formatted_body, `[${a(R, 'test/repo')}] Repository created by ${a('http://localhost:3000/user1', 'user1')}`);
      assert.equal('io.gitea.commits' in b, false);
    },
  },
  discord: {
    push: (b) => {
      const e = b.embeds[0];
      assert.equal(e.title, `[test/repo:${mdEsc(BRANCH)}] 1 new commit`);
      assert.equal(e.description, `[2020558](${CU}) ${mdEsc(`${Array.from(FIRST).slice(0, 47).join('')}...`)} - ${mdEsc(AUTHOR)}`);
      assert.deepEqual([e.url, e.color, e.author], [CU, 0x1ac600, { name: 'user1', url: sender.html_url, icon_url: sender.avatar_url }]);
    },
    create: (b) => assert.deepEqual([b.embeds[0].title, b.embeds[0].url], [`[test/repo] tag ${mdEsc(TAG)} created`, `${R}/src/${enc(TAG)}`]),
    delete: (b) => assert.deepEqual([b.embeds[0].title, b.embeds[0].color], [`[test/repo] branch ${mdEsc(BRANCH)} deleted`, 0xff3232]),
    repository: (b) => assert.deepEqual([b.embeds[0].title, b.embeds[0].url], ['[test/repo] Repository created', R]),
  },
  msteams: {
    push: (b) => {
      assert.equal(b.title, `[test/repo:${mdEsc(BRANCH)}] 1 new commit`);
      assert.equal(b.sections[0].text, `[2020558](${CU}) ${mdEsc(FULL)} - ${mdEsc(AUTHOR)}`);
      assert.equal(b.sections[0].activityTitle, mdEsc(sender.full_name));
      assert.deepEqual(b.sections[0].facts, [{ name: 'Repository:', value: 'test/repo' }, { name: 'Commit count:', value: '1' }]);
      assert.equal(b.potentialAction[0].targets[0].uri, CU);
    },
    create: (b) => assert.deepEqual(b.sections[0].facts[1], { name: 'tag:', value: mdEsc(TAG) }),
    delete: (b) => assert.deepEqual([b.title, b.themeColor], [`[test/repo] branch ${mdEsc(BRANCH)} deleted`, 'ffd930']),
    repository: (b) => assert.deepEqual([b.title, b.sections[0].facts.length], ['[test/repo] Repository created', 1]),
  },
  dingtalk: {
    push: (b) => {
      assert.equal(b.actionCard.title, `[test/repo:${BRANCH}] 1 new commit`);
      assert.equal(b.actionCard.text, `[2020558](${CU}) ${mdEsc(FULL)} - ${mdEsc(AUTHOR)}`);
      assert.equal(b.actionCard.singleURL, `dingtalk://dingtalkclient/page/link?pc_slide=false&url=${encodeURIComponent(CU)}`);
    },
    create: (b) => assert.deepEqual([b.actionCard.text, b.actionCard.singleTitle], [`[test/repo] tag ${mdEsc(TAG)} created`, `view ref ${TAG}`]),
    delete: (b) => assert.equal(b.actionCard.text, `[test/repo] branch ${mdEsc(BRANCH)} deleted`),
    repository: (b) => assert.deepEqual(b.actionCard.singleTitle, 'view repository'),
  },
  wechatwork: {
    push: (b) => assert.equal(b.markdown.content, `# test/repo:${wxEsc(BRANCH)} <font color="warning">  1 new commit  </font>\r\n\r\n > [2020558](${CU}) \r\n ><font color="info">${wxEsc(`${MSG}\r\nsecond paragraph\n`)}</font> \n ><font color="warning">Author: ${wxEsc(AUTHOR)}</font>`),
    create: (b) => assert.equal(b.markdown.content, `[test/repo] tag ${wxEsc(TAG)} created`),
    delete: (b) => assert.equal(b.markdown.content, `[test/repo] branch ${wxEsc(BRANCH)} deleted`),
    repository: (b) => assert.equal(b.markdown.content, '[test/repo] Repository created'),
  },
  feishu: {
    push: (b) => assert.equal(b.content.text, `[test/repo:${BRANCH}] 1 new commit\r\n[2020558](${CU}) ${FULL} - ${AUTHOR}`),
    create: (b) => assert.equal(b.content.text, `[test/repo] tag ${TAG} created`),
    delete: (b) => assert.equal(b.content.text, `[test/repo] branch ${BRANCH} deleted`),
    repository: (b) => assert.deepEqual([b.content.text, b.timestamp, typeof b.sign], ['[test/repo] Repository created', 1_700_000_000, 'string']),
  },
  packagist: {
    push: (b) => assert.deepEqual(b, { repository: { url: '' } }),
    create: (b) => assert.deepEqual(b, { repository: { url: '' } }),
    delete: (b) => assert.deepEqual(b, { repository: { url: '' } }),
    repository: (b) => assert.deepEqual(b, { repository: { url: '' } }),
  },
};

/** The size each service accepts, measured on the field(s) it limits. */
const LIMITS: Record<string, (b: Record<string, any>) => void> = { // eslint-disable-line @typescript-eslint/no-explicit-any
  slack: (b) => assert.ok(b.text.length + (b.attachments?.[0]?.text.length ?? 0) <= 40_000),
  telegram: (b) => assert.ok(b.text.length <= 4096, `telegram text ${b.text.length}`),
  matrix: (b) => assert.ok(Buffer.byteLength(JSON.stringify(b, null, 2)) < 64 * 1024),
  discord: (b) => assert.ok(b.embeds[0].title.length <= 256 && b.embeds[0].description.length <= 4096),
  msteams: (b) => assert.ok(Buffer.byteLength(JSON.stringify(b)) <= 28 * 1024),
  dingtalk: (b) => assert.ok(b.actionCard.text.length <= 5000),
  wechatwork: (b) => assert.ok(Buffer.byteLength(b.markdown.content) <= 4096),
  feishu: (b) => assert.ok(Buffer.byteLength(JSON.stringify(b)) <= 20 * 1024),
  packagist: () => undefined,
};

/** Text that must never survive as markup in a kind's rendered text. */
function noLiveMarkup(kind: string, b: Record<string, any>): void { // eslint-disable-line @typescript-eslint/no-explicit-any
  const all = JSON.stringify(b);
  if (kind === 'slack') for (const t of [b.text, ...(b.attachments ?? []).map((x: { text: string }) => x.text)]) assert.doesNotMatch(t, /<!|<https:\/\/phish|&(?!amp;|lt;|gt;)/);
  if (kind === 'telegram' || kind === 'matrix') {
    const html = kind === 'telegram' ? b.text : b.formatted_body;
    assert.equal(sanitize(html, kind).replace(/<br \/>/g, '<br>'), html, 'already sanitized');
    assert.doesNotMatch(html, /<script|<img|href="javascript|<a href=javascript|&(?!amp;|lt;|gt;|quot;|#\d+;)/);
  }
  // DingTalk's title and button label are shown as plain text, never rendered: only its card text counts.
  const md = kind === 'dingtalk' ? JSON.stringify(b.actionCard?.text ?? b.text) : all;
  if (['discord', 'msteams', 'dingtalk'].includes(kind)) assert.doesNotMatch(md, /[^\\]\]\(javascript|[^\\]<(script|!channel|img)/);
  if (kind === 'wechatwork') assert.doesNotMatch(all, /<(script|!channel|img|a )|\]\(javascript/);
}

describe('chat bodies with hostile user text, kind by kind', () => {
  for (const kind of Object.keys(CONVERTERS)) {
    for (const [eventType, payload] of Object.entries(EVENTS)) {
      test(`${kind} ${eventType}: Gitea's wording, user text escaped, within the limit`, () => {
        const body = convert(kind, eventType, payload);
        EXPECTED[kind]![eventType]!(body);
        noLiveMarkup(kind, body);
        LIMITS[kind]!(body);
      });
    }
    test(`${kind}: 10 kB of hostile text in ten commits stays within the limit, cut between escapes`, () => {
      const big = `${'<&>ü日'.repeat(2000)}`;
      const body = convert(kind, 'push', push(big, 10));
      LIMITS[kind]!(body);
      noLiveMarkup(kind, body);
      const text = JSON.stringify(body);
      assert.doesNotMatch(text, /&(am?|lt?|gt?|qu?o?t?)?…/, 'no entity cut short before the ellipsis');
      assert.doesNotMatch(text, /[^\\]\\\\…/, 'no escape cut short before the ellipsis');
    });
  }
});

describe('issue, pull request, comment and release text is escaped by the same converters', () => {
  const issue = { number: 7, title: MSG, body: `${MSG}\n`.repeat(400), html_url: `${R}/issues/7` };
  const events: Record<string, unknown> = {
    issues: { action: 'opened', number: 7, issue, repository, sender },
    pull_request: { action: 'opened', number: 8, pull_request: { ...issue, number: 8, html_url: `${R}/pulls/8` }, repository, sender },
    issue_comment: { action: 'created', issue, comment: { body: MSG, html_url: `${R}/issues/7#c1`, issue_url: `${R}/issues/7` }, is_pull: false, repository, sender },
    release: { action: 'published', release: { tag_name: TAG, name: MSG, body: MSG, html_url: `${R}/releases/tag/x` }, repository, sender },
  };
  for (const kind of Object.keys(CONVERTERS)) {
    for (const [eventType, payload] of Object.entries(events)) {
      test(`${kind} ${eventType}: no live markup, within the limit`, () => {
        const body = convert(kind, eventType, payload);
        noLiveMarkup(kind, body);
        LIMITS[kind]!(body);
        if (kind === 'slack') assert.ok(JSON.stringify(body).includes(JSON.stringify(slackEsc('<!channel> see')).slice(1, -1)));
        if (kind === 'telegram') assert.ok(body.text.includes(htmlEsc('<!channel> see <https://phish.example|docs>')));
      });
    }
  }
});

describe('benign text reads exactly as Gitea writes it', () => {
  const plain = { ...push('Fix the build'), ref: 'refs/heads/main', commits: [{ ...commit('Fix the build'), message: 'Fix the build\n', author: { name: 'user1', email: 'u@x', username: 'user1' } }] };
  test('slack, telegram, discord and feishu push', () => {
    assert.equal(convert('slack', 'push', plain).text, `[<${R}|test/repo>:<${R}/src/branch/main|main>] <${R}/compare/a...b|1 new commit> pushed by user1`);
    assert.equal(convert('telegram', 'push', plain).text, `[${a(R, 'test/repo')}:${a(CU, 'main')}] 1 new commit\n[${a(CU, '2020558')}] Fix the build - user1`);
    assert.equal(convert('discord', 'push', plain).embeds[0].description, `[2020558](${CU}) Fix the build - user1`);
    assert.equal(convert('feishu', 'push', plain).content.text, `[test/repo:main] 1 new commit\r\n[2020558](${CU}) Fix the build - user1`);
  });
  test('an opened issue: Gitea\'s sentence, with "by <sender>" only where Gitea writes it', () => {
    const issue = { action: 'opened', number: 2, issue: { number: 2, title: 'crash', body: 'issue body', html_url: `${R}/issues/2` }, repository, sender };
    assert.equal(convert('slack', 'issues', issue).text, `[<${R}|test/repo>] Issue opened: <${R}/issues/2|#2 crash> by <${sender.html_url}|user1>`);
    assert.equal(convert('telegram', 'issues', issue).text, `[${a(R, 'test/repo')}] Issue opened: ${a(`${R}/issues/2`, '#2 crash')} by ${a(sender.html_url, 'user1')}\n\nissue body`);
    assert.equal(convert('discord', 'issues', issue).embeds[0].title, '[test/repo] Issue opened: #2 crash');
    assert.equal(convert('msteams', 'issues', issue).title, '[test/repo] Issue opened: #2 crash');
  });
  test('a push with no compare URL: Slack shows the count without a link', () => {
    assert.equal(convert('slack', 'push', { ...plain, compare_url: '' }).text, `[<${R}|test/repo>:<${R}/src/branch/main|main>] 1 new commit pushed by user1`);
  });
});
