/**
 * A hook target that takes its time must not hold up the operation that caused the event: with a target that
 * records each request and answers none until told, 20 real `git push` runs and an API read after each all
 * complete while not one delivery has been answered; once the target answers, every push arrives once.
 * How long pushes and API requests take beside a sleeping target is measured in `npm run bench` (webhooks).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHost, createToken, ADMIN } from '../helpers/host.ts';
import { gitSandbox, makeRepo, commitFiles, withCredentials } from '../helpers/git.ts';
import { startReceiver, eventually } from './receiver.ts';
import { makeHook } from './fixtures.ts';

const PUSHES = 20;

test('a hook target that answers nothing holds up neither git pushes nor the API; its deliveries arrive once it answers', { timeout: 180_000 }, async () => {
  const target = await startReceiver({ hold: true });
  const g = await gitSandbox();
  // A delivery timeout longer than the test: if a push waited for its delivery, the test would time out.
  const h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback', 'webhook.DELIVER_TIMEOUT': '600' } });
  try {
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    const made = await h.api('POST', '/user/repos', { auth: token, body: { name: 'lat' } });
    assert.equal(made.status, 201, made.text);
    await makeHook(h, token, '/repos/root/lat/hooks', { type: 'gitea', events: ['push'], config: { url: target.url, content_type: 'json' } });
    const local = path.join(g.dir, 'lat');
    const remote = withCredentials(`${h.url}/root/lat.git`, ADMIN.username, token);
    const pushed: string[] = [await makeRepo(g, local, { 'README.md': 'lat\n' })];
    for (let n = 0; n < PUSHES; n++) {
      if (n > 0) pushed.push(await commitFiles(g, local, { 'n.txt': `${n}\n` }, `commit ${n}`));
      await g.ok(['push', '-q', remote, 'HEAD:refs/heads/main'], { cwd: local });
      const head = await h.api('GET', '/repos/root/lat/branches/main', { auth: token });
      assert.equal(head.body?.commit?.id, pushed.at(-1), `the API serves push ${n + 1} while its delivery is unanswered`);
    }
    await target.waitFor(1, 30_000);
    assert.equal(target.answered, 0, 'every push and API read completed before the target answered anything');

    target.release();
    await eventually(async () => target.got.length >= PUSHES, 60_000);
    const afters = target.got.map((r) => (JSON.parse(r.body) as { after: string }).after);
    assert.deepEqual([...afters].sort(), [...pushed].sort(), 'each push delivered exactly once');
  } finally {
    await h.stop();
    target.release();
    await target.close();
    await g.dispose();
  }
});
