// Locking and pinning issues, and label templates at repository creation, through HTTP (gitea-js).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Api } from 'gitea-js';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { client, failure, makeUser } from './helpers.ts';

const O = ADMIN.username;

describe('lock, pin and label templates', () => {
  let h: TestHost;
  let admin: Api<unknown>;
  let alice: Api<unknown>;
  let adminToken: string;
  let aliceToken: string;
  before(async () => {
    h = await startHost();
    adminToken = await createToken(h, ADMIN.username, ADMIN.password);
    aliceToken = await makeUser(h, 'alice');
    admin = client(h, adminToken);
    alice = client(h, aliceToken);
    await admin.user.createCurrentUserRepo({ name: 'board' });
    for (const t of ['a', 'b', 'c', 'd']) await admin.repos.issueCreateIssue(O, 'board', { title: t });
  });
  after(async () => { await h.stop(); });

  test('a locked issue takes comments from writers only; readers cannot lock', async () => {
    // This gitea-js version has no lock calls: plain HTTP.
    const lock = (token: string, method: string) => h.api(method, `/repos/${O}/board/issues/1/lock`, { auth: token, ...(method === 'PUT' ? { body: { lock_reason: 'spam' } } : {}) });
    assert.equal((await lock(aliceToken, 'PUT')).status, 403);
    assert.equal((await lock(adminToken, 'PUT')).status, 204);
    assert.equal((await admin.repos.issueGetIssue(O, 'board', 1)).data.is_locked, true);
    assert.equal((await failure(alice.repos.issueCreateComment(O, 'board', 1, { body: 'let me in' }))).status, 403);
    assert.equal((await admin.repos.issueCreateComment(O, 'board', 1, { body: 'writers may' })).status, 201);
    assert.equal((await lock(adminToken, 'DELETE')).status, 204);
    assert.equal((await alice.repos.issueCreateComment(O, 'board', 1, { body: 'now I may' })).status, 201);
  });

  test('pin up to three in order, move, unpin', async () => {
    for (const i of [2, 1, 3]) assert.equal((await admin.repos.pinIssue(O, 'board', i)).status, 204);
    assert.equal((await failure(admin.repos.pinIssue(O, 'board', 4))).status, 422);
    assert.equal((await failure(alice.repos.pinIssue(O, 'board', 4))).status, 403);
    const pinned = async () => (await admin.repos.repoListPinnedIssues(O, 'board')).data.map((i) => `${i.number}:${i.pin_order}`);
    assert.deepEqual(await pinned(), ['2:1', '1:2', '3:3']);
    assert.equal((await admin.repos.moveIssuePin(O, 'board', 3, 1)).status, 204);
    assert.deepEqual(await pinned(), ['3:1', '2:2', '1:3']);
    assert.equal((await admin.repos.unpinIssue(O, 'board', 2)).status, 204);
    assert.deepEqual(await pinned(), ['3:1', '1:2']);
    assert.equal((await admin.repos.issueGetIssue(O, 'board', 2)).data.pin_order, 0);
  });

  test('issue_labels applies Gitea\'s template at creation; an unknown template is refused', async () => {
    await admin.user.createCurrentUserRepo({ name: 'templated', issue_labels: 'Advanced' });
    const labels = (await admin.repos.issueListLabels(O, 'templated', { limit: 50 })).data;
    assert.equal(labels.length, 18);
    assert.equal(labels.find((l) => l.name === 'Priority/High')?.exclusive, true);
    assert.equal(labels.find((l) => l.name === 'Kind/Bug')?.exclusive, false);
    await admin.user.createCurrentUserRepo({ name: 'default-labels', issue_labels: 'Default' });
    assert.deepEqual((await admin.repos.issueListLabels(O, 'default-labels')).data.map((l) => l.name),
      ['bug', 'duplicate', 'enhancement', 'help wanted', 'invalid', 'question', 'wontfix']);
    assert.equal((await failure(admin.user.createCurrentUserRepo({ name: 'bad-labels', issue_labels: 'Nope' }))).status, 422);
    assert.equal((await failure(admin.repos.repoGet(O, 'bad-labels'))).status, 404);
  });
});
