// Release attachments through HTTP: a 50 MB file uploaded as multipart and downloaded at its browser address
// with the same sha256, the host's memory flat both ways (the host runs in this process, so its heap and buffers
// are measured here: a buffered upload would add 50 MB); raw uploads with ?name=, list, get, rename, delete
// (the file goes), Gitea's size limit (413) and refusals; the files through a repository's transfer and deletion.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { giteaApi } from 'gitea-js';
import { startHost, createToken, request, ADMIN, type TestHost } from '../helpers/host.ts';
import { makeUser } from '../issues/helpers.ts';
import { generated, postStream } from './upload-stream.ts';
import { startChildHost, type ChildHost } from '../webhooks/child-host.ts';
import * as assetStore from '../../server/store/release-assets.ts';

const O = ADMIN.username;
const R = `/repos/${O}/files`;
const MB = 1024 * 1024;

describe('release attachments', () => {
  let h: TestHost;
  let token: string;
  let releaseId: number;
  let bigId: number;
  const assetsUrl = () => `${h.url}/api/v1${R}/releases/${releaseId}/assets`;

  before(async () => {
    h = await startHost({ settings: { 'attachment.MAX_SIZE': '5' } });
    token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'files', auto_init: true } })).status, 201);
    const rel = await h.api('POST', `${R}/releases`, { auth: token, body: { tag_name: 'v1', name: 'One' } });
    assert.equal(rel.status, 201, rel.text);
    releaseId = rel.body.id;
    const up = await postStream(`${assetsUrl()}?name=big.bin`, token, generated(3 * MB).stream, 3 * MB, { multipart: true });
    assert.equal(up.status, 201);
    bigId = up.body.id;
  });
  after(async () => { await h.stop(); });

  test('over [attachment] MAX_SIZE: 413, nothing kept', async () => {
    const size = 6 * MB;
    const res = await postStream(`${assetsUrl()}?name=huge.bin`, token, generated(size).stream, size, { multipart: false }).catch((err: Error) => ({ status: -1, body: err.message }));
    assert.ok(res.status === 413 || res.status === -1, `status ${res.status}`);
    if (res.status === 413) assert.equal(res.body.message, 'attachment size exceeds limit');
    const list = await h.api('GET', `${R}/releases/${releaseId}/assets`, { auth: token });
    assert.deepEqual(list.body.map((x: { name: string }) => x.name), ['big.bin']);
    assert.deepEqual(readdirSync(path.join(h.dataDir, 'attachments', 'tmp')), [], 'the partial file is removed');
  });

  test('gitea-js uploads a file as multipart; raw bodies need ?name=; list, get, rename (201), delete removes the file', async () => {
    const api = giteaApi(h.url, { token });
    const small = await api.repos.repoCreateReleaseAttachment(O, 'files', releaseId, { attachment: new File(['hello release\n'], 'notes.txt') });
    assert.equal(small.status, 201);
    assert.equal(small.data.name, 'notes.txt');
    assert.equal(small.data.size, 14);
    const raw = await postStream(assetsUrl(), token, generated(10).stream, 10, { multipart: false });
    assert.equal(raw.status, 400, 'no name');
    const named = await postStream(`${assetsUrl()}?name=raw.bin`, token, generated(10).stream, 10, { multipart: false });
    assert.equal(named.status, 201);
    const list = await api.repos.repoListReleaseAttachments(O, 'files', releaseId);
    assert.deepEqual(list.data.map((x) => x.name), ['big.bin', 'notes.txt', 'raw.bin']);
    const rel = await h.api('GET', `${R}/releases/${releaseId}`, { auth: token });
    assert.equal(rel.body.assets.length, 3);
    const renamed = await h.api('PATCH', `${R}/releases/${releaseId}/assets/${small.data.id}`, { auth: token, body: { name: 'NOTES.md' } });
    assert.equal(renamed.status, 201);
    assert.equal(renamed.body.name, 'NOTES.md');
    const text = await fetch(renamed.body.browser_download_url);
    assert.equal(await text.text(), 'hello release\n', 'anonymous download of a public release file');
    const uuid = named.body.uuid as string;
    const onDisk = path.join(h.dataDir, 'attachments', uuid[0]!, uuid[1]!, uuid);
    assert.ok(existsSync(onDisk));
    assert.equal((await h.api('DELETE', `${R}/releases/${releaseId}/assets/${named.body.id}`, { auth: token })).status, 204);
    assert.ok(!existsSync(onDisk), 'the file is gone with its record');
    assert.equal((await h.api('GET', `${R}/releases/${releaseId}/assets/${named.body.id}`, { auth: token })).status, 404);
    assert.equal((await fetch(`${h.url}/${O}/files/releases/download/v1/raw.bin`)).status, 404);
  });

  test('refusals: a reader cannot upload, a multipart body without the attachment part is 400, another release\'s asset is 404', async () => {
    const reader = await makeUser(h, 'reader');
    const denied = await postStream(`${assetsUrl()}?name=x.bin`, reader, generated(10).stream, 10, { multipart: false });
    assert.equal(denied.status, 403);
    const form = new FormData();
    form.append('other', 'value');
    const noPart = await fetch(assetsUrl(), { method: 'POST', headers: { Authorization: `token ${token}` }, body: form });
    assert.equal(noPart.status, 400);
    const other = await h.api('POST', `${R}/releases`, { auth: token, body: { tag_name: 'v2' } });
    assert.equal((await h.api('GET', `${R}/releases/${other.body.id}/assets/${bigId}`, { auth: token })).status, 404);
    assert.equal((await h.api('DELETE', `${R}/releases/${releaseId}`, { auth: token })).status, 204);
    const uuidGone = await fetch(`${h.url}/${O}/files/releases/download/v1/big.bin`);
    assert.equal(uuidGone.status, 404, 'a deleted release takes its files');
  });

  test('a transferred repository keeps its release files; a deleted one takes their records and files', async () => {
    assert.equal((await h.api('POST', '/orgs', { auth: token, body: { username: 'shipping' } })).status, 201);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'moving', auto_init: true } })).status, 201);
    const rel = await h.api('POST', `/repos/${O}/moving/releases`, { auth: token, body: { tag_name: 'v1' } });
    assert.equal(rel.status, 201, rel.text);
    const up = await postStream(`${h.url}/api/v1/repos/${O}/moving/releases/${rel.body.id}/assets?name=tool.bin`, token, generated(10).stream, 10, { multipart: false });
    assert.equal(up.status, 201);
    const uuid = up.body.uuid as string;
    const onDisk = path.join(h.dataDir, 'attachments', uuid[0]!, uuid[1]!, uuid);
    assert.equal((await h.api('POST', `/repos/${O}/moving/transfer`, { auth: token, body: { new_owner: 'shipping' } })).status, 202);
    const list = await h.api('GET', `/repos/shipping/moving/releases/${rel.body.id}/assets`, { auth: token });
    assert.deepEqual(list.body.map((x: { uuid: string }) => x.uuid), [uuid]);
    assert.equal((await fetch(`${h.url}/shipping/moving/releases/download/v1/tool.bin`)).status, 200);
    const repoId = (await h.api('GET', '/repos/shipping/moving', { auth: token })).body.id as number;
    assert.equal((await h.api('DELETE', '/repos/shipping/moving', { auth: token })).status, 204);
    assert.ok(!existsSync(onDisk), 'the file went with its repository');
    assert.deepEqual(await assetStore.listByRepo(h.app.store, repoId), []);
    assert.equal(await assetStore.getByUuid(h.app.store, uuid), undefined);
  });
});

/** VmRSS of a process, in bytes (Linux). */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) * 1024;
}

/** Samples a process's resident memory every 20 ms; `stop` answers the largest growth over the start. */
function rssWatch(pid: number): { stop: () => number } {
  const start = rssOf(pid);
  let peak = start;
  const timer = setInterval(() => { peak = Math.max(peak, rssOf(pid)); }, 20);
  return { stop: () => { clearInterval(timer); return Math.max(peak, rssOf(pid)) - start; } };
}

describe('a 50 MB release attachment, the host in its own process', () => {
  let dataDir: string;
  let host: ChildHost;
  let token: string;
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'homeforge-assets-'));
    host = await startChildHost(dataDir, { HOMEFORGE__ATTACHMENT__MAX_SIZE: '51' });
    const t = await request(host.url, 'POST', `/api/v1/users/${O}/tokens`, { auth: [ADMIN.username, ADMIN.password], body: { name: 'big', scopes: ['all'] } });
    token = t.body.sha1;
    assert.equal((await request(host.url, 'POST', '/api/v1/user/repos', { auth: token, body: { name: 'files', auto_init: true } })).status, 201);
    const rel = await request(host.url, 'POST', `/api/v1${R}/releases`, { auth: token, body: { tag_name: 'v1' } });
    assert.equal(rel.status, 201, rel.text);
    releaseId = rel.body.id;
    // warm up: the upload and download paths are loaded and compiled before measuring
    const warm = await postStream(`${host.url}/api/v1${R}/releases/${releaseId}/assets?name=warm.bin`, token, generated(12 * MB).stream, 12 * MB, { multipart: true });
    assert.equal(warm.status, 201);
    await (await fetch(warm.body.browser_download_url)).arrayBuffer();
  });
  after(async () => {
    await host.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  });
  let releaseId: number;

  test('a 50 MB multipart upload and its download keep the checksum and the host\'s memory flat', async (t) => {
    const size = 50 * MB;
    const file = generated(size);
    const upWatch = rssWatch(host.proc.pid!);
    const up = await postStream(`${host.url}/api/v1${R}/releases/${releaseId}/assets?name=big.bin`, token, file.stream, size, { multipart: true, filename: 'ignored.bin' });
    const upGrowth = upWatch.stop();
    assert.equal(up.status, 201, JSON.stringify(up.body));
    assert.equal(up.body.name, 'big.bin', 'the name query wins over the part\'s file name');
    assert.equal(up.body.size, size);
    assert.equal(up.body.browser_download_url, `${host.url}/${O}/files/releases/download/v1/big.bin`);
    const sent = file.digest();
    const downWatch = rssWatch(host.proc.pid!);
    const res = await fetch(up.body.browser_download_url, { headers: { Authorization: `token ${token}` } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-length'), String(size));
    assert.match(res.headers.get('content-disposition') ?? '', /attachment; filename="big.bin"/);
    const hash = createHash('sha256');
    let got = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      got += chunk.length;
    }
    const downGrowth = downWatch.stop();
    assert.equal(got, size);
    assert.equal(hash.digest('hex'), sent);
    t.diagnostic(`host RSS growth: upload ${(upGrowth / MB).toFixed(1)} MiB, download ${(downGrowth / MB).toFixed(1)} MiB`);
    // Loose bounds: streaming keeps a few MiB in flight; holding the file would add at least its 50 MB.
    assert.ok(upGrowth < 30 * MB, `upload grew memory by ${(upGrowth / MB).toFixed(1)} MiB`);
    assert.ok(downGrowth < 30 * MB, `download grew memory by ${(downGrowth / MB).toFixed(1)} MiB`);
    const a = await request(host.url, 'GET', `/api/v1${R}/releases/${releaseId}/assets/${up.body.id}`, { auth: token });
    assert.equal(a.body.download_count, 1);
  });

});
