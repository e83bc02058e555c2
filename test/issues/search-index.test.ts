// Issue text search (q) through HTTP with gitea-js: titles, bodies and comments are found, newest first; edits and
// deletions of issues and comments show at once; /repos/issues/search never returns a private repository's
// issues to a viewer without access to it, whatever text matches (title or comment), and does once access is given.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Api } from 'gitea-js';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { client, makeUser } from './helpers.ts';

const O = ADMIN.username;

describe('issue text search', () => {
  let h: TestHost;
  let admin: Api<unknown>;
  let bob: Api<unknown>;
  before(async () => {
    h = await startHost();
    admin = client(h, await createToken(h, ADMIN.username, ADMIN.password));
    bob = client(h, await makeUser(h, 'bob'));
    await admin.user.createCurrentUserRepo({ name: 'open-project' });
    await admin.user.createCurrentUserRepo({ name: 'vault', private: true });
  });
  after(async () => { await h.stop(); });

  const inRepo = async (q: string, state: 'open' | 'closed' | 'all' = 'open') =>
    (await admin.repos.issueListIssues(O, 'open-project', { q, state })).data.map((i) => i.number);
  const across = async (api: Api<unknown>, q: string) =>
    (await api.repos.issueSearchIssues({ q, state: 'all' })).data.map((i) => `${i.repository?.name}#${i.number}`);

  test('titles, bodies and comments match, newest first; edits and deletions follow', async () => {
    await admin.repos.issueCreateIssue(O, 'open-project', { title: 'Upload stalls', body: 'with a proxy in between' });
    await admin.repos.issueCreateIssue(O, 'open-project', { title: 'Theme colours' });
    await admin.repos.issueCreateIssue(O, 'open-project', { title: 'Proxy settings page' });
    const c = await admin.repos.issueCreateComment(O, 'open-project', 2, { body: 'the proxy hides the colour picker' });
    assert.deepEqual(await inRepo('proxy'), [3, 2, 1]);
    assert.deepEqual(await inRepo('proxy colour'), [2], 'every word must match, as a prefix');
    const listed = await admin.repos.issueListIssues(O, 'open-project', { q: 'proxy', limit: 2 });
    assert.equal(listed.headers.get('x-total-count'), '3');
    await admin.repos.issueEditComment(O, 'open-project', c.data.id!, { body: 'fixed by the new picker' });
    assert.deepEqual(await inRepo('proxy'), [3, 1], 'an edited comment loses its old words');
    assert.deepEqual(await inRepo('picker'), [2]);
    await admin.repos.issueEditIssue(O, 'open-project', 1, { title: 'Upload hangs', body: 'no more detail' });
    assert.deepEqual(await inRepo('proxy'), [3]);
    assert.deepEqual(await inRepo('hangs'), [1]);
    await admin.repos.issueEditIssue(O, 'open-project', 3, { state: 'closed' });
    assert.deepEqual(await inRepo('proxy'), [], 'the state filter applies');
    assert.deepEqual(await inRepo('proxy', 'closed'), [3]);
    await admin.repos.issueDeleteComment(O, 'open-project', c.data.id!);
    assert.deepEqual(await inRepo('picker'), []);
    await admin.repos.issueDelete(O, 'open-project', 3);
    assert.deepEqual(await inRepo('proxy', 'all'), []);
  });

  test('a private repository\'s issues never reach a viewer without access, by title or by comment', async () => {
    await admin.repos.issueCreateIssue(O, 'vault', { title: 'Rotate the zephyr keys' });
    await admin.repos.issueCreateIssue(O, 'vault', { title: 'Plain title' });
    await admin.repos.issueCreateComment(O, 'vault', 2, { body: 'zephyr again' });
    await admin.repos.issueCreateIssue(O, 'open-project', { title: 'Zephyr in public' });
    assert.deepEqual(await across(admin, 'zephyr'), ['open-project#4', 'vault#2', 'vault#1'], 'newest first over both repositories');
    assert.deepEqual(await across(bob, 'zephyr'), ['open-project#4']);
    const anonymous = await fetch(`${h.url}/api/v1/repos/issues/search?q=zephyr&state=all`);
    assert.deepEqual(((await anonymous.json()) as { number: number; repository: { name: string } }[]).map((i) => `${i.repository.name}#${i.number}`), ['open-project#4']);
    assert.equal((await bob.repos.issueSearchIssues({ q: 'zephyr', state: 'all' })).headers.get('x-total-count'), '1', 'the total counts only what bob may see');
    await admin.repos.repoAddCollaborator(O, 'vault', 'bob', { permission: 'read' });
    assert.deepEqual(await across(bob, 'zephyr'), ['open-project#4', 'vault#2', 'vault#1']);
  });
});
