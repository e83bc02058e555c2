// Deleting an issue (repository admins only: its comments and dependencies go with it), and deleting a
// repository: no label, milestone, comment, dependency or issue of it stays in the store.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Api } from 'gitea-js';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { client, failure, makeUser } from './helpers.ts';

const O = ADMIN.username;
const J = { headers: { 'Content-Type': 'application/json' } };

/** Every file under `dir` whose text holds `needle`. */
async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const file = path.join(e.parentPath, e.name);
    if ((await readFile(file, 'utf8')).includes(needle)) out.push(file);
  }
  return out;
}

describe('issue and repository deletion', () => {
  let h: TestHost;
  let admin: Api<unknown>;
  let bob: Api<unknown>;
  before(async () => {
    h = await startHost();
    admin = client(h, await createToken(h, ADMIN.username, ADMIN.password));
    bob = client(h, await makeUser(h, 'bob'));
    await admin.user.createCurrentUserRepo({ name: 'keep' });
    await admin.repos.repoAddCollaborator(O, 'keep', 'bob', { permission: 'write' });
  });
  after(async () => { await h.stop(); });

  test('an admin deletes an issue with its comments and dependencies; a writer may not', async () => {
    const one = (await admin.repos.issueCreateIssue(O, 'keep', { title: 'doomed' })).data;
    const two = (await admin.repos.issueCreateIssue(O, 'keep', { title: 'stays' })).data;
    const c = (await admin.repos.issueCreateComment(O, 'keep', one.number!, { body: 'goes too' })).data;
    await admin.repos.issueCreateIssueDependencies(O, 'keep', String(two.number), { index: one.number!, owner: O, repo: 'keep' }, J);
    assert.equal((await failure(bob.repos.issueDelete(O, 'keep', one.number!))).status, 403);
    const before = (await admin.repos.repoGet(O, 'keep')).data.open_issues_count;
    assert.equal((await admin.repos.issueDelete(O, 'keep', one.number!)).status, 204);
    assert.equal((await failure(admin.repos.issueGetIssue(O, 'keep', one.number!))).status, 404);
    assert.equal((await failure(admin.repos.issueGetComment(O, 'keep', c.id!))).status, 404);
    assert.deepEqual((await admin.repos.issueListIssueDependencies(O, 'keep', String(two.number))).data, []);
    assert.equal((await admin.repos.repoGet(O, 'keep')).data.open_issues_count, before! - 1);
    assert.deepEqual((await admin.repos.issueListIssues(O, 'keep', { state: 'all' })).data.map((i) => i.title), ['stays']);
    assert.equal((await failure(admin.repos.issueDelete(O, 'keep', one.number!))).status, 404);
    const next = (await admin.repos.issueCreateIssue(O, 'keep', { title: 'after' })).data;
    assert.equal(next.number, two.number! + 1, 'numbers are not reused');
  });

  test('deleting a repository leaves nothing of its issue tracker in the store', async () => {
    await admin.user.createCurrentUserRepo({ name: 'gone' });
    await admin.repos.issueCreateLabel(O, 'gone', { name: 'zz-label-gone', color: '#ff0000', exclusive: true });
    await admin.repos.issueCreateMilestone(O, 'gone', { title: 'zz-milestone-gone' });
    const i = (await admin.repos.issueCreateIssue(O, 'gone', { title: 'zz-issue-gone', assignees: [O] })).data;
    await admin.repos.issueCreateComment(O, 'gone', i.number!, { body: 'zz-comment-gone' });
    const keeper = (await admin.repos.issueCreateIssue(O, 'keep', { title: 'blocked by a gone issue' })).data;
    await admin.repos.issueCreateIssueDependencies(O, 'keep', String(keeper.number), { index: i.number!, owner: O, repo: 'gone' }, J);
    const store = path.join(h.dataDir, 'store');
    const texts = ['zz-label-gone', 'zz-milestone-gone', 'zz-issue-gone', 'zz-comment-gone'];
    for (const text of texts) assert.ok((await filesHolding(store, text)).length > 0, `${text} was stored`);
    assert.equal((await admin.repos.repoDelete(O, 'gone')).status, 204);
    // The bus delivers repo.deleted to the issue feature; give it a few seconds at most.
    for (let t = 0; t < 50 && (await filesHolding(store, 'zz-comment-gone')).length; t++) await new Promise((r) => setTimeout(r, 100));
    for (const text of texts) assert.deepEqual(await filesHolding(store, text), [], text);
    assert.deepEqual((await admin.repos.issueListIssueDependencies(O, 'keep', String(keeper.number))).data, []);
    const mine = await h.api('GET', '/repos/issues/search?assigned=true&state=all', { auth: [O, ADMIN.password] });
    assert.equal(mine.status, 200);
    assert.ok(!(mine.body as { title: string }[]).some((x) => x.title === 'zz-issue-gone'));
  });
});
