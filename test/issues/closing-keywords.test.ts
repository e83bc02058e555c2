// Closing and reopening keywords as Gitea applies them, with the real git client: commits pushed to the default
// branch close (`fixes #1`, `Closes: #1`) and reopen (`reopens #1`) issues, across repositories too, recording
// the `commit_ref` event and the closing commit on the `close` event, and sending the `issues` hook event with
// its commit_id; a push to another branch only references. A pull request whose body says `Resolves #n` closes
// the issue when merged. A reference from a deleted comment disappears from the timeline.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cloneOf, commitFiles, newRepo, pullWorld, pushBranch, type PullWorld } from '../pulls/helpers.ts';
import { startReceiver, eventually, type Receiver } from '../webhooks/receiver.ts';
import { makeHook } from '../webhooks/fixtures.ts';

type Row = Record<string, unknown> & { type: string };

describe('closing keywords in commits and pull requests', () => {
  let w: PullWorld;
  let hook: Receiver;
  let dir: string;
  const api = (method: string, p: string, body?: unknown) => w.h.api(method, p, { auth: w.token, ...(body ? { body } : {}) });
  const issue = async (repo: string, n: number) => (await api('GET', `/repos/root/${repo}/issues/${n}`)).body as { state: string };
  const timeline = async (repo: string, n: number) => (await api('GET', `/repos/root/${repo}/issues/${n}/timeline`)).body as Row[];
  const push = async (message: string, branch = 'main') => {
    const sha = await commitFiles(w, dir, { [`f-${Math.random()}.txt`]: 'x\n' }, message);
    await w.g.ok(['push', '-q', 'origin', `HEAD:${branch}`], { cwd: dir });
    return sha;
  };
  const hookActions = () => hook.got.map((g) => JSON.parse(g.body) as { action: string; number: number; commit_id: string });

  before(async () => {
    w = await pullWorld();
    hook = await startReceiver();
    await newRepo(w, 'kw');
    await newRepo(w, 'other');
    for (let i = 1; i <= 6; i++) assert.equal((await api('POST', '/repos/root/kw/issues', { title: `issue ${i}` })).status, 201);
    await makeHook(w.h, w.token, '/repos/root/kw/hooks', { type: 'gitea', config: { url: hook.url, content_type: 'json' }, events: ['issues'] });
    dir = await cloneOf(w, 'root', 'kw');
  });
  after(async () => { await hook.close(); await w.stop(); });

  test('a keyword on another branch references the issue but leaves it open', async () => {
    await w.g.ok(['checkout', '-q', '-b', 'topic'], { cwd: dir });
    const sha = await push('Start work, fixes #1', 'topic');
    const refs = await eventually(async () => { const t = await timeline('kw', 1); return t.some((r) => r.type === 'commit_ref') && t; });
    const ref = refs.find((r) => r.type === 'commit_ref')!;
    assert.equal(ref.ref_commit_sha, sha);
    assert.equal(ref.body, `<a href="/root/kw/commit/${sha}">Start work, fixes #1</a>`);
    assert.equal((await issue('kw', 1)).state, 'open');
    await w.g.ok(['checkout', '-q', 'main'], { cwd: dir });
  });

  test('a push to the default branch closes, reopens, and only references without a keyword', async () => {
    await w.g.ok(['merge', '-q', '--ff-only', 'topic'], { cwd: dir });
    const closing = await push('Closes: #2 and refs #3; see also (fixed #4)');
    await eventually(async () => (await issue('kw', 2)).state === 'closed');
    assert.equal((await issue('kw', 1)).state, 'closed', 'the topic commit reached main with the push');
    assert.equal((await issue('kw', 3)).state, 'open', '"refs" is no keyword');
    assert.equal((await issue('kw', 4)).state, 'closed', 'a keyword after an opening parenthesis counts');
    const t2 = await timeline('kw', 2);
    assert.deepEqual(t2.map((r) => r.type), ['commit_ref', 'close']);
    assert.equal(t2[1]!.ref_commit_sha, closing);
    const t1 = await timeline('kw', 1);
    assert.equal(t1.filter((r) => r.type === 'commit_ref').length, 1, 'one reference per commit, even pushed twice');
    assert.deepEqual((await timeline('kw', 3)).map((r) => r.type), ['commit_ref']);
    await hook.waitFor(3);
    const closed = hookActions().filter((p) => p.action === 'closed');
    assert.deepEqual(closed.map((p) => p.number).sort(), [1, 2, 4]);
    assert.equal(closed.find((p) => p.number === 2)!.commit_id, closing);

    const reopening = await push('Reopens #2 because it came back');
    await eventually(async () => (await issue('kw', 2)).state === 'open');
    const last = (await timeline('kw', 2)).at(-1)!;
    assert.deepEqual([last.type, last.ref_commit_sha], ['reopen', reopening]);
    await eventually(async () => hookActions().some((p) => p.action === 'reopened' && p.number === 2 && p.commit_id === reopening));
    await push('this fixes nothing about the word fixes#5 or `fixes #5`');
    assert.equal((await issue('kw', 5)).state, 'open');
  });

  test('a commit in another repository closes with owner/repo#n', async () => {
    const other = await cloneOf(w, 'root', 'other');
    const sha = await commitFiles(w, other, { 'o.txt': 'o\n' }, 'Fix root/kw#5 from elsewhere');
    await w.g.ok(['push', '-q', 'origin', 'main'], { cwd: other });
    await eventually(async () => (await issue('kw', 5)).state === 'closed');
    const ref = (await timeline('kw', 5)).find((r) => r.type === 'commit_ref')!;
    assert.equal(ref.body, `<a href="/root/other/commit/${sha}">Fix root/kw#5 from elsewhere</a>`);
  });

  test('a merged pull request closes the issue its body resolves', async () => {
    await w.g.ok(['fetch', '-q', 'origin'], { cwd: dir });
    await pushBranch(w, dir, 'fix-6', { 'six.txt': '6\n' }, 'Work on the sixth');
    const pr = await api('POST', '/repos/root/kw/pulls', { head: 'fix-6', base: 'main', title: 'Sixth', body: 'Resolves #6' });
    assert.equal(pr.status, 201, JSON.stringify(pr.body));
    const n = (pr.body as { number: number }).number;
    const ref = (await timeline('kw', 6)).find((r) => r.type === 'pull_ref')!;
    assert.equal(ref.ref_action, 'closes');
    assert.equal((ref.ref_issue as { number: number }).number, n);
    assert.equal((await issue('kw', 6)).state, 'open');
    assert.equal((await api('POST', `/repos/root/kw/pulls/${n}/merge`, { Do: 'merge' })).status, 200);
    const merged = (await api('GET', `/repos/root/kw/pulls/${n}`)).body as { merge_commit_sha: string };
    assert.equal((await issue('kw', 6)).state, 'closed');
    const close = (await timeline('kw', 6)).find((r) => r.type === 'close')!;
    assert.equal(close.ref_commit_sha, merged.merge_commit_sha);
    await eventually(async () => hookActions().some((p) => p.action === 'closed' && p.number === 6 && p.commit_id === merged.merge_commit_sha));
  });

  test('a reference from a deleted comment is no longer shown', async () => {
    const c = await api('POST', '/repos/root/kw/issues/3/comments', { body: 'related to #2' });
    assert.equal(c.status, 201);
    const id = (c.body as { id: number }).id;
    const refs = (await timeline('kw', 2)).filter((r) => r.type === 'comment_ref');
    assert.equal((refs[0]!.ref_comment as { id: number }).id, id);
    assert.equal((await api('DELETE', `/repos/root/kw/issues/comments/${id}`)).status, 204);
    const after = await timeline('kw', 2);
    assert.equal(after.filter((r) => r.type === 'comment_ref').length, 0);
    assert.ok(!JSON.stringify(after).includes('related to #2'));
  });
});
