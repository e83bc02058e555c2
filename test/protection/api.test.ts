// The /branch_protections routes: Gitea's shapes and answers, who may call them, and bad input.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, refused, ADMIN, type TestHost } from '../helpers/host.ts';

const R = '/repos/root/vault/branch_protections';

describe('branch protection rules through the API', () => {
  let h: TestHost;
  const t: Record<string, string> = {};
  const user = async (name: string): Promise<string> => {
    const made = await h.api('POST', '/admin/users', { auth: t.root, body: { username: name, email: `${name}@example.com`, password: `${name}-password-1`, must_change_password: false } });
    assert.equal(made.status, 201);
    return createToken(h, name, `${name}-password-1`);
  };

  before(async () => {
    h = await startHost();
    t.root = await createToken(h, ADMIN.username, ADMIN.password);
    for (const n of ['reader', 'writer', 'boss', 'stranger']) t[n] = await user(n);
    assert.equal((await h.api('POST', '/user/repos', { auth: t.root, body: { name: 'vault', private: true, auto_init: true } })).status, 201);
    for (const [n, permission] of [['reader', 'read'], ['writer', 'write'], ['boss', 'admin']]) {
      assert.equal((await h.api('PUT', `/repos/root/vault/collaborators/${n}`, { auth: t.root, body: { permission } })).status, 204);
    }
  });
  after(async () => { await h.stop(); });

  test('create, get, list, edit and delete with Gitea\'s shapes', async () => {
    const made = await h.api('POST', R, {
      auth: t.boss,
      body: {
        branch_name: 'main', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: ['writer', 'reader', 'stranger'],
        required_approvals: 2, approvals_whitelist_username: ['reader'], enable_force_push: true, dismiss_stale_approvals: true,
        status_check_contexts: ['ci/build'], protected_file_patterns: '*.lock',
      },
    });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.rule_name, 'main');
    assert.equal(made.body.branch_name, 'main');
    // Only users who may write code stay on a push list; a reader may approve.
    assert.deepEqual(made.body.push_whitelist_usernames, ['writer']);
    assert.deepEqual(made.body.approvals_whitelist_username, ['reader']);
    assert.equal(made.body.enable_force_push, true);
    assert.equal(made.body.dismiss_stale_approvals, true);
    assert.equal(made.body.ignore_stale_approvals, false);
    assert.deepEqual(made.body.push_whitelist_teams, []);

    const glob = await h.api('POST', R, { auth: t.root, body: { rule_name: 'release/**', priority: 1 } });
    assert.equal(glob.status, 201);
    assert.equal(glob.body.branch_name, '');
    assert.equal(glob.body.enable_push, false);

    const list = await h.api('GET', R, { auth: t.boss });
    assert.deepEqual(list.body.map((p: { rule_name: string }) => p.rule_name), ['main', 'release/**']);
    assert.equal((await h.api('GET', `${R}/release/**`, { auth: t.root })).body.rule_name, 'release/**');
    assert.equal((await h.api('GET', `${R}/release%2F%2A%2A`, { auth: t.root })).body.rule_name, 'release/**');

    // An edit changes only what it names; turning push off turns its allow-list off too.
    const edited = await h.api('PATCH', `${R}/main`, { auth: t.root, body: { enable_push: false, ignore_stale_approvals: true } });
    assert.equal(edited.status, 200);
    assert.equal(edited.body.enable_push, false);
    assert.equal(edited.body.enable_push_whitelist, false);
    assert.equal(edited.body.ignore_stale_approvals, true);
    assert.equal(edited.body.dismiss_stale_approvals, true);
    assert.equal(edited.body.required_approvals, 2);

    // Priorities reorder the rules, and the first matching rule is the one a branch shows.
    const ids = (await h.api('GET', R, { auth: t.root })).body.length;
    assert.equal(ids, 2);
    assert.equal((await h.api('DELETE', `${R}/release/**`, { auth: t.root })).status, 204);
    refused(await h.api('GET', `${R}/release/**`, { auth: t.root }), 404);
    assert.equal((await h.api('GET', '/repos/root/vault/branches/main', { auth: t.root })).body.effective_branch_protection_name, 'main');
  });

  test('the first matching rule by priority governs a branch', async () => {
    assert.equal((await h.api('POST', R, { auth: t.root, body: { rule_name: 'ma*', priority: 0, required_approvals: 7 } })).status, 201);
    // `main` (priority 0, older) still wins over `ma*` (priority 0, newer).
    assert.equal((await h.api('GET', '/repos/root/vault/branches/main', { auth: t.root })).body.required_approvals, 2);
    assert.equal((await h.api('PATCH', `${R}/main`, { auth: t.root, body: { priority: 9 } })).status, 200);
    const b = (await h.api('GET', '/repos/root/vault/branches/main', { auth: t.root })).body;
    assert.equal(b.effective_branch_protection_name, 'ma*');
    assert.equal(b.required_approvals, 7);
    assert.equal((await h.api('DELETE', `${R}/ma*`, { auth: t.root })).status, 204);
  });

  test('Gitea\'s error answers: empty name 400, taken name 403, unknown user or team 422, bad glob 422, missing 404', async () => {
    refused(await h.api('POST', R, { auth: t.root, body: {} }), 400, /both rule_name and branch_name are empty/);
    refused(await h.api('POST', R, { auth: t.root, body: { rule_name: 'main' } }), 403, /Branch protection already exist/);
    refused(await h.api('POST', R, { auth: t.root, body: { rule_name: 'x', push_whitelist_usernames: ['nobody-here'] } }), 422, /user does not exist/);
    refused(await h.api('POST', R, { auth: t.root, body: { rule_name: 'feat/[a-' } }), 422);
    refused(await h.api('POST', R, { auth: t.root, body: { rule_name: 'y', protected_file_patterns: 'ok;{a,b' } }), 422, /protected_file_patterns/);
    refused(await h.api('POST', R, { auth: t.root, body: { rule_name: 'z', required_approvals: 'two' } }), 422);
    refused(await h.api('POST', R, { auth: t.root, body: { rule_name: 'z', push_whitelist_usernames: 'writer' } }), 422);
    refused(await h.api('PATCH', `${R}/no-such-rule`, { auth: t.root, body: { enable_push: true } }), 404);
    refused(await h.api('DELETE', `${R}/no-such-rule`, { auth: t.root }), 404);
    refused(await h.api('POST', `${R}/priority`, { auth: t.root, body: { ids: [999] } }), 422);
    refused(await h.api('POST', `${R}/priority`, { auth: t.root, body: { ids: 'x' } }), 422);
    assert.deepEqual((await h.api('GET', R, { auth: t.root })).body.map((p: { rule_name: string }) => p.rule_name), ['main']);
  });

  test('only repository admins read or change rules; strangers learn nothing; archived repositories refuse changes', async () => {
    assert.equal((await h.api('GET', R)).status, 401);
    refused(await h.api('GET', R, { auth: t.stranger }), 404);
    refused(await h.api('GET', `${R}/main`, { auth: t.stranger }), 404);
    for (const who of ['reader', 'writer']) {
      refused(await h.api('GET', R, { auth: t[who] }), 403);
      refused(await h.api('GET', `${R}/main`, { auth: t[who] }), 403);
      refused(await h.api('POST', R, { auth: t[who], body: { rule_name: 'dev' } }), 403);
      refused(await h.api('PATCH', `${R}/main`, { auth: t[who], body: { enable_push: true } }), 403);
      refused(await h.api('DELETE', `${R}/main`, { auth: t[who] }), 403);
    }
    const readOnly = await createToken(h, ADMIN.username, ADMIN.password, ['read:repository']);
    assert.equal((await h.api('GET', R, { auth: readOnly })).status, 200);
    refused(await h.api('POST', R, { auth: readOnly, body: { rule_name: 'dev' } }), 403);
    const publicOnly = await createToken(h, ADMIN.username, ADMIN.password, ['read:repository', 'public-only']);
    assert.equal((await h.api('GET', R, { auth: publicOnly })).status >= 400, true);
    assert.equal((await h.api('PATCH', '/repos/root/vault', { auth: t.root, body: { archived: true } })).status, 200);
    refused(await h.api('POST', R, { auth: t.root, body: { rule_name: 'dev' } }), 423);
    refused(await h.api('PATCH', `${R}/main`, { auth: t.root, body: { enable_push: true } }), 423);
    assert.equal((await h.api('GET', R, { auth: t.root })).status, 200);
    assert.equal((await h.api('PATCH', '/repos/root/vault', { auth: t.root, body: { archived: false } })).status, 200);
  });

  test('a deleted repository takes its rules with it', async () => {
    assert.equal((await h.api('DELETE', '/repos/root/vault', { auth: t.root })).status, 204);
    assert.equal((await h.api('POST', '/user/repos', { auth: t.root, body: { name: 'vault', private: true, auto_init: true } })).status, 201);
    assert.deepEqual((await h.api('GET', R, { auth: t.root })).body, []);
  });
});
