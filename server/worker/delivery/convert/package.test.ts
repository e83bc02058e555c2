/**
 * The `package` event in every kind: Gitea's sentence ("Package created: name:version" linked to the version's
 * page, "by <sender>" where Gitea writes it), with a hostile package name escaped for each medium; packagist
 * gets its empty URL; no kind fails on a payload without a repository.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CONVERTERS } from './kinds.ts';

const URL = 'http://localhost:3000/org1/-/packages/generic/tool/1.0.0';
const sender = { login: 'user1', html_url: 'http://localhost:3000/user1' };
const payload = (action: string, name = 'tool') => ({ action, repository: null, organization: null, package: { name, version: '1.0.0', type: 'generic', html_url: URL }, sender });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies of many shapes
const convert = (kind: string, p: unknown): any =>
  CONVERTERS[kind]!({ eventType: 'package', payload: p, meta: { channel: '#dev' }, url: 'https://matrix.example/send', secret: 's3', now: 1_700_000_000_000 }).body;

test('every kind words a package event as Gitea does', () => {
  assert.equal(convert('slack', payload('created')).text, `Package created: <${URL}|tool:1.0.0> by <${sender.html_url}|user1>`);
  assert.equal(convert('slack', payload('deleted')).text, `Package deleted: <${URL}|tool:1.0.0> by <${sender.html_url}|user1>`);
  assert.equal(convert('telegram', payload('created')).text, `Package created: <a href="${URL}" rel="nofollow">tool:1.0.0</a> by <a href="${sender.html_url}" rel="nofollow">user1</a>`);
  assert.equal(convert('discord', payload('created')).embeds[0].title, 'Package created: tool:1.0.0');
  assert.equal(convert('discord', payload('created')).embeds[0].url, URL);
  assert.equal(convert('msteams', payload('deleted')).title, 'Package deleted: tool:1.0.0');
  assert.match(convert('feishu', payload('created')).content.text, /^Package created: tool:1\.0\.0 by user1/);
  assert.deepEqual(convert('packagist', payload('created')), { repository: { url: '' } });
  for (const kind of Object.keys(CONVERTERS)) assert.ok(JSON.stringify(convert(kind, payload('created'))).length > 10, kind);
});

test('a hostile package name is escaped for each medium', () => {
  const evil = '<script>x</script>[a](javascript:1)<!channel>';
  const slack = convert('slack', payload('created', evil)).text as string;
  assert.ok(!slack.includes('<script>') && !slack.includes('<!channel>'), slack);
  const telegram = convert('telegram', payload('created', evil)).text as string;
  assert.ok(!telegram.includes('<script>'), telegram);
  const discord = JSON.stringify(convert('discord', payload('created', evil)));
  assert.ok(!discord.includes('[a](javascript'), discord);
});
