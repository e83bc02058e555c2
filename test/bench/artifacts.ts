/**
 * Artifacts: upload (CreateArtifact, the zip through the signed link, FinalizeArtifact) and download (through the
 * API's zip redirect) of one artifact by a task fetched through the runner protocol, in MiB/s.
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { api, adminToken, startHostProcess } from './lib/proc.ts';
import { fmt } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';
import { registerRunner } from '../helpers/runner-client.ts';

const BASE = '/twirp/github.actions.results.api.v1.ArtifactService';
const WF = 'on: push\njobs:\n  a:\n    runs-on: bench\n    steps:\n      - run: echo a\n';

async function twirp(url: string, token: string, method: string, body: unknown): Promise<Record<string, string>> {
  const res = await fetch(`${url}${BASE}/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, string>;
}

/** Runs the artifacts benchmark. */
export async function runArtifacts(o: BenchOptions): Promise<AreaResult> {
  const sizes = o.quick ? [1, 10] : [1, 10, 50];
  const host = await startHostProcess(path.join(o.tmp, 'artifacts'));
  const rows: string[][] = [];
  const data: Record<string, unknown> = {};
  try {
    const token = await adminToken(host.url);
    await api(host.url, 'POST', '/user/repos', token, { name: 'bench-arts', auto_init: true });
    const reg = (await api(host.url, 'POST', '/admin/actions/runners/registration-token', token)) as { token: string };
    const runner = await registerRunner(host.url, reg.token, { name: 'bench', labels: ['bench'] });
    await api(host.url, 'POST', '/repos/root/bench-arts/contents/.gitea/workflows/b.yml', token, { content: Buffer.from(WF).toString('base64'), message: 'wf' });
    let task;
    for (let i = 0; i < 100 && !task; i++) task = await runner.fetch();
    if (!task) throw new Error('no task for the bench');
    const ctx = task.context as Record<string, string>;
    const jwt = ctx.gitea_runtime_token!;
    const scp = (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { scp: string }).scp.split(':');
    const ids = { workflowRunBackendId: scp[1], workflowJobRunBackendId: scp[2] };
    for (const mib of sizes) {
      const zip = randomBytes(mib * 1024 * 1024);
      const name = `bench-${mib}`;
      const t0 = performance.now();
      const created = await twirp(host.url, jwt, 'CreateArtifact', { ...ids, name, version: 4 });
      for (let at = 0; at < zip.length; at += 8 * 1024 * 1024) {
        const r = await fetch(`${created.signedUploadUrl}&comp=appendBlock`, { method: 'PUT', body: zip.subarray(at, at + 8 * 1024 * 1024) });
        if (r.status !== 201) throw new Error(`upload: ${r.status}`);
      }
      const fin = await twirp(host.url, jwt, 'FinalizeArtifact', { ...ids, name, size: String(zip.length), hash: `sha256:${createHash('sha256').update(zip).digest('hex')}` });
      const up = (performance.now() - t0) / 1000;
      const t1 = performance.now();
      const res = await fetch(`${host.url}/api/v1/repos/root/bench-arts/actions/artifacts/${fin.artifactId}/zip`, { headers: { authorization: `token ${token}` } });
      const got = Buffer.from(await res.arrayBuffer());
      const down = (performance.now() - t1) / 1000;
      if (!got.equals(zip)) throw new Error('downloaded bytes differ');
      rows.push([String(mib), fmt(mib / up), fmt(mib / down)]);
      data[`artifact_${mib}MiB`] = { uploadMiBps: mib / up, downloadMiBps: mib / down };
    }
  } finally {
    await host.stop();
  }
  return {
    area: 'artifacts',
    title: 'Actions artifacts: upload and download',
    tables: [{ title: 'One artifact of N MiB (random bytes, 8 MiB chunks)', columns: ['MiB', 'upload MiB/s', 'download MiB/s'], rows }],
    notes: ['Upload: CreateArtifact, appended chunks through the signed link, FinalizeArtifact (joins and hashes the zip). Download: the API zip route, its redirect followed to the signed raw link.'],
    data,
  };
}
