/**
 * Who may be assigned and asked to review (GET /repos/{o}/{r}/assignees, /assignees/{name}, /reviewers): the lists
 * agree with what assigning and requesting a review accept, follow teams, collaborators and watchers, and hide
 * private users and repositories from those who may not see them.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, logins, refused, ADMIN, type TestHost } from '../helpers/host.ts';
import { makeUser, expectStatus } from '../orgs/helpers.ts';

describe('assignees and reviewers', () => {
  let h: TestHost;
  let root: string;
  const t: Record<string, string> = {};
  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    for (const name of ['owner', 'writer', 'reader', 'watcher', 'stranger', 'writer2', 'hidden']) t[name] = await makeUser(h, name);
    expectStatus(await h.api('PATCH', '/admin/users/hidden', { auth: root, body: { login_name: 'hidden', visibility: 'private' } }), 200);
    expectStatus(await h.api('POST', '/user/repos', { auth: t.owner, body: { name: 'solo', auto_init: true } }), 201);
    expectStatus(await h.api('POST', '/user/repos', { auth: t.owner, body: { name: 'closed', private: true } }), 201);
    expectStatus(await h.api('PUT', '/repos/owner/solo/collaborators/writer', { auth: t.owner, body: { permission: 'write' } }), 204);
    expectStatus(await h.api('PUT', '/repos/owner/solo/collaborators/reader', { auth: t.owner, body: { permission: 'read' } }), 204);
    expectStatus(await h.api('PUT', '/repos/owner/solo/collaborators/hidden', { auth: t.owner, body: { permission: 'write' } }), 204);
    expectStatus(await h.api('PUT', '/repos/owner/solo/subscription', { auth: t.watcher }), 200);
    // an organization: its owner (root), a team that writes and one that reads
    expectStatus(await h.api('POST', '/orgs', { auth: root, body: { username: 'crew' } }), 201);
    expectStatus(await h.api('POST', '/orgs/crew/repos', { auth: root, body: { name: 'app', auto_init: true } }), 201);
    for (const [team, permission, member] of [['writers', 'write', 'writer2'], ['readers', 'read', 'reader']] as const) {
      const made = await h.api('POST', '/orgs/crew/teams', { auth: root, body: { name: team, permission, units: ['repo.code', 'repo.issues', 'repo.pulls'], includes_all_repositories: true } });
      expectStatus(made, 201);
      expectStatus(await h.api('PUT', `/teams/${made.body.id}/members/${member}`, { auth: root }), 204);
    }
  });
  after(async () => { await h.stop(); });

  test('a user repository: the owner and writing collaborators are assignees; readers and watchers may review', async () => {
    const assignees = await h.api('GET', '/repos/owner/solo/assignees', { auth: t.reader });
    expectStatus(assignees, 200);
    assert.deepEqual(logins(assignees), ['owner', 'writer'], 'the private user is left out for a viewer who may not see them');
    assert.deepEqual(logins(await h.api('GET', '/repos/owner/solo/assignees', { auth: root })), ['hidden', 'owner', 'writer']);
    const reviewers = await h.api('GET', '/repos/owner/solo/reviewers', { auth: t.writer });
    expectStatus(reviewers, 200);
    assert.deepEqual(logins(reviewers), ['owner', 'reader', 'watcher', 'writer']);
    for (const u of assignees.body) assert.equal(typeof u.id, 'number');
  });

  test('the check answers 204 for an assignee and 404 otherwise, and agrees with assigning', async () => {
    expectStatus(await h.api('GET', '/repos/owner/solo/assignees/writer', { auth: t.reader }), 204);
    expectStatus(await h.api('GET', '/repos/owner/solo/assignees/owner', { auth: t.reader }), 204);
    const reader = await h.api('GET', '/repos/owner/solo/assignees/reader', { auth: t.reader });
    refused(reader, 404);
    expectStatus(await h.api('GET', '/repos/owner/solo/assignees/nobody', { auth: t.reader }), 404);
    const issue = await h.api('POST', '/repos/owner/solo/issues', { auth: t.owner, body: { title: 'assign me' } });
    expectStatus(issue, 201);
    const listed = logins(await h.api('GET', '/repos/owner/solo/assignees', { auth: root }));
    expectStatus(await h.api('PATCH', `/repos/owner/solo/issues/${issue.body.number}`, { auth: t.owner, body: { assignees: listed } }), 201);
    expectStatus(await h.api('PATCH', `/repos/owner/solo/issues/${issue.body.number}`, { auth: t.owner, body: { assignees: ['reader'] } }), 422);
  });

  test('an organization repository: members of a writing team are assignees, of a reading team reviewers', async () => {
    assert.deepEqual(logins(await h.api('GET', '/repos/crew/app/assignees', { auth: t.reader })), [ADMIN.username, 'writer2'].sort());
    assert.deepEqual(logins(await h.api('GET', '/repos/crew/app/reviewers', { auth: t.reader })), ['reader', ADMIN.username, 'writer2'].sort());
  });

  test('a private repository hides both lists from strangers; signing in is required', async () => {
    expectStatus(await h.api('GET', '/repos/owner/closed/assignees', { auth: t.stranger }), 404);
    expectStatus(await h.api('GET', '/repos/owner/closed/reviewers', { auth: t.stranger }), 404);
    expectStatus(await h.api('GET', '/repos/owner/closed/assignees/owner', { auth: t.stranger }), 404);
    assert.deepEqual(logins(await h.api('GET', '/repos/owner/closed/reviewers', { auth: t.owner })), ['owner']);
    expectStatus(await h.api('GET', '/repos/owner/solo/assignees'), 401);
    expectStatus(await h.api('GET', '/repos/owner/solo/reviewers'), 401);
  });
});
