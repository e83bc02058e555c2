/**
 * The `release` (published, updated, deleted) and `status` events as every hook kind converts them: each chat kind
 * names the release's tag or the status's context and says what happened, as Gitea's general converters word it;
 * gitea and gogs send the raw event (no converter); packagist sends its empty URL.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CONVERTERS } from './kinds.ts';

const R = 'http://localhost:3000/test/repo';
const repository = { full_name: 'test/repo', html_url: R };
const sender = { login: 'user1', html_url: 'http://localhost:3000/user1' };
const release = (action: string) => ({ action, release: { tag_name: 'v1.2.3', name: 'Big one', body: 'notes here', html_url: `${R}/releases/tag/v1.2.3` }, repository, sender });
const status = { sha: 'a'.repeat(40), state: 'failure', context: 'ci/build', description: 'tests failed', target_url: 'https://ci.example/7', commit: { id: 'a'.repeat(40) }, repository, sender };
const CHAT = ['slack', 'discord', 'dingtalk', 'telegram', 'msteams', 'feishu', 'matrix', 'wechatwork'];

const text = (kind: string, eventType: string, payload: unknown): string =>
  JSON.stringify(CONVERTERS[kind]!({ eventType, payload, meta: { channel: '#dev' }, url: 'https://matrix.example/send', secret: '', now: 1_700_000_000_000 }).body);

describe('release and status events in every hook kind', () => {
  test('release published, updated and deleted', () => {
    for (const kind of CHAT) {
      for (const [action, word] of [['published', 'created'], ['updated', 'updated'], ['deleted', 'deleted']] as const) {
        const body = text(kind, 'release', release(action));
        assert.match(body, /v1\.2\.3/, `${kind} ${action} names the tag`);
        assert.match(body, new RegExp(`Release ${word}`), `${kind} ${action}: ${body.slice(0, 300)}`);
      }
    }
  });

  test('status', () => {
    for (const kind of CHAT) {
      const body = text(kind, 'status', status);
      assert.match(body, /Commit Status changed/, `${kind}: ${body.slice(0, 300)}`);
      assert.match(body, /ci\/build/);
    }
  });

  test('packagist sends its empty URL; gitea and gogs have no converter (the raw event goes out)', () => {
    assert.deepEqual(CONVERTERS.packagist!({ eventType: 'release', payload: release('published'), meta: {}, url: '', secret: '', now: 0 }).body, { repository: { url: '' } });
    assert.equal(CONVERTERS.gitea, undefined);
    assert.equal(CONVERTERS.gogs, undefined);
  });
});
