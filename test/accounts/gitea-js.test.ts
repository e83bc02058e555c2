// gitea-js as a real client: it builds its requests from Gitea's swagger and sends them with global fetch,
// a token as `Authorization: Bearer`, a body as JSON; a non-2xx answer is thrown as the Response with `.error`.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { giteaApi, type Api } from 'gitea-js';
import { startHost, createToken, basic, ADMIN, type TestHost } from '../helpers/host.ts';

/** The JSON error body of a failed gitea-js call, with its status. */
async function failure(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await p;
  } catch (err) {
    const res = err as Response & { error: { message?: string } };
    return { status: res.status, message: res.error?.message ?? '' };
  }
  throw new Error('the call succeeded');
}

describe('gitea-js against the host', () => {
  let h: TestHost;
  let admin: Api<unknown>;
  before(async () => {
    h = await startHost();
    admin = giteaApi(h.url, { token: await createToken(h, ADMIN.username, ADMIN.password, ['all']) });
  });
  after(async () => { await h.stop(); });

  test('admin creates, lists, edits, renames and deletes a user', async () => {
    const created = await admin.admin.adminCreateUser({
      username: 'jsuser', email: 'jsuser@example.com', password: 'jsuser-password', must_change_password: false, full_name: 'JS User',
    });
    assert.equal(created.status, 201);
    assert.equal(created.data.login, 'jsuser');
    assert.equal(created.data.full_name, 'JS User');
    const list = await admin.admin.adminSearchUsers({ limit: 1, page: 2 });
    assert.equal(list.data.length, 1);
    assert.equal(list.headers.get('x-total-count'), '2');
    const edited = await admin.admin.adminEditUser('jsuser', { login_name: 'jsuser', source_id: 0, location: 'Browser' });
    assert.equal(edited.data.location, 'Browser');
    const renamed = await admin.admin.adminRenameUser('jsuser', { new_username: 'jsuser2' });
    assert.equal(renamed.status, 204);
    const fetched = await admin.users.userGet('jsuser2');
    assert.equal(fetched.data.id, created.data.id);
    const deleted = await admin.admin.adminDeleteUser('jsuser2', { purge: true });
    assert.equal(deleted.status, 204);
    assert.equal((await failure(admin.users.userGet('jsuser2'))).status, 404);
  });

  test('refusals come back as Gitea error bodies', async () => {
    const missing = await failure(admin.admin.adminCreateUser({ username: 'nomail' } as never));
    assert.equal(missing.status, 422);
    assert.match(missing.message, /^(.*; )?email /);
    const self = await failure(admin.admin.adminDeleteUser(ADMIN.username, {}));
    assert.equal(self.status, 422);
    assert.equal(self.message, 'you cannot delete yourself');
    const last = await failure(admin.admin.adminEditUser(ADMIN.username, { login_name: ADMIN.username, source_id: 0, admin: false }));
    assert.equal(last.status, 400);
  });

  test('the current user, lookups and search', async () => {
    const me = await admin.user.userGetCurrent();
    assert.equal(me.data.login, ADMIN.username);
    assert.equal(me.data.is_admin, true);
    const search = await admin.users.userSearch({ q: 'roo' });
    assert.equal(search.data.ok, true);
    assert.deepEqual(search.data.data?.map((u) => u.login), [ADMIN.username]);
    const ghost = await admin.users.userSearch({ uid: -1 });
    assert.equal(ghost.data.data?.[0]?.login, 'Ghost');
  });

  test('tokens through basic auth: create, list, use, delete; a token alone is refused', async () => {
    await admin.admin.adminCreateUser({ username: 'tokener', email: 'tokener@example.com', password: 'tokener-password', must_change_password: false });
    const client = giteaApi(h.url);
    const auth = { headers: { Authorization: basic('tokener', 'tokener-password') } };
    const made = await client.users.userCreateToken('tokener', { name: 'js', scopes: ['read:user'] }, auth);
    assert.equal(made.status, 201);
    assert.match(made.data.sha1 ?? '', /^[0-9a-f]{40}$/);
    const list = await client.users.userGetTokens('tokener', {}, auth);
    assert.deepEqual(list.data.map((t) => t.name), ['js']);
    assert.equal(list.data[0]?.sha1, '');
    const asUser = giteaApi(h.url, { token: made.data.sha1 });
    assert.equal((await asUser.user.userGetCurrent()).data.login, 'tokener');
    const withToken = await failure(asUser.users.userGetTokens('tokener', {}));
    assert.equal(withToken.status, 401);
    const readOnly = await failure(asUser.admin.adminSearchUsers({}));
    assert.equal(readOnly.status, 403);
    const other = await failure(client.users.userGetTokens(ADMIN.username, {}, auth));
    assert.equal(other.status, 403);
    const byAdmin = await client.users.userGetTokens('tokener', {}, { headers: { Authorization: basic(ADMIN.username, ADMIN.password) } });
    assert.equal(byAdmin.data.length, 1);
    const del = await client.users.userDeleteAccessToken('tokener', 'js', auth);
    assert.equal(del.status, 204);
    assert.equal((await failure(asUser.user.userGetCurrent())).status, 401);
  });
});
