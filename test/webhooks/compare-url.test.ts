/**
 * compare_url as Gitea sends it, with the real git CLI: the first push of an empty repository and a tag delete
 * have nothing to compare and get the site URL; a new branch compares from the default branch (its listed
 * history reaches the root commit); an update compares old...new.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHost, createToken, ADMIN } from '../helpers/host.ts';
import { gitSandbox, withCredentials, commitFiles } from '../helpers/git.ts';
import { startReceiver } from './receiver.ts';
import { makeHook } from './fixtures.ts';

test('compare_url of first push, new branch, update and tag delete', { timeout: 180_000 }, async () => {
  const h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
  const rx = await startReceiver();
  const g = await gitSandbox();
  try {
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'cmp' } })).status, 201);
    await makeHook(h, token, '/repos/root/cmp/hooks', { type: 'gitea', events: ['push'], config: { url: rx.url, content_type: 'json' } });
    const remote = withCredentials(`${h.url}/root/cmp.git`, ADMIN.username, token);
    const dir = path.join(g.dir, 'w');
    await g.ok(['init', '-q', '-b', 'main', dir]);
    await commitFiles(g, dir, { a: '1' }, 'one');
    const main1 = await commitFiles(g, dir, { a: '2' }, 'two');
    const pushes: Record<string, unknown>[] = [];
    const next = async (args: string[]) => {
      await g.ok(['push', '-q', remote, ...args], { cwd: dir });
      await rx.waitFor(pushes.length + 1, 90_000);
      pushes.push(JSON.parse(rx.got[pushes.length]!.body) as Record<string, unknown>);
      return pushes[pushes.length - 1]!;
    };
    const repo = `${h.url}/root/cmp`;

    // 1 - first push: nothing to compare with, the site URL (Gitea: AppURL)
    assert.equal((await next(['main'])).compare_url, `${h.url}/`);
    // 2 - a new branch: from the default branch
    await g.ok(['checkout', '-q', '-b', 'feature'], { cwd: dir });
    const feat = await commitFiles(g, dir, { b: '1' }, 'feature work');
    const created = await next(['feature']);
    assert.equal(created.ref, 'refs/heads/feature');
    assert.equal(created.compare_url, `${repo}/compare/main...${feat}`);
    // 3 - an update: old...new
    const feat2 = await commitFiles(g, dir, { b: '2' }, 'more work');
    assert.equal((await next(['feature'])).compare_url, `${repo}/compare/${feat}...${feat2}`);
    // 4 - a tag pushed, then deleted: the delete has nothing to compare
    await g.ok(['tag', 'v1', main1], { cwd: dir });
    const tagged = await next(['refs/tags/v1']);
    assert.equal(tagged.ref, 'refs/tags/v1');
    const deleted = await next([':refs/tags/v1']);
    assert.equal(deleted.after, '0'.repeat(40));
    assert.equal(deleted.compare_url, `${h.url}/`);
  } finally {
    await h.stop();
    await rx.close();
    await g.dispose();
  }
});
