/**
 * The real git CLI pushes a hostile commit, the first push of an empty repository, to a host with a slack, a
 * telegram, a matrix, a feishu and a gitea hook delivering to a loopback receiver: the chat bodies show the
 * commit text escaped for their medium, compare_url is the site URL, and every request carries Gitea's
 * default headers and User-Agent, signed with its hook's secret.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { verify } from '@octokit/webhooks-methods';
import { startHost, createToken, ADMIN } from '../helpers/host.ts';
import { gitSandbox, withCredentials } from '../helpers/git.ts';
import { startReceiver } from './receiver.ts';
import { makeHook } from './fixtures.ts';
import { sanitize } from '../../server/worker/delivery/convert/markup.ts';

const MESSAGE = '<!channel> see <https://phish.example|docs> if a < b & c <script>alert(1)</script> [x](javascript:alert(1)) ünïcødé 日本語';
const AUTHOR = 'Ève & [m](javascript:1)';
const KINDS = ['slack', 'telegram', 'matrix', 'feishu', 'gitea'] as const;

test('a hostile commit pushed with git reaches slack, telegram, matrix and feishu escaped, with Gitea\'s headers', { timeout: 180_000 }, async () => {
  const h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
  const rx = await startReceiver();
  const g = await gitSandbox();
  try {
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'hostile' } })).status, 201);
    for (const kind of KINDS) {
      const config: Record<string, string> = { url: `${rx.url}/${kind}`, content_type: 'json', secret: `secret-${kind}` };
      if (kind === 'slack') config.channel = '#dev';
      await makeHook(h, token, '/repos/root/hostile/hooks', { type: kind, events: ['push'], config });
    }
    const dir = path.join(g.dir, 'work');
    await g.ok(['init', '-q', '-b', 'main', dir]);
    await g.ok(['commit', '-q', '--allow-empty', '-m', MESSAGE], { cwd: dir, env: { GIT_AUTHOR_NAME: AUTHOR } });
    const sha = (await g.ok(['rev-parse', 'HEAD'], { cwd: dir })).trim();
    await g.ok(['push', '-q', withCredentials(`${h.url}/root/hostile.git`, ADMIN.username, token), 'main'], { cwd: dir });
    // Generous: the worker thread starts on the first delivery, and the test machine may be busy.
    await rx.waitFor(KINDS.length, 90_000);

    const got = Object.fromEntries(KINDS.map((k) => [k, rx.got.find((r) => r.url.startsWith(`/${k}`))!]));
    const repoUrl = `${h.url}/root/hostile`;
    const commitUrl = `${repoUrl}/commit/${sha}`;
    for (const kind of KINDS) {
      const r = got[kind]!;
      assert.ok(r, `${kind} delivered`);
      assert.equal(r.headers['user-agent'], 'Go-http-client/1.1', `${kind} User-Agent`);
      for (const p of ['gitea', 'gogs', 'github']) assert.equal(r.headers[`x-${p}-event`], 'push', `${kind} X-${p}-Event`);
      assert.match(String(r.headers['x-gitea-delivery']), /^[0-9a-f-]{36}$/);
      assert.ok(await verify(`secret-${kind}`, r.body, String(r.headers['x-hub-signature-256'])), `${kind} signature over the body`);
    }

    // 1 - gitea: the raw event, compare_url the site URL on the first push
    const event = JSON.parse(got.gitea!.body);
    assert.equal(event.compare_url, `${h.url}/`);
    assert.equal(event.commits[0].message, `${MESSAGE}\n`);

    // 2 - slack: Gitea's text with a link to the site URL, the attachment escaped, title and link the repository
    const slack = JSON.parse(got.slack!.body);
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    assert.equal(slack.text, `[<${repoUrl}|root/hostile>:<${repoUrl}/src/branch/main|main>] <${h.url}/|1 new commit> pushed by root`);
    assert.deepEqual(slack.attachments, [{ fallback: '', color: '', title: repoUrl, title_link: repoUrl, text: `<${commitUrl}|${sha.slice(0, 7)}>: ${esc(MESSAGE)} - ${esc(AUTHOR)}` }]);

    // 3 - telegram: sanitized HTML with the text escaped
    const tg = JSON.parse(got.telegram!.body);
    const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const a = (href: string, text: string) => `<a href="${href}" rel="nofollow">${text}</a>`;
    assert.equal(tg.parse_mode, 'HTML');
    assert.equal(tg.text, `[${a(repoUrl, 'root/hostile')}:${a(commitUrl, 'main')}] 1 new commit\n[${a(commitUrl, sha.slice(0, 7))}] ${html(MESSAGE)} - ${html(AUTHOR)}`);
    assert.equal(sanitize(tg.text, 'telegram'), tg.text);

    // 4 - matrix: PUT to a transaction id, formatted_body escaped, the commits attached
    const mx = JSON.parse(got.matrix!.body);
    assert.equal(got.matrix!.method, 'PUT');
    assert.match(got.matrix!.url, /^\/matrix\/[0-9a-f]{40}$/);
    assert.equal(mx.formatted_body, `[${a(repoUrl, 'root/hostile')}] root pushed 1 commit to ${a(`${repoUrl}/src/branch/main`, 'main')}:<br>${a(commitUrl, sha.slice(0, 7))}: ${html(MESSAGE)} - ${html(AUTHOR)}`);
    assert.equal(mx['io.gitea.commits'][0].id, sha);
    assert.equal(mx['io.gitea.commits'][0].message, `${MESSAGE}\n`);

    // 5 - feishu: plain text (nothing to escape there) and the default headers above
    const fs = JSON.parse(got.feishu!.body);
    assert.equal(fs.msg_type, 'text');
    assert.equal(fs.content.text, `[root/hostile:main] 1 new commit\r\n[${sha.slice(0, 7)}](${commitUrl}) ${MESSAGE} - ${AUTHOR}`);
    assert.ok(typeof fs.sign === 'string' && typeof fs.timestamp === 'number');
  } finally {
    await h.stop();
    await rx.close();
    await g.dispose();
  }
});
