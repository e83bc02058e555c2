/**
 * The generic registry and the package API: upload and download with checksums, one blob for equal content
 * removed with its last file, Gitea's limits, the package API's list, versions, files, link and delete, and who
 * may see and write an organization's packages (a private organization's are hidden from outsiders).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { startHost, createToken, request, ADMIN, type TestHost } from '../helpers/host.ts';

let h: TestHost;
let root: string;
let member: string;
let stranger: string;
const G = '/api/packages';

const put = (owner: string, p: string, body: Buffer | string, auth?: string) =>
  fetch(`${h.url}${G}/${owner}/generic/${p}`, { method: 'PUT', body: typeof body === 'string' ? body : new Uint8Array(body), headers: auth ? { Authorization: `token ${auth}` } : {} });

async function blobFiles(): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      if (e.name === '.tmp') continue;
      if (e.isDirectory()) await walk(path.join(d, e.name));
      else out.push(e.name);
    }
  };
  await walk(path.join(h.dataDir, 'packages'));
  return out.sort();
}

before(async () => {
  h = await startHost({ settings: { 'packages.LIMIT_SIZE_GENERIC': '3 MiB' } });
  root = await createToken(h, ADMIN.username, ADMIN.password);
  for (const u of ['pk-member', 'pk-stranger']) {
    assert.equal((await h.api('POST', '/admin/users', { auth: root, body: { username: u, email: `${u}@example.com`, password: `${u}-password-1`, must_change_password: false } })).status, 201);
  }
  member = await createToken(h, 'pk-member', 'pk-member-password-1');
  stranger = await createToken(h, 'pk-stranger', 'pk-stranger-password-1');
  assert.equal((await h.api('POST', '/orgs', { auth: root, body: { username: 'pk-org', visibility: 'private' } })).status, 201);
  const team = await h.api('POST', '/orgs/pk-org/teams', { auth: root, body: { name: 'readers', permission: 'read', units: ['repo.packages'] } });
  assert.equal((await h.api('PUT', `/teams/${team.body.id}/members/pk-member`, { auth: root })).status, 204);
});

after(async () => h.stop());

test('upload and download with checksums; equal content is stored once and goes with its last file', async () => {
  const data = randomBytes(2 * 1024 * 1024 + 17);
  const sha256 = createHash('sha256').update(data).digest('hex');
  assert.equal((await put('root', 'tool/1.0.0/tool.bin', data, root)).status, 201);
  assert.equal((await put('root', 'tool/1.0.0/tool.bin', data, root)).status, 409);
  assert.equal((await put('root', 'tool/1.0.0/copy.bin', data, root)).status, 201);
  assert.equal((await put('root', 'tool/2.0.0/tool.bin', data, root)).status, 201);
  assert.deepEqual(await blobFiles(), [sha256]);

  const got = await fetch(`${h.url}${G}/root/generic/tool/1.0.0/tool.bin`, { headers: { Authorization: `token ${root}` } });
  assert.equal(got.status, 200);
  assert.equal(got.headers.get('content-length'), String(data.length));
  assert.equal(createHash('sha256').update(Buffer.from(await got.arrayBuffer())).digest('hex'), sha256);
  const head = await fetch(`${h.url}${G}/root/generic/tool/1.0.0/tool.bin`, { method: 'HEAD' });
  assert.equal(head.status, 200);

  const files = await h.api('GET', '/packages/root/generic/tool/1.0.0/files', { auth: root });
  assert.equal(files.status, 200);
  assert.deepEqual(files.body.map((f: { name: string; sha256: string; size: number }) => [f.name, f.sha256, f.size]), [['copy.bin', sha256, data.length], ['tool.bin', sha256, data.length]]);
  assert.equal(files.body[0].md5, createHash('md5').update(data).digest('hex'));

  // A file goes; the version goes with its last file; the blob with the last file using it.
  assert.equal((await fetch(`${h.url}${G}/root/generic/tool/1.0.0/copy.bin`, { method: 'DELETE', headers: { Authorization: `token ${root}` } })).status, 204);
  assert.equal((await fetch(`${h.url}${G}/root/generic/tool/1.0.0`, { method: 'DELETE', headers: { Authorization: `token ${root}` } })).status, 204);
  assert.equal((await h.api('GET', '/packages/root/generic/tool/1.0.0', { auth: root })).status, 404);
  assert.deepEqual(await blobFiles(), [sha256]);
  assert.equal((await h.api('DELETE', '/packages/root/generic/tool/2.0.0', { auth: root })).status, 204);
  assert.deepEqual(await blobFiles(), []);
  assert.equal((await h.api('GET', '/packages/root/generic/tool', { auth: root })).status, 404);
});

test('limits and names: a file over LIMIT_SIZE_GENERIC is refused and leaves nothing; bad names are 400', async () => {
  const res = await put('root', 'big/1/big.bin', randomBytes(3 * 1024 * 1024 + 1), root);
  assert.equal(res.status, 403);
  assert.match(((await res.json()) as { message: string }).message, /maximum allowed package type size exceeded/);
  assert.deepEqual(await blobFiles(), []);
  assert.deepEqual(await readdir(path.join(h.dataDir, 'packages', '.tmp')), []);
  assert.equal((await put('root', '..%2F..%2Fx/1/a.bin', 'x', root)).status, 400);
  assert.equal((await put('root', 'ok/1/%20lead', 'x', root)).status, 400);
  assert.equal((await h.api('GET', '/packages/root/generic/big', { auth: root })).status, 404);
});

test('the package API: list with type and name filters and paging, versions, latest, link and unlink', async () => {
  for (const v of ['1.0.0', '1.1.0', '2.0.0']) assert.equal((await put('root', `lib-a/${v}/a.txt`, `a ${v}`, root)).status, 201);
  assert.equal((await put('root', 'other/0.1/o.txt', 'o', root)).status, 201);
  const all = await h.api('GET', '/packages/root', { auth: root });
  assert.equal(all.status, 200);
  assert.equal(all.headers.get('x-total-count'), '4');
  const page = await h.api('GET', '/packages/root?q=lib&type=generic&limit=2&page=1', { auth: root });
  assert.deepEqual(page.body.map((p: { version: string }) => p.version), ['2.0.0', '1.1.0']);
  assert.equal(page.headers.get('x-total-count'), '3');
  assert.equal((await h.api('GET', '/packages/root?type=npm', { auth: root })).body.length, 0);
  const latest = await h.api('GET', '/packages/root/generic/lib-a/-/latest', { auth: root });
  assert.equal(latest.body.version, '2.0.0');
  assert.equal(latest.body.html_url, `${h.url}/root/-/packages/generic/lib-a/2.0.0`);
  assert.equal(latest.body.repository, null);
  assert.equal((await h.api('POST', '/user/repos', { auth: root, body: { name: 'pk-repo' } })).status, 201);
  assert.equal((await h.api('POST', '/packages/root/generic/lib-a/-/link/pk-repo', { auth: root })).status, 201);
  assert.equal((await h.api('GET', '/packages/root/generic/lib-a/1.0.0', { auth: root })).body.repository.full_name, 'root/pk-repo');
  assert.equal((await h.api('POST', '/packages/root/generic/lib-a/-/link/no-such-repo', { auth: root })).status, 404);
  assert.equal((await h.api('POST', '/packages/root/generic/lib-a/-/unlink', { auth: root })).status, 201);
  assert.equal((await h.api('GET', '/packages/root/generic/lib-a/1.0.0', { auth: root })).body.repository, null);
  assert.equal((await h.api('GET', '/packages/root/generic/lib-a', { auth: root })).body.length, 3);
  assert.equal((await h.api('DELETE', '/packages/root/generic/lib-a', { auth: root })).status, 204);
  assert.equal((await h.api('GET', '/packages/root/generic/lib-a', { auth: root })).status, 404);
  assert.equal((await h.api('GET', '/packages/root/cargo/lib-a', { auth: root })).status, 404);
});

test('a private organization\'s packages: members read, outsiders get 404, only writers write; token scopes apply', async () => {
  assert.equal((await put('pk-org', 'secret/1.0/s.txt', 'secret', root)).status, 201);
  const url = `${G}/pk-org/generic/secret/1.0/s.txt`;
  assert.equal((await request(h.url, 'GET', url, { auth: member })).text, 'secret');
  assert.equal((await h.api('GET', '/packages/pk-org', { auth: member })).body.length, 1);
  for (const auth of [stranger, undefined]) {
    assert.equal((await request(h.url, 'GET', url, { auth })).status, 404);
    assert.equal((await h.api('GET', '/packages/pk-org', { auth })).status, 404);
    assert.equal((await h.api('GET', '/packages/pk-org/generic/secret/1.0/files', { auth })).status, 404);
  }
  // A reader may not write; an outsider does not learn the organization exists.
  assert.equal((await put('pk-org', 'secret/1.0/t.txt', 't', member)).status, 403);
  assert.equal((await put('pk-org', 'secret/1.0/t.txt', 't', stranger)).status, 404);
  assert.equal((await put('pk-org', 'secret/1.0/t.txt', 't')).status, 404);
  // Anonymous writes to an owner anyone sees get 401 with a challenge, so clients send their credentials.
  const anon = await put('root', 'x/1/x.txt', 'x');
  assert.equal(anon.status, 401);
  assert.match(anon.headers.get('www-authenticate') ?? '', /^Basic/);
  assert.equal((await h.api('DELETE', '/packages/pk-org/generic/secret/1.0', { auth: member })).status, 403);
  // Scopes: read:package reads but does not write; a token without the package scope does neither.
  const readOnly = await createToken(h, ADMIN.username, ADMIN.password, ['read:package']);
  assert.equal((await request(h.url, 'GET', url, { auth: readOnly })).status, 200);
  assert.equal((await put('pk-org', 'secret/1.0/t.txt', 't', readOnly)).status, 403);
  const noScope = await createToken(h, ADMIN.username, ADMIN.password, ['read:user']);
  assert.equal((await request(h.url, 'GET', url, { auth: noScope })).status, 403);
  const publicOnly = await createToken(h, ADMIN.username, ADMIN.password, ['public-only', 'read:package']);
  const po = await h.api('GET', '/packages/pk-org', { auth: publicOnly });
  assert.equal(po.status, 403);
  assert.equal(po.body.message, 'token scope is limited to public packages');
});

test('owners with packages: deleting the user is refused without purge, and takes the packages with purge; an organization with packages stays', async () => {
  const owner = await createToken(h, 'pk-stranger', 'pk-stranger-password-1');
  assert.equal((await put('pk-stranger', 'own/1/o.txt', 'own', owner)).status, 201);
  const refused = await h.api('DELETE', '/admin/users/pk-stranger', { auth: root });
  assert.equal(refused.status, 422);
  assert.match(refused.body.message, /user still has ownership of packages/);
  assert.equal((await h.api('DELETE', '/orgs/pk-org', { auth: root })).status, 422);
  assert.equal((await h.api('DELETE', '/admin/users/pk-stranger?purge=true', { auth: root })).status, 204);
  assert.equal((await h.api('GET', '/packages/pk-stranger', { auth: root })).status, 404);
});

test('owner quotas: LIMIT_TOTAL_OWNER_SIZE and LIMIT_TOTAL_OWNER_COUNT answer Gitea\'s 403; ENABLED=false hides the registries', async () => {
  const q = await startHost({ settings: { 'packages.LIMIT_TOTAL_OWNER_SIZE': '10 KiB', 'packages.LIMIT_TOTAL_OWNER_COUNT': '2' } });
  try {
    const t = await createToken(q, ADMIN.username, ADMIN.password);
    const send = (p: string, bytes: number) => fetch(`${q.url}${G}/root/generic/${p}`, { method: 'PUT', body: new Uint8Array(randomBytes(bytes)), headers: { Authorization: `token ${t}` } });
    assert.equal((await send('a/1/a.bin', 6000)).status, 201);
    const big = await send('a/1/b.bin', 6000);
    assert.equal(big.status, 403);
    assert.match(((await big.json()) as { message: string }).message, /package storage quota exceeded/);
    assert.equal((await send('a/2/a.bin', 10)).status, 201);
    const third = await send('a/3/a.bin', 10);
    assert.equal(third.status, 403);
    assert.match(((await third.json()) as { message: string }).message, /package count exceeded/);
    assert.deepEqual((await q.api('GET', '/packages/root/generic/a', { auth: t })).body.map((p: { version: string }) => p.version).sort(), ['1', '2']);
  } finally {
    await q.stop();
  }
  const off = await startHost({ settings: { 'packages.ENABLED': 'false' } });
  try {
    assert.equal((await request(off.url, 'GET', `${G}/root/generic/a/1/a.bin`)).status, 404);
    assert.equal((await off.api('GET', '/packages/root')).status, 404);
  } finally {
    await off.stop();
  }
});
