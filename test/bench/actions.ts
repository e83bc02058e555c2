/**
 * Actions: runs made per second by pushes of a commit with a workflow (contents API writes, each a ref update that
 * reads the workflow at the commit and stores a run with two jobs), then the run list over many stored runs.
 * The host runs in this process, so the stored runs beyond the pushed ones are made through the run service.
 */
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { createHost } from '../../server/host.ts';
import { createLogger } from '../../server/lib/log.ts';
import { ADMIN } from './lib/proc.ts';
import { fmt, median } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';
import { createRun } from '../../server/services/actions/runs.ts';
import { parseWorkflow } from '../../server/services/actions/workflow.ts';
import * as repoStore from '../../server/store/repos.ts';

const WF = 'on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n      - run: echo a\n  b:\n    needs: a\n    runs-on: x\n    steps:\n      - run: echo b\n';

/** Runs the actions benchmark. */
export async function runActions(o: BenchOptions): Promise<AreaResult> {
  const pushes = o.quick ? 20 : 100;
  const stored = o.quick ? 1000 : 10_000;
  const dir = path.join(o.tmp, 'actions');
  await mkdir(dir, { recursive: true });
  const host = await createHost({ dataDir: dir, port: 0, host: '127.0.0.1', logger: createLogger('Error'), env: { HOMEFORGE_ADMIN_USER: ADMIN.username, HOMEFORGE_ADMIN_PASSWORD: ADMIN.password, HOMEFORGE_ADMIN_EMAIL: 'b@example.com' } });
  const auth = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${host.url}/api/v1${p}`, { method, headers: { Authorization: auth, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const R = `/repos/${ADMIN.username}/bench`;
  const rows: string[][] = [];
  const data: Record<string, unknown> = {};
  try {
    await call('POST', '/user/repos', { name: 'bench', auto_init: true });
    await call('POST', `${R}/contents/.gitea/workflows/ci.yml`, { content: Buffer.from(WF).toString('base64'), message: 'ci' });
    let t = performance.now();
    for (let i = 0; i < pushes; i++) await call('POST', `${R}/contents/f${i}.txt`, { content: Buffer.from(String(i)).toString('base64'), message: `change ${i}` });
    const pushMs = performance.now() - t;
    const made = (await call('GET', `${R}/actions/runs?limit=1`)).total_count as number;
    if (made !== pushes + 1) throw new Error(`expected ${pushes + 1} runs, found ${made}`);
    rows.push([`${pushes} pushes (contents API), each making a run`, fmt(pushes / (pushMs / 1000)), fmt(pushMs / pushes)]);
    const repo = (await repoStore.getByOwnerAndName(host.app.store, 1, 'bench'))!;
    const wf = parseWorkflow(WF, 'ci.yml');
    t = performance.now();
    for (let i = made; i < stored; i++) {
      await createRun(host.app, { repo, workflow: wf, workflowId: 'ci.yml', workflowPath: '.gitea/workflows/ci.yml', title: `run ${i}`, ref: 'refs/heads/main', sha: '0'.repeat(40), event: 'push', triggerEvent: 'push', payload: {}, triggerUserId: 1 });
    }
    const serviceMs = performance.now() - t;
    rows.push([`${stored - made} runs through the run service`, fmt((stored - made) / (serviceMs / 1000)), fmt(serviceMs / (stored - made))]);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      t = performance.now();
      await call('GET', `${R}/actions/runs?limit=50&page=${1 + (i % 5)}`);
      times.push(performance.now() - t);
    }
    rows.push([`list runs (limit=50) over ${stored} stored`, '', fmt(median(times))]);
    data.pushes = { pushes, pushMs };
    data.service = { runs: stored - made, serviceMs };
    data.listMedianMs = median(times);
  } finally {
    await host.close();
  }
  return {
    area: 'actions', title: 'Actions runs',
    tables: [{ title: 'Actions', columns: ['case', 'per second', 'ms each (median for lists)'], rows }],
    notes: ['Runs are made as pushes land; the list reads one page of the run table by its repository index.'], data,
  };
}
