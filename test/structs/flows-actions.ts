/** Exercises the Actions API (runs, jobs, logs, tasks, artifacts, workflows, dispatch, rerun, cancel) through a checker. */
import assert from 'node:assert/strict';
import { ADMIN, type TestHost } from '../helpers/host.ts';
import type { Checker } from './checked.ts';
import type { World } from './flows-accounts.ts';
import { eventually } from '../webhooks/receiver.ts';
import { appendTaskLog, pickTask, updateTask } from '../../server/services/actions/tasks.ts';

const WF = `on:
  push:
  workflow_dispatch:
    inputs:
      who: { default: world }
jobs:
  a:
    runs-on: flow
    steps:
      - run: echo a
  b:
    needs: a
    runs-on: flow
    steps:
      - run: echo b
`;

/** A repository with a workflow written through the contents API, its run driven by a runner, then every route. */
export async function actions(c: Checker, h: TestHost, w: World): Promise<void> {
  const R = `/repos/${ADMIN.username}/ci-flow`;
  await c.v1('POST', '/user/repos', { auth: w.admin, body: { name: 'ci-flow', auto_init: true } });
  await c.v1('POST', `${R}/contents/.gitea/workflows/flow.yml`, { auth: w.admin, body: { content: Buffer.from(WF).toString('base64'), message: 'add workflow' } });
  const run = await eventually(async () => (await c.v1('GET', `${R}/actions/runs`, { auth: w.admin })).body.workflow_runs[0] as { id: number } | undefined);
  const runner = { id: 1, labels: ['flow'], ownerId: 0, repoId: 0 };
  for (let i = 0; i < 2; i++) {
    const t = await pickTask(h.app, runner);
    assert.ok(t);
    await appendTaskLog(h.app, t.task.id, 0, [{ time: new Date(), content: `log of ${t.job.job_id}` }], true);
    await updateTask(h.app, t.task.id, { result: 'success', steps: [{ id: 0, result: 'success' }] });
  }
  for (const auth of [w.admin, w.alice, undefined]) {
    await c.v1('GET', `${R}/actions/runs?status=completed`, { auth });
    await c.v1('GET', `${R}/actions/runs/${run.id}`, { auth });
    await c.v1('GET', `${R}/actions/runs/${run.id}/jobs`, { auth });
    await c.v1('GET', `${R}/actions/jobs?status=success`, { auth });
    await c.v1('GET', `${R}/actions/tasks`, { auth });
    await c.v1('GET', `${R}/actions/artifacts`, { auth });
    await c.v1('GET', `${R}/actions/runs/${run.id}/artifacts`, { auth });
    await c.v1('GET', `${R}/actions/workflows/flow.yml/runs`, { auth });
  }
  const jobs = (await c.v1('GET', `${R}/actions/runs/${run.id}/jobs`, { auth: w.admin })).body.jobs as { id: number }[];
  await c.v1('GET', `${R}/actions/jobs/${jobs[0]!.id}`, { auth: w.admin });
  await c.v1('GET', `${R}/actions/jobs/${jobs[0]!.id}/logs`, { auth: w.admin });
  await c.hf('GET', `${R}/actions/jobs/${jobs[0]!.id}/log-rows?from=0`, { auth: w.admin });
  await c.v1('GET', `${R}/actions/workflows`, { auth: w.admin });
  await c.v1('GET', `${R}/actions/workflows/flow.yml`, { auth: w.admin });
  await c.v1('PUT', `${R}/actions/workflows/flow.yml/disable`, { auth: w.admin });
  await c.v1('PUT', `${R}/actions/workflows/flow.yml/enable`, { auth: w.admin });
  await c.v1('POST', `${R}/actions/runs/${run.id}/rerun-failed-jobs`, { auth: w.admin });
  await c.hf('POST', `${R}/actions/runs/${run.id}/cancel`, { auth: w.admin });
  await c.v1('POST', `${R}/actions/runs/${run.id}/jobs/${jobs[1]!.id}/rerun`, { auth: w.admin });
  await c.hf('POST', `${R}/actions/runs/${run.id}/cancel`, { auth: w.admin });
  await c.v1('POST', `${R}/actions/runs/${run.id}/rerun`, { auth: w.admin });
  await c.hf('POST', `${R}/actions/runs/${run.id}/cancel`, { auth: w.admin });
  const details = await c.v1('POST', `${R}/actions/workflows/flow.yml/dispatches?return_run_details=true`, { auth: w.admin, body: { ref: 'main', inputs: { who: 'you' } } });
  assert.equal(details.status, 200);
  await c.v1('POST', `${R}/actions/workflows/flow.yml/dispatches`, { auth: w.admin, body: { ref: 'main' } });
  await c.v1('DELETE', `${R}/actions/runs/${run.id}`, { auth: w.admin });
}
