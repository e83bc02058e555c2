import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createHash } from 'node:crypto';
import { startHost, createToken, makeUser, ADMIN, type TestHost } from '../helpers/host.ts';

/** The serialized repository is kept per record version: each viewer must still get their own answer. */
describe('repository answers kept per record version', () => {
  let h: TestHost;
  let root: string;
  let alice: string;
  let bob: string;

  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    alice = await makeUser(h, 'alice');
    bob = await makeUser(h, 'bob');
    assert.equal((await h.api('POST', '/user/repos', { auth: root, body: { name: 'pub', auto_init: true } })).status, 201);
    assert.equal((await h.api('POST', '/user/repos', { auth: root, body: { name: 'priv', private: true, auto_init: true } })).status, 201);
    assert.equal((await h.api('PUT', '/repos/root/pub/collaborators/alice', { auth: root, body: { permission: 'read' } })).status, 204);
  });
  after(async () => { await h.stop(); });

  const get = async (auth?: string) => {
    const r = await h.api('GET', '/repos/root/pub', auth ? { auth } : {});
    assert.equal(r.status, 200, r.text);
    return r.body;
  };

  test('two users with different permissions each see their own permissions and owner fields after a warm-up', async () => {
    for (let i = 0; i < 3; i++) for (const t of [root, alice, bob, undefined]) await get(t);
    const [a, b, c, anon] = [await get(root), await get(alice), await get(bob), await get()];
    assert.deepEqual(a.permissions, { admin: true, push: true, pull: true });
    assert.deepEqual(b.permissions, { admin: false, push: false, pull: true });
    assert.deepEqual(c.permissions, { admin: false, push: false, pull: true });
    assert.deepEqual(anon.permissions, { admin: false, push: false, pull: true });
    // the owner's account fields go to the owner only, the email to signed-in viewers only
    assert.equal(a.owner.is_admin, true);
    assert.equal(c.owner.is_admin, false);
    assert.equal(c.owner.email, ADMIN.email);
    assert.notEqual(anon.owner.email, ADMIN.email);
    // a permission change shows at once, though the repository record did not change
    assert.equal((await h.api('PUT', '/repos/root/pub/collaborators/alice', { auth: root, body: { permission: 'write' } })).status, 204);
    assert.deepEqual((await get(alice)).permissions, { admin: false, push: true, pull: true });
    assert.deepEqual((await get(bob)).permissions, { admin: false, push: false, pull: true });
  });

  test('a private repository is never served to a viewer without access, warm or not', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await h.api('GET', '/repos/root/priv', { auth: root })).status, 200);
    assert.equal((await h.api('GET', '/repos/root/priv', { auth: bob })).status, 404);
    assert.equal((await h.api('GET', '/repos/root/priv')).status, 404);
    const names = async (auth?: string) => ((await h.api('GET', '/repos/search?limit=50', auth ? { auth } : {})).body.data as { name: string }[]).map((r) => r.name).sort();
    assert.deepEqual(await names(root), ['priv', 'pub']);
    assert.deepEqual(await names(bob), ['pub']);
    assert.deepEqual(await names(), ['pub']);
  });

  test('a record edit and a counter change show at once; ETag follows the body', async () => {
    const before = await h.api('GET', '/repos/root/pub', { auth: bob });
    const etag = before.headers.get('etag') ?? '';
    // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request, and that is never fresh
    const status = await new Promise<number>((resolve, reject) => {
      http.get(`${h.url}/api/v1/repos/root/pub`, { headers: { authorization: `token ${bob}`, 'if-none-match': etag } }, (res) => { res.resume(); resolve(res.statusCode ?? 0); }).on('error', reject);
    });
    assert.equal(status, 304);
    assert.equal((await h.api('PATCH', '/repos/root/pub', { auth: root, body: { description: 'edited' } })).status, 200);
    const edited = await h.api('GET', '/repos/root/pub', { auth: bob });
    assert.equal(edited.body.description, 'edited');
    assert.notEqual(edited.headers.get('etag'), etag);
    assert.equal((await h.api('POST', '/repos/root/pub/branches', { auth: root, body: { new_branch_name: 'b2', old_branch_name: 'main' } })).status, 201);
    assert.equal((await get(bob)).branch_count, before.body.branch_count + 1);
  });

  test('a search page holds the same repository objects as the single reads, for each viewer', async () => {
    for (const t of [root, bob, undefined]) {
      const found = await h.api('GET', '/repos/search?q=pub', t ? { auth: t } : {});
      assert.equal(found.status, 200);
      assert.equal(found.body.ok, true);
      assert.deepEqual(found.body.data, [await get(t)]);
    }
  });
  test('each repository of a search page has its own counters (read once for the whole page)', async () => {
    assert.equal((await h.api('POST', '/repos/root/priv/issues', { auth: root, body: { title: 'counted' } })).status, 201);
    assert.equal((await h.api('PUT', '/repos/root/pub/subscription', { auth: alice })).status, 200);
    assert.equal((await h.api('POST', '/repos/root/pub/forks', { auth: alice, body: {} })).status, 202);
    const found = await h.api('GET', '/repos/search?q=p&limit=10', { auth: root });
    assert.equal(found.status, 200, found.text);
    const names = found.body.data.map((r: { full_name: string }) => r.full_name);
    assert.deepEqual([...names].sort(), ['alice/pub', 'root/priv', 'root/pub']);
    const single = await Promise.all(names.map(async (n: string) => (await h.api('GET', `/repos/${n}`, { auth: root })).body));
    // a fork's parent is shown by the single read only
    const withoutParent = ({ parent: _, ...r }: { parent?: unknown }) => r;
    assert.deepEqual(found.body.data.map(withoutParent), single.map(withoutParent));
    const [fork, priv, pub] = ['alice/pub', 'root/priv', 'root/pub'].map((n) => found.body.data[names.indexOf(n)]);
    assert.equal(priv.open_issues_count, 1);
    assert.equal(pub.open_issues_count, 0);
    assert.equal(pub.forks_count, 1);
    assert.equal(priv.forks_count, 0);
    assert.equal(pub.watchers_count, priv.watchers_count + 1);
    assert.equal(fork.fork, true);
  });

  test('a search page kept as bytes: the ETag of its body, 304 when fresh, a new body after an edit, per viewer', async () => {
    const search = async (auth?: string) => {
      const r = await h.api('GET', '/repos/search?q=p&limit=10', auth ? { auth } : {});
      assert.equal(r.status, 200, r.text);
      return { text: r.text, etag: r.headers.get('etag') ?? '' };
    };
    const expressEtag = (text: string) => {
      const bytes = Buffer.byteLength(text);
      return `"${bytes.toString(16)}-${createHash('sha1').update(text).digest('base64').substring(0, 27)}"`;
    };
    const first = { root: await search(root), bob: await search(bob), anon: await search() };
    for (const [k, v] of Object.entries(first)) {
      const again = await search(k === 'root' ? root : k === 'bob' ? bob : undefined);
      assert.equal(again.text, v.text);
      assert.equal(again.etag, v.etag);
      assert.equal(v.etag, expressEtag(v.text));
      assert.equal(v.text, JSON.stringify(JSON.parse(v.text)));
    }
    // the admin sees the private repository and full permissions; the kept pages never cross viewers
    assert.notEqual(first.root.text, first.bob.text);
    assert.ok(first.root.text.includes('"name":"priv"'));
    assert.ok(!first.bob.text.includes('"name":"priv"') && !first.anon.text.includes('"name":"priv"'));
    const status = await new Promise<number>((resolve, reject) => {
      http.get(`${h.url}/api/v1/repos/search?q=p&limit=10`, { headers: { authorization: `token ${bob}`, 'if-none-match': first.bob.etag } }, (res) => { res.resume(); resolve(res.statusCode ?? 0); }).on('error', reject);
    });
    assert.equal(status, 304);
    assert.equal((await h.api('PATCH', '/repos/root/pub', { auth: root, body: { description: 'edited for the search page' } })).status, 200);
    const edited = await search(bob);
    assert.ok(edited.text.includes('edited for the search page'));
    assert.notEqual(edited.etag, first.bob.etag);
    assert.equal(edited.etag, expressEtag(edited.text));
  });
});
