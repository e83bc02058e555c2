/** The request of every hook kind carries Gitea's default headers and User-Agent, signed over the body sent. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { buildRequest, USER_AGENT } from './request.ts';
import type { DeliveryJob } from '../protocol.ts';

const KINDS = ['gitea', 'gogs', 'slack', 'discord', 'dingtalk', 'telegram', 'msteams', 'feishu', 'matrix', 'wechatwork', 'packagist'];
const payload = JSON.stringify({
  ref: 'refs/heads/main', compare_url: 'http://h/', total_commits: 1, repository: { full_name: 'o/r', html_url: 'http://h/o/r' },
  commits: [{ id: 'a'.repeat(40), message: '<!channel> & <script>', url: 'http://h/o/r/commit/a', author: { name: 'A' } }], pusher: { login: 'o' }, sender: { login: 'o' },
});

const job = (kind: string, secret: string): DeliveryJob => ({
  hookId: 1, taskId: 2, uuid: '0f6b5d2e-1c1a-4b59-9a55-9b5f2b4c7d10', eventType: 'push', event: 'push', kind, url: 'https://hooks.example/x',
  httpMethod: 'POST', contentType: 'json', secret, authorization: '', payloadVersion: 2, payload, meta: { channel: 'dev' },
  targetType: 'repository', timeoutMs: 5000, allowedHosts: ['*'],
});

for (const kind of KINDS) {
  test(`${kind}: the default headers, Gitea's User-Agent, signatures over the body sent`, () => {
    const req = buildRequest(job(kind, 'sekrit'), 1_700_000_000_000);
    const sha256 = createHmac('sha256', 'sekrit').update(req.body).digest('hex');
    const sha1 = createHmac('sha1', 'sekrit').update(req.body).digest('hex');
    assert.deepEqual(req.headers, {
      'Content-Type': 'application/json', 'User-Agent': USER_AGENT,
      'X-Gitea-Delivery': job(kind, '').uuid, 'X-Gitea-Event': 'push', 'X-Gitea-Event-Type': 'push', 'X-Gitea-Signature': sha256,
      'X-Gogs-Delivery': job(kind, '').uuid, 'X-Gogs-Event': 'push', 'X-Gogs-Event-Type': 'push', 'X-Gogs-Signature': sha256,
      'X-Hub-Signature': `sha1=${sha1}`, 'X-Hub-Signature-256': `sha256=${sha256}`,
      'X-GitHub-Delivery': job(kind, '').uuid, 'X-GitHub-Event': 'push', 'X-GitHub-Event-Type': 'push',
      'X-Gitea-Hook-Installation-Target-Type': 'repository', 'X-GitHub-Hook-Installation-Target-Type': 'repository',
    });
    assert.equal(USER_AGENT, 'Go-http-client/1.1');
  });
}

test('without a secret the signature headers are present and empty, feishu included', () => {
  const req = buildRequest(job('feishu', ''));
  assert.equal(req.headers['X-Gitea-Signature'], '');
  assert.equal(req.headers['X-Hub-Signature-256'], 'sha256=');
  assert.equal(req.headers['X-Hub-Signature'], 'sha1=');
  assert.equal(req.headers['X-Gitea-Event'], 'push');
});
