// Activity feeds of a pull mirror: a sync records Gitea's mirror_sync_push, mirror_sync_create and mirror_sync_delete,
// performed by the mirror's owner.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPair, upstreamRepo, upstreamUrl, commitFiles, eventually, ADMIN, type Pair } from '../mirrors/helpers.ts';

interface Act { op_type: string; ref_name: string; content: string; act_user: { login: string } }

describe('activity feeds of a pull mirror', () => {
  let p: Pair;
  before(async () => { p = await startPair(); });
  after(async () => { await p.stop(); });

  const feed = async (): Promise<Act[]> => {
    const res = await p.down.api('GET', `/repos/${ADMIN.username}/copy/activities/feeds?limit=50`, { auth: p.downToken });
    assert.equal(res.status, 200, res.text);
    return res.body as Act[];
  };

  test('a sync records pushed commits, created and deleted refs', async () => {
    const work = await upstreamRepo(p, 'copy');
    await p.g.ok(['branch', 'old'], { cwd: work });
    await p.g.ok(['push', '-q', upstreamUrl(p, 'copy', true), 'old'], { cwd: work });
    const res = await p.down.api('POST', '/repos/migrate', {
      auth: p.downToken, body: { clone_addr: upstreamUrl(p, 'copy'), repo_name: 'copy', mirror: true, auth_username: ADMIN.username, auth_password: p.upToken },
    });
    assert.equal(res.status, 201, res.text);
    await commitFiles(p.g, work, { 'b.txt': 'b\n' }, 'second');
    await p.g.ok(['tag', 'v2'], { cwd: work });
    await p.g.ok(['push', '-q', upstreamUrl(p, 'copy', true), 'main', 'v2', ':old'], { cwd: work });
    assert.equal((await p.down.api('POST', `/repos/${ADMIN.username}/copy/mirror-sync`, { auth: p.downToken })).status, 200);
    const list = await eventually(async () => {
      const l = await feed();
      return l.some((a) => a.op_type === 'mirror_sync_delete') && l.some((a) => a.op_type === 'mirror_sync_push') && l;
    }, 15_000, 'the sync actions');
    const push = list.find((a) => a.op_type === 'mirror_sync_push')!;
    assert.equal(push.ref_name, 'refs/heads/main');
    assert.equal((JSON.parse(push.content) as { Commits: { Message: string }[] }).Commits[0]!.Message.trim(), 'second');
    assert.equal(push.act_user.login, ADMIN.username);
    assert.ok(list.some((a) => a.op_type === 'mirror_sync_create' && a.ref_name === 'refs/tags/v2'));
    assert.ok(list.some((a) => a.op_type === 'mirror_sync_delete' && a.ref_name === 'refs/heads/old'));
  });
});
