/** The hook API at every level: create, list, get, edit, delete, Gitea's validation messages and permissions. */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { createUser } from '../../server/services/user/users.ts';
import { createRepository } from '../../server/services/repository/create.ts';
import * as userStore from '../../server/store/users.ts';

const cfg = (url = 'http://127.0.0.1:9/hook') => ({ url, content_type: 'json', secret: 's3cret' });

describe('hook API', () => {
  let h: TestHost;
  let admin: string;
  let alice: string;
  before(async () => {
    h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
    admin = await createToken(h, ADMIN.username, ADMIN.password);
    await createUser(h.app, { username: 'alice', email: 'alice@example.com', password: 'alice-password-1' });
    alice = await createToken(h, 'alice', 'alice-password-1');
    const root = (await userStore.getByName(h.app.store, ADMIN.username))!;
    await createRepository(h.app, root, root, { name: 'proj' });
  });
  after(() => h.stop());

  test('repository hooks: create, list, get, edit, delete; secrets are never returned', async () => {
    const made = await h.api('POST', '/repos/root/proj/hooks', { auth: admin, body: { type: 'gitea', config: cfg(), events: ['push', 'issues'], active: true, authorization_header: 'Bearer xyz', branch_filter: '{main,release/*}' } });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.type, 'gitea');
    assert.deepEqual(made.body.config, { url: 'http://127.0.0.1:9/hook', content_type: 'json' });
    assert.equal(made.body.authorization_header, '');
    assert.ok(made.body.events.includes('issue_comment'), 'issues expands to its group');
    assert.equal(made.body.branch_filter, '{main,release/*}');
    const list = await h.api('GET', '/repos/root/proj/hooks', { auth: admin });
    assert.equal(list.body.length, 1);
    assert.equal(list.headers.get('x-total-count'), '1');
    const edited = await h.api('PATCH', `/repos/root/proj/hooks/${made.body.id}`, { auth: admin, body: { active: false, config: { content_type: 'form' } } });
    assert.equal(edited.status, 200);
    assert.equal(edited.body.active, false);
    assert.equal(edited.body.config.content_type, 'form');
    assert.deepEqual(edited.body.events, made.body.events, 'events stay when not given');
    assert.equal((await h.api('GET', `/repos/root/proj/hooks/${made.body.id}`, { auth: admin })).body.active, false);
    assert.equal((await h.api('DELETE', `/repos/root/proj/hooks/${made.body.id}`, { auth: admin })).status, 204);
    assert.equal((await h.api('GET', `/repos/root/proj/hooks/${made.body.id}`, { auth: admin })).status, 404);
  });

  test('bad input is a 422 with Gitea message', async () => {
    const post = (body: unknown) => h.api('POST', '/repos/root/proj/hooks', { auth: admin, body });
    assert.equal((await post({ type: 'nope', config: cfg() })).body.message, 'Invalid hook type: nope');
    assert.equal((await post({ type: 'gitea', config: { content_type: 'json' } })).body.message, 'Missing config option: url');
    assert.equal((await post({ type: 'gitea', config: { url: 'http://x' } })).body.message, 'Missing config option: content_type');
    assert.equal((await post({ type: 'gitea', config: { url: 'http://x', content_type: 'xml' } })).body.message, 'Invalid content type');
    assert.equal((await post({ type: 'gitea', config: { url: 'ftp://x', content_type: 'json' } })).body.message, 'Invalid url');
    const glob = await post({ type: 'gitea', config: cfg(), branch_filter: '[main' });
    assert.equal(glob.status, 422);
    assert.match(glob.body.message, /branch filter/);
    assert.equal((await post({ type: 'slack', config: cfg() })).body.message, 'Missing config option: channel');
    assert.equal((await post({ type: 'slack', config: { ...cfg(), channel: 'Bad Channel!' } })).status, 400);
    assert.equal((await h.api('GET', '/repos/root/proj/hooks/abc', { auth: admin })).status, 404);
  });

  test('repository hooks need admin on the repository; user hooks are the doer\'s own', async () => {
    assert.equal((await h.api('GET', '/repos/root/proj/hooks', { auth: alice })).status, 403);
    assert.equal((await h.api('GET', '/repos/root/proj/hooks')).status, 401);
    const mine = await h.api('POST', '/user/hooks', { auth: alice, body: { type: 'discord', config: cfg(), active: true } });
    assert.equal(mine.status, 201, mine.text);
    assert.deepEqual(mine.body.events, ['push'], 'no events means push');
    assert.equal((await h.api('GET', '/user/hooks', { auth: alice })).body.length, 1);
    assert.equal((await h.api('GET', `/user/hooks/${mine.body.id}`, { auth: admin })).status, 404, 'another user\'s hook is not found');
    assert.equal((await h.api('DELETE', `/user/hooks/${mine.body.id}`, { auth: alice })).status, 204);
  });

  test('admin hooks: system and default, listed by type; only site admins', async () => {
    const sys = await h.api('POST', '/admin/hooks', { auth: admin, body: { type: 'gitea', config: { ...cfg(), is_system_webhook: 'true' }, active: true } });
    const def = await h.api('POST', '/admin/hooks', { auth: admin, body: { type: 'gogs', config: cfg() } });
    assert.equal(sys.status, 201, sys.text);
    assert.equal(sys.body.config.is_system_webhook, 'true');
    assert.equal(def.body.config.is_system_webhook, 'false');
    const ids = async (q: string) => (await h.api('GET', `/admin/hooks${q}`, { auth: admin })).body.map((x: { id: number }) => x.id);
    assert.deepEqual(await ids(''), [sys.body.id]);
    assert.deepEqual(await ids('?type=system'), [sys.body.id]);
    assert.deepEqual(await ids('?type=default'), [def.body.id]);
    assert.deepEqual(await ids('?type=all'), [sys.body.id, def.body.id]);
    assert.equal((await h.api('GET', '/admin/hooks?type=other', { auth: admin })).status, 422);
    assert.equal((await h.api('GET', '/admin/hooks', { auth: alice })).status, 403);
    const patched = await h.api('PATCH', `/admin/hooks/${def.body.id}`, { auth: admin, body: { config: { is_system_webhook: true } } });
    assert.equal(patched.body.config.is_system_webhook, 'true');
    for (const id of [sys.body.id, def.body.id]) assert.equal((await h.api('DELETE', `/admin/hooks/${id}`, { auth: admin })).status, 204);
  });

  test('organization hooks: owners (and site admins) only, 404 for a missing organization', async () => {
    const now = new Date().toISOString();
    const alicesUser = (await userStore.getByName(h.app.store, 'alice'))!;
    await userStore.insert(h.app.store, (id) => ({ ...alicesUser, id, type: 'organization', name: 'acme', lower_name: 'acme', email: '', passwd: '', created: now, updated: now }));
    const made = await h.api('POST', '/orgs/acme/hooks', { auth: admin, body: { type: 'msteams', config: cfg(), active: true } });
    assert.equal(made.status, 201, made.text);
    assert.equal((await h.api('GET', '/orgs/acme/hooks', { auth: admin })).body.length, 1);
    assert.equal((await h.api('GET', '/orgs/acme/hooks', { auth: alice })).status, 403);
    assert.equal((await h.api('GET', '/orgs/nobody/hooks', { auth: admin })).status, 404);
    assert.equal((await h.api('GET', '/orgs/alice/hooks', { auth: admin })).status, 404, 'a user is not an organization');
  });
});
