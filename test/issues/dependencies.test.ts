// Issue dependencies through HTTP (gitea-js): same and cross repository, refusals (self, duplicate, circular,
// cross-repository when off), the closing rule, and what a viewer without permission on the related
// repository is told.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Api } from 'gitea-js';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { client, failure, makeUser } from './helpers.ts';

const O = ADMIN.username;
const meta = (index: number, repo = 'deps', owner = O) => ({ index, owner, repo });
// gitea-js sends IssueMeta bodies without a Content-Type (the swagger has none for them); the host reads JSON only.
const J = { headers: { 'Content-Type': 'application/json' } };

describe('issue dependencies', () => {
  let h: TestHost;
  let admin: Api<unknown>;
  let bob: Api<unknown>;
  before(async () => {
    h = await startHost();
    admin = client(h, await createToken(h, ADMIN.username, ADMIN.password));
    bob = client(h, await makeUser(h, 'bob'));
    await admin.user.createCurrentUserRepo({ name: 'deps' });
    await admin.user.createCurrentUserRepo({ name: 'hidden', private: true });
    for (const t of ['one', 'two', 'three']) await admin.repos.issueCreateIssue(O, 'deps', { title: t });
    await admin.repos.issueCreateIssue(O, 'hidden', { title: 'secret blocker' });
  });
  after(async () => { await h.stop(); });

  test('add, list both ways, remove; refusals', async () => {
    const added = await admin.repos.issueCreateIssueDependencies(O, 'deps', '1', meta(2), J);
    assert.equal(added.status, 201);
    assert.equal(added.data.number, 1);
    assert.deepEqual((await admin.repos.issueListIssueDependencies(O, 'deps', '1')).data.map((i) => i.title), ['two']);
    assert.deepEqual((await admin.repos.issueListBlocks(O, 'deps', '2')).data.map((i) => i.title), ['one']);
    await admin.repos.issueCreateIssueBlocking(O, 'deps', '3', meta(2), J);
    assert.deepEqual((await admin.repos.issueListIssueDependencies(O, 'deps', '2')).data.map((i) => i.title), ['three']);
    assert.equal((await failure(admin.repos.issueCreateIssueDependencies(O, 'deps', '1', meta(2), J))).status, 422, 'duplicate');
    assert.equal((await failure(admin.repos.issueCreateIssueDependencies(O, 'deps', '1', meta(1), J))).status, 422, 'self');
    assert.equal((await failure(admin.repos.issueCreateIssueDependencies(O, 'deps', '3', meta(1), J))).status, 422, 'circular through 2');
    assert.equal((await failure(admin.repos.issueCreateIssueDependencies(O, 'deps', '1', meta(99), J))).status, 404);
    assert.equal((await failure(bob.repos.issueCreateIssueDependencies(O, 'deps', '1', meta(3), J))).status, 403);
    const removed = await admin.repos.issueRemoveIssueBlocking(O, 'deps', '3', meta(2), J);
    assert.equal(removed.status, 200);
    assert.deepEqual((await admin.repos.issueListIssueDependencies(O, 'deps', '2')).data, []);
  });

  test('an issue with open blockers cannot be closed; once they are closed it can', async () => {
    const refused = await failure(admin.repos.issueEditIssue(O, 'deps', 1, { state: 'closed' }));
    assert.equal(refused.status, 412);
    assert.equal((await admin.repos.issueGetIssue(O, 'deps', 1)).data.state, 'open');
    await admin.repos.issueEditIssue(O, 'deps', 2, { state: 'closed' });
    assert.equal((await admin.repos.issueEditIssue(O, 'deps', 1, { state: 'closed' })).data.state, 'closed');
    await admin.repos.issueEditIssue(O, 'deps', 1, { state: 'open' });
  });

  test('across repositories: shown to viewers of the related repository, a not-permitted stub to the others', async () => {
    await admin.repos.issueCreateIssueDependencies(O, 'deps', '3', meta(1, 'hidden'), J);
    const mine = await admin.repos.issueListIssueDependencies(O, 'deps', '3');
    assert.deepEqual(mine.data.map((i) => `${i.repository?.full_name}#${i.number} ${i.title}`), [`${O}/hidden#1 secret blocker`]);
    const theirs = await bob.repos.issueListIssueDependencies(O, 'deps', '3');
    assert.equal(theirs.data.length, 1);
    assert.equal(theirs.data[0]!.title, 'HIDDEN');
    assert.equal(theirs.data[0]!.body, 'You do not have permission to read this dependency');
    assert.equal(theirs.data[0]!.number, 0);
    assert.ok(!JSON.stringify(theirs.data).includes('secret blocker'));
    assert.ok(!JSON.stringify(theirs.data).includes('hidden'));
    const anon = await h.api('GET', `/repos/${O}/deps/issues/3/dependencies`);
    assert.equal(anon.body[0].title, 'HIDDEN');
    const blocks = await bob.repos.issueListBlocks(O, 'hidden', '1').catch((e: Response) => e);
    assert.equal(blocks.status, 404, 'the private side is not readable at all');
    // A collaborator with read on the private repository sees it.
    await admin.repos.repoAddCollaborator(O, 'hidden', 'bob', { permission: 'read' });
    assert.equal((await bob.repos.issueListIssueDependencies(O, 'deps', '3')).data[0]!.title, 'secret blocker');
    assert.equal((await failure(admin.repos.issueEditIssue(O, 'deps', 3, { state: 'closed' }))).status, 412);
  });

  test('cross-repository dependencies are refused when the setting is off', async () => {
    const off = await startHost({ settings: { 'service.ALLOW_CROSS_REPOSITORY_DEPENDENCIES': 'false' } });
    try {
      const root = client(off, await createToken(off, ADMIN.username, ADMIN.password));
      await root.user.createCurrentUserRepo({ name: 'a' });
      await root.user.createCurrentUserRepo({ name: 'b' });
      await root.repos.issueCreateIssue(O, 'a', { title: 'a1' });
      await root.repos.issueCreateIssue(O, 'a', { title: 'a2' });
      await root.repos.issueCreateIssue(O, 'b', { title: 'b1' });
      assert.equal((await failure(root.repos.issueCreateIssueDependencies(O, 'a', '1', meta(1, 'b'), J))).status, 422);
      assert.equal((await root.repos.issueCreateIssueDependencies(O, 'a', '1', meta(2, 'a'), J)).status, 201);
    } finally {
      await off.stop();
    }
  });
});
