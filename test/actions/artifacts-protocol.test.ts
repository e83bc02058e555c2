/** The artifacts v4 protocol as actions/upload-artifact@v4 speaks it, and Gitea's artifact API over what it stored. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { unzipSync, zipSync } from 'fflate';
import { ADMIN, createToken, startHost, type TestHost } from '../helpers/host.ts';
import { pickTask, updateTask } from '../../server/services/actions/tasks.ts';
import { runtimeToken } from '../../server/services/actions/artifact-auth.ts';
import { expireArtifacts } from '../../server/services/actions/artifacts.ts';
import { storeWaitingJob } from './runner-fixtures.ts';

const BASE = '/twirp/github.actions.results.api.v1.ArtifactService';
const WORKFLOW = 'name: ci\non: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: true\n';

describe('artifacts v4 protocol', () => {
  let h: TestHost;
  let root: string;
  let repo: { id: number; owner_id: number };
  let task: { id: number; run_id: number; job_id: number; token: string; jwt: string };
  const call = async (method: string, body: unknown, token = task.jwt) => {
    const res = await fetch(`${h.url}${BASE}/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) as Record<string, unknown> : {} };
  };
  const ids = () => ({ workflowRunBackendId: String(task.run_id), workflowJobRunBackendId: String(task.job_id) });

  before(async () => {
    h = await startHost({ settings: { 'actions.ARTIFACT_MAX_SIZE': '1' } });
    root = await createToken(h, ADMIN.username, ADMIN.password);
    const created = await h.api('POST', '/user/repos', { auth: root, body: { name: 'arts', auto_init: true } });
    assert.equal(created.status, 201, created.text);
    repo = { id: created.body.id as number, owner_id: (created.body.owner as { id: number }).id };
    await storeWaitingJob(h, repo, { sha: 'a'.repeat(40), workflow: WORKFLOW });
    const p = await pickTask(h.app, { id: 999, labels: ['ubuntu-latest'], ownerId: 0, repoId: 0 });
    assert.ok(p, 'a task for the stored job');
    task = { id: p.task.id, run_id: p.task.run_id, job_id: p.task.job_id, token: p.token, jwt: runtimeToken(h.app, p.task) };
  });
  after(async () => { await h.stop(); });

  test('refuses bad credentials, another run, bad names', async () => {
    assert.equal((await call('CreateArtifact', { ...ids(), name: 'x', version: 4 }, 'nope')).status, 401);
    const forged = `${task.jwt.slice(0, -4)}AAAA`;
    assert.equal((await call('CreateArtifact', { ...ids(), name: 'x', version: 4 }, forged)).status, 401);
    const other = await call('CreateArtifact', { workflowRunBackendId: String(task.run_id + 100), workflowJobRunBackendId: '1', name: 'x', version: 4 });
    assert.equal(other.status, 400);
    assert.match(String(other.body.msg), /run-id does not match/);
    for (const name of ['', '../up', 'a/b', 'a:b', 'line\nbreak']) {
      assert.equal((await call('CreateArtifact', { ...ids(), name, version: 4 })).status, 400, JSON.stringify(name));
    }
    assert.equal((await call('FinalizeArtifact', { ...ids(), name: 'never-created', size: '1' })).status, 404);
    assert.equal((await call('GetSignedArtifactURL', { ...ids(), name: 'never-created' })).status, 404);
    assert.equal((await fetch(`${h.url}${BASE}/UploadArtifact?sig=x&expires=1&artifactID=1&taskID=1`, { method: 'PUT', body: 'x' })).status, 401);
  });

  test('uploads blocks out of order, finalizes with the hash, lists and downloads; the API sees it', async () => {
    const zip = zipSync({ 'hello.txt': new TextEncoder().encode('hello artifact\n'), 'dir/data.bin': new Uint8Array(5000).fill(7) });
    // the older runner's credential (the task token itself) works too
    const created = await call('CreateArtifact', { ...ids(), name: 'dist', version: 4 }, task.token);
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const up = String(created.body.signedUploadUrl);
    assert.ok(up.startsWith(`${h.url}${BASE}/UploadArtifact?`));
    const half = Math.floor(zip.length / 2);
    for (const [id, part] of [['b2', zip.subarray(half)], ['b1', zip.subarray(0, half)]] as const) {
      const r = await fetch(`${up}&comp=block&blockid=${id}`, { method: 'PUT', body: part });
      assert.equal(r.status, 201, await r.text());
    }
    const list = await fetch(`${up}&comp=blocklist`, { method: 'PUT', body: '<?xml version="1.0"?><BlockList><Latest>b1</Latest><Latest>b2</Latest></BlockList>' });
    assert.equal(list.status, 201);
    const bad = await call('FinalizeArtifact', { ...ids(), name: 'dist', size: String(zip.length), hash: `sha256:${'0'.repeat(64)}` });
    assert.equal(bad.status, 400, 'a wrong hash is refused');
    const again = await call('CreateArtifact', { ...ids(), name: 'dist', version: 4 });
    const up2 = String(again.body.signedUploadUrl);
    assert.equal((await fetch(`${up2}&comp=appendBlock`, { method: 'PUT', body: zip })).status, 201);
    const fin = await call('FinalizeArtifact', { ...ids(), name: 'dist', size: String(zip.length), hash: `sha256:${createHash('sha256').update(zip).digest('hex')}` });
    assert.equal(fin.status, 200, JSON.stringify(fin.body));
    assert.equal(fin.body.ok, true);
    const id = Number(fin.body.artifactId);

    const listed = await call('ListArtifacts', { ...ids(), nameFilter: 'dist' });
    assert.deepEqual((listed.body.artifacts as { name: string; size: string; databaseId: string }[]).map((a) => [a.name, Number(a.size), Number(a.databaseId)]), [['dist', zip.length, id]]);
    const signed = await call('GetSignedArtifactURL', { ...ids(), name: 'dist' });
    const dl = await fetch(String(signed.body.signedUrl));
    assert.equal(dl.status, 200);
    assert.deepEqual(new Uint8Array(await dl.arrayBuffer()), zip);
    const tampered = String(signed.body.signedUrl).replace(/artifactID=\d+/, `artifactID=${id + 1}`);
    assert.equal((await fetch(tampered)).status, 401);

    const R = `/repos/${ADMIN.username}/arts/actions`;
    const all = await h.api('GET', `${R}/artifacts`, { auth: root });
    assert.equal(all.status, 200, all.text);
    assert.equal(all.body.total_count, 1);
    const art = (all.body.artifacts as Record<string, unknown>[])[0]!;
    assert.equal(art.name, 'dist');
    assert.equal(art.size_in_bytes, zip.length);
    assert.equal(art.expired, false);
    assert.deepEqual(art.workflow_run, { id: task.run_id, repository_id: repo.id, head_sha: 'a'.repeat(40) });
    assert.equal((await h.api('GET', `${R}/runs/${task.run_id}/artifacts?name=dist`, { auth: root })).body.total_count, 1);
    assert.equal((await h.api('GET', `${R}/runs/${task.run_id}/artifacts?name=other`, { auth: root })).body.total_count, 0);
    assert.equal((await h.api('GET', `${R}/artifacts/${id}`, { auth: root })).body.id, id);
    const redirect = await fetch(`${h.url}/api/v1${R}/artifacts/${id}/zip`, { headers: { authorization: `token ${root}` }, redirect: 'manual' });
    assert.equal(redirect.status, 302);
    const raw = await fetch(redirect.headers.get('location')!);
    assert.equal(raw.status, 200);
    assert.equal(new TextDecoder().decode(unzipSync(new Uint8Array(await raw.arrayBuffer()))['hello.txt']), 'hello artifact\n');
    const wrongId = redirect.headers.get('location')!.replace(`/artifacts/${id}/zip/raw`, `/artifacts/${id + 5}/zip/raw`);
    assert.equal((await fetch(wrongId)).status, 401);

    // expiry: the bytes go, the record stays as expired, the zip is gone
    assert.equal(await expireArtifacts(h.app, Date.now() + 91 * 86_400_000), 1);
    const expired = await h.api('GET', `${R}/artifacts/${id}`, { auth: root });
    assert.equal(expired.body.expired, true);
    assert.equal((await h.api('GET', `${R}/artifacts/${id}/zip`, { auth: root })).status, 404);
    assert.equal((await fetch(redirect.headers.get('location')!)).status, 404);
    assert.equal((await h.api('DELETE', `${R}/artifacts/${id}`, { auth: root })).status, 204);
    assert.equal((await h.api('GET', `${R}/artifacts/${id}`, { auth: root })).status, 404);
  });

  test('an artifact over ARTIFACT_MAX_SIZE is refused; a finished task can no longer upload', async () => {
    const created = await call('CreateArtifact', { ...ids(), name: 'big', version: 4 });
    const r = await fetch(`${String(created.body.signedUploadUrl)}&comp=appendBlock`, { method: 'PUT', body: new Uint8Array(1024 * 1024 + 10) });
    assert.equal(r.status, 413);
    await updateTask(h.app, task.id, { result: 1, steps: [], outputs: {} });
    assert.equal((await call('CreateArtifact', { ...ids(), name: 'late', version: 4 })).status, 401);
  });
});
