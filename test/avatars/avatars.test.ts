// Avatars over HTTP: the generated identicon for accounts without an upload and for unknown names, uploads of users,
// organizations and repositories through Gitea's routes, serving with the detected type, ETag and 304, who sees a
// hidden account's upload, every refusal in Gitea's {message, url} body, deletion, and gitea-js as a client.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ContentType, giteaApi } from 'gitea-js';
import { PNG } from 'pngjs';
import { startHost, createToken, makeUser, pw, refused, ADMIN, type TestHost } from '../helpers/host.ts';

/** A PNG of `w`×`h` filled with one colour. */
function png(w: number, h: number, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const p = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h; i++) p.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(p);
}
/** A one-pixel GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>');
const b64 = (b: Buffer): string => b.toString('base64');
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

interface Image { status: number; type: string; etag: string; cache: string; nosniff: string; bytes: Buffer }

describe('avatars', () => {
  let h: TestHost;
  let root: string;
  let alice: string;
  let bob: string;
  let carol: string;
  const RED = png(16, 16);

  /** GETs (or HEADs) a web path with node:http, so a conditional request goes as it is. */
  const fetchImage = (p: string, o: { auth?: string; etag?: string; method?: string } = {}) => new Promise<Image>((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (o.auth) headers.authorization = `token ${o.auth}`;
    if (o.etag) headers['if-none-match'] = o.etag;
    http.request(`${h.url}${p}`, { method: o.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({
        status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), etag: String(res.headers.etag ?? ''),
        cache: String(res.headers['cache-control'] ?? ''), nosniff: String(res.headers['x-content-type-options'] ?? ''), bytes: Buffer.concat(chunks),
      }));
    }).on('error', reject).end();
  });
  const upload = (auth: string | undefined, p: string, image: string | Buffer) =>
    h.api('POST', p, { ...(auth ? { auth } : {}), body: { image: typeof image === 'string' ? image : b64(image) } });
  const identiconOf = async (name: string) => {
    const img = await fetchImage(`/avatars/${name}`);
    assert.equal(img.status, 200);
    assert.match(img.etag, /^"i-/);
    return img;
  };
  const filesOf = async (kind: 'users' | 'repos', id: number) => readdir(path.join(h.dataDir, 'avatars', kind, String(id))).catch(() => []);

  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    alice = await makeUser(h, 'alice');
    bob = await makeUser(h, 'bob');
    carol = await makeUser(h, 'carol', { visibility: 'private' });
  });
  after(async () => { await h.stop(); });

  test('without an upload every name gets its own identicon PNG, unknown names too; HEAD works', async () => {
    const a = await fetchImage('/avatars/alice');
    assert.equal(a.status, 200);
    assert.equal(a.type, 'image/png');
    assert.equal(a.nosniff, 'nosniff');
    assert.match(a.cache, /no-cache/);
    assert.deepEqual(a.bytes.subarray(0, 8), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    assert.deepEqual((await fetchImage('/avatars/ALICE')).bytes, a.bytes);
    const nobody = await identiconOf('no-such-user');
    assert.equal(nobody.type, 'image/png');
    assert.notDeepEqual(nobody.bytes, a.bytes);
    assert.equal((await fetchImage('/avatars/alice', { etag: a.etag })).status, 304);
    const head = await fetchImage('/avatars/alice', { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.type, 'image/png');
    assert.equal(head.bytes.length, 0);
    // every User and Organization answer points at this address
    const me = await h.api('GET', '/user', { auth: alice });
    assert.equal(me.body.avatar_url, `${h.url}/avatars/alice`);
  });

  test('an upload is served with its own type and bytes, a strong ETag and 304, and replaces the one before', async () => {
    assert.equal((await upload(alice, '/user/avatar', RED)).status, 204);
    const got = await fetchImage('/avatars/alice');
    assert.equal(got.status, 200);
    assert.equal(got.type, 'image/png');
    assert.deepEqual(got.bytes, RED);
    assert.equal(got.etag, `"${sha(RED)}"`);
    assert.equal(got.nosniff, 'nosniff');
    assert.equal((await fetchImage('/avatars/alice', { etag: got.etag })).status, 304);
    const url = (await h.api('GET', '/users/alice')).body.avatar_url as string;
    assert.deepEqual((await fetchImage(new URL(url).pathname)).bytes, RED);

    assert.equal((await upload(alice, '/user/avatar', GIF)).status, 204);
    const gif = await fetchImage('/avatars/alice', { etag: got.etag });
    assert.equal(gif.status, 200, 'the old ETag no longer matches');
    assert.equal(gif.type, 'image/gif');
    assert.deepEqual(gif.bytes, GIF);
    const id = (await h.api('GET', '/users/alice')).body.id as number;
    assert.deepEqual(await filesOf('users', id), [sha(GIF)], 'only the current file is kept');
  });

  test("a hidden account's upload reaches only the viewers who may see the account", async () => {
    assert.equal((await upload(carol, '/user/avatar', RED)).status, 204);
    for (const auth of [undefined, bob]) {
      const seen = await fetchImage('/avatars/carol', { auth });
      assert.match(seen.etag, /^"i-/, 'the identicon, as for a name without an account');
      assert.deepEqual(seen.bytes, (await identiconOf('carol')).bytes);
    }
    for (const auth of [carol, root]) assert.deepEqual((await fetchImage('/avatars/carol', { auth })).bytes, RED);
    // limited: signed-in viewers see it, anonymous ones and public-only tokens do not
    assert.equal((await h.api('PATCH', '/user/settings', { auth: carol, body: {} })).status, 200);
    assert.equal((await h.api('PATCH', '/admin/users/carol', { auth: root, body: { login_name: 'carol', source_id: 0, visibility: 'limited' } })).status, 200);
    assert.deepEqual((await fetchImage('/avatars/carol', { auth: bob })).bytes, RED);
    assert.match((await fetchImage('/avatars/carol')).etag, /^"i-/);
    const publicOnly = await createToken(h, 'bob', pw('bob'), ['public-only', 'read:user']);
    assert.match((await fetchImage('/avatars/carol', { auth: publicOnly })).etag, /^"i-/);
  });

  test('refusals: bad base64 400, images Gitea refuses 422, no token 401, wrong scope 403; nothing changes', async () => {
    const before = (await fetchImage('/avatars/alice')).etag;
    refused(await upload(alice, '/user/avatar', 'not*base64'), 400, /illegal base64 data at input byte 3/);
    refused(await upload(alice, '/user/avatar', `data:image/png;base64,${b64(RED)}`), 400, /illegal base64/);
    refused(await upload(alice, '/user/avatar', 'aGVsbG8'), 400, /illegal base64 data at input byte 7/);
    refused(await upload(alice, '/user/avatar', Buffer.from('just some text')), 422, /unsupported avatar image type/);
    refused(await upload(alice, '/user/avatar', SVG), 422, /unsupported avatar image type/);
    refused(await upload(alice, '/user/avatar', ''), 422, /no image/);
    refused(await upload(alice, '/user/avatar', Buffer.concat([RED, Buffer.alloc(1024 * 1024)])), 422, /image is too large/);
    refused(await upload(alice, '/user/avatar', png(4097, 1)), 422, /width is too large: 4097 > 4096/);
    refused(await upload(alice, '/user/avatar', png(1, 4097)), 422, /height is too large: 4097 > 4096/);
    const field = await upload(alice, '/user/avatar', SVG);
    assert.equal(field.body.errors?.[0]?.field, 'image');
    refused(await upload(undefined, '/user/avatar', RED), 401);
    const readOnly = await createToken(h, 'alice', pw('alice'), ['read:user']);
    refused(await upload(readOnly, '/user/avatar', RED), 403, /write:user/);
    refused(await h.api('DELETE', '/user/avatar', { auth: readOnly }), 403);
    assert.equal((await fetchImage('/avatars/alice')).etag, before);
  });

  test('organization avatars: owners and site admins only; hidden organizations keep theirs hidden', async () => {
    assert.equal((await h.api('POST', '/orgs', { auth: alice, body: { username: 'acme' } })).status, 201);
    const team = await h.api('POST', '/orgs/acme/teams', { auth: alice, body: { name: 'readers', permission: 'read', units: ['repo.code'] } });
    assert.equal((await h.api('PUT', `/teams/${team.body.id}/members/bob`, { auth: alice })).status, 204);
    refused(await upload(bob, '/orgs/acme/avatar', RED), 403, /organization owner/);
    refused(await upload(carol, '/orgs/acme/avatar', RED), 403);
    refused(await h.api('DELETE', '/orgs/acme/avatar', { auth: bob }), 403);
    refused(await upload(alice, '/orgs/no-such-org/avatar', RED), 404);
    const orgScope = await createToken(h, 'alice', pw('alice'), ['write:user']);
    refused(await upload(orgScope, '/orgs/acme/avatar', RED), 403, /write:organization/);
    assert.equal((await upload(alice, '/orgs/acme/avatar', RED)).status, 204);
    assert.deepEqual((await fetchImage('/avatars/acme')).bytes, RED);
    assert.equal((await h.api('GET', '/orgs/acme')).body.avatar_url, `${h.url}/avatars/acme`);
    assert.equal((await upload(root, '/orgs/acme/avatar', GIF)).status, 204, 'a site admin may');

    assert.equal((await h.api('PATCH', '/orgs/acme', { auth: alice, body: { visibility: 'private' } })).status, 200);
    refused(await upload(carol, '/orgs/acme/avatar', RED), 404);
    assert.match((await fetchImage('/avatars/acme')).etag, /^"i-/);
    assert.match((await fetchImage('/avatars/acme', { auth: carol })).etag, /^"i-/);
    assert.deepEqual((await fetchImage('/avatars/acme', { auth: bob })).bytes, GIF, 'members see it');

    for (let i = 0; i < 2; i++) assert.equal((await h.api('DELETE', '/orgs/acme/avatar', { auth: alice })).status, 204);
    assert.match((await fetchImage('/avatars/acme', { auth: alice })).etag, /^"i-/);
  });

  test('repository avatars: admins upload; readers only fetch; avatar_url follows', async () => {
    const made = await h.api('POST', '/user/repos', { auth: alice, body: { name: 'secret', private: true } });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.avatar_url, '');
    assert.equal((await h.api('PUT', '/repos/alice/secret/collaborators/bob', { auth: alice, body: { permission: 'write' } })).status, 204);
    refused(await upload(bob, '/repos/alice/secret/avatar', RED), 403);
    refused(await upload(carol, '/repos/alice/secret/avatar', RED), 404);
    refused(await upload(alice, '/repos/alice/secret/avatar', SVG), 422);
    assert.equal((await upload(alice, '/repos/alice/secret/avatar', RED)).status, 204);
    const repo = await h.api('GET', '/repos/alice/secret', { auth: alice });
    const url = `${h.url}/repo-avatars/${repo.body.id}/${sha(RED)}`;
    assert.equal(repo.body.avatar_url, url);
    const p = new URL(url).pathname;
    for (const auth of [alice, bob, root]) {
      const got = await fetchImage(p, { auth });
      assert.equal(got.status, 200);
      assert.equal(got.type, 'image/png');
      assert.deepEqual(got.bytes, RED);
      assert.equal((await fetchImage(p, { auth, etag: got.etag })).status, 304);
    }
    for (const auth of [undefined, carol]) assert.equal((await fetchImage(p, { auth })).status, 404);
    assert.equal((await fetchImage(`/repo-avatars/${repo.body.id}/${sha(GIF)}`, { auth: alice })).status, 404);
    assert.equal((await fetchImage(`/repo-avatars/999999/${sha(RED)}`, { auth: root })).status, 404);

    assert.equal((await h.api('DELETE', '/repos/alice/secret/avatar', { auth: alice })).status, 204);
    assert.equal((await h.api('GET', '/repos/alice/secret', { auth: alice })).body.avatar_url, '');
    assert.equal((await fetchImage(p, { auth: alice })).status, 404);
    assert.deepEqual(await filesOf('repos', repo.body.id as number), []);
  });

  test('deleting a user, an organization or a repository removes its avatar file', async () => {
    const dave = await makeUser(h, 'dave');
    const daveId = (await h.api('GET', '/user', { auth: dave })).body.id as number;
    assert.equal((await upload(dave, '/user/avatar', RED)).status, 204);
    assert.equal((await h.api('POST', '/orgs', { auth: dave, body: { username: 'dave-org' } })).status, 201);
    const orgId = (await h.api('GET', '/orgs/dave-org')).body.id as number;
    assert.equal((await upload(dave, '/orgs/dave-org/avatar', RED)).status, 204);
    const repo = await h.api('POST', '/user/repos', { auth: dave, body: { name: 'gone' } });
    assert.equal((await upload(dave, '/repos/dave/gone/avatar', GIF)).status, 204);
    assert.equal((await filesOf('repos', repo.body.id as number)).length, 1);

    assert.equal((await h.api('DELETE', '/repos/dave/gone', { auth: dave })).status, 204);
    assert.deepEqual(await filesOf('repos', repo.body.id as number), []);
    assert.equal((await h.api('DELETE', '/orgs/dave-org', { auth: dave })).status, 204);
    assert.deepEqual(await filesOf('users', orgId), []);
    assert.equal((await filesOf('users', daveId)).length, 1);
    assert.equal((await h.api('DELETE', '/admin/users/dave', { auth: root })).status, 204);
    assert.deepEqual(await filesOf('users', daveId), []);
    assert.match((await fetchImage('/avatars/dave')).etag, /^"i-/);
  });

  test('gitea-js uploads and deletes user, organization and repository avatars', async () => {
    // gitea-js's generated avatar calls name no content type (fetch then sends text/plain, which Gitea's binding and
    // this host both refuse), so the JSON type is given with each upload.
    const json = { type: ContentType.Json };
    const api = giteaApi(h.url, { token: alice });
    assert.equal((await api.user.userUpdateAvatar({ image: b64(RED) }, json)).status, 204);
    assert.deepEqual((await fetchImage('/avatars/alice')).bytes, RED);
    assert.equal((await api.user.userDeleteAvatar()).status, 204);
    assert.match((await fetchImage('/avatars/alice')).etag, /^"i-/);
    assert.equal((await api.orgs.orgUpdateAvatar('acme', { image: b64(GIF) }, json)).status, 204);
    assert.equal((await api.orgs.orgDeleteAvatar('acme')).status, 204);
    assert.equal((await api.repos.repoUpdateAvatar('alice', 'secret', { image: b64(RED) }, json)).status, 204);
    const repo = (await api.repos.repoGet('alice', 'secret')).data;
    assert.equal(repo.avatar_url, `${h.url}/repo-avatars/${repo.id}/${sha(RED)}`);
    assert.equal((await api.repos.repoDeleteAvatar('alice', 'secret')).status, 204);
    await assert.rejects(api.user.userUpdateAvatar({ image: 'bad!' }, json), (res: Response) => res.status === 400);
  });
});
