/**
 * Schedules from a pushed workflow, driven by a fake clock: due plans make runs once (a plan missed while asleep
 * runs once), and the clean-ups cancel scheduled runs that wait or run and remove the plans when the default branch
 * changes, when the repository's actions unit is turned off, and when actions are turned off globally.
 * workflow_dispatch with inputs is here too.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { eventually } from '../webhooks/receiver.ts';
import { runDueSchedules } from '../../server/services/actions/schedules.ts';
import { pickTask } from '../../server/services/actions/tasks.ts';
import { listSpecsOfRepo } from '../../server/store/action-schedules.ts';
import { getByOwnerAndName } from '../../server/store/repos.ts';

let h: TestHost;
let g: GitSandbox;
let token: string;
const MIN = 60_000;

const NIGHTLY = `name: Nightly
on:
  schedule:
    - cron: '*/30 * * * *'
    - cron: '@daily'
    - cron: 'not a spec'
jobs:
  nightly:
    runs-on: ubuntu-latest
    steps:
      - run: echo nightly
`;
const DISPATCH = `on:
  workflow_dispatch:
    inputs:
      target:
        required: true
        type: choice
        options: [staging, production]
      dry:
        type: boolean
        default: 'true'
jobs:
  go:
    runs-on: ubuntu-latest
    if: inputs.target == 'staging'
    steps:
      - run: echo \${{ inputs.target }}
`;

before(async () => {
  h = await startHost();
  g = await gitSandbox();
  token = await createToken(h, ADMIN.username, ADMIN.password);
});

after(async () => {
  await h.stop();
  await g.dispose();
});

/** Makes a repository with the nightly workflow pushed to main (and a second branch). */
async function repoWithSchedule(name: string): Promise<number> {
  assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name } })).status, 201);
  const work = path.join(g.dir, name);
  await makeRepo(g, work, { '.github/workflows/nightly.yml': NIGHTLY, '.github/workflows/dispatch.yaml': DISPATCH });
  const url = withCredentials(`${h.url}/${ADMIN.username}/${name}.git`, ADMIN.username, token);
  await g.ok(['push', '-q', url, 'main', 'main:other'], { cwd: work });
  const repo = await getByOwnerAndName(h.app.store, 1, name);
  assert.ok(repo);
  await eventually(async () => (await listSpecsOfRepo(h.app.store, repo.id)).length === 2);
  return repo.id;
}

const runsOf = async (name: string) => (await h.api('GET', `/repos/${ADMIN.username}/${name}/actions/runs`, { auth: token })).body as { total_count: number; workflow_runs: { id: number; event: string; status: string; conclusion?: string }[] };

test('a pushed workflow\'s schedules make runs when due; a plan missed during sleep runs once', async () => {
  const repoId = await repoWithSchedule('sched');
  const specs = await listSpecsOfRepo(h.app.store, repoId);
  assert.deepEqual(specs.map((s) => s.spec).sort(), ['*/30 * * * *', '@daily']);
  // Asleep for days, waking at 00:05 UTC, so that 31 minutes later only the half-hourly plan is due again.
  const wake = Math.floor((Date.now() + 4 * 24 * 60 * MIN) / (24 * 60 * MIN)) * 24 * 60 * MIN + 5 * MIN;
  assert.equal((await runsOf('sched')).total_count, 0);
  // Asleep for three days: each plan is overdue many times over, and runs once.
  assert.equal(await runDueSchedules(h.app, wake), 2);
  const r = await runsOf('sched');
  assert.equal(r.total_count, 2);
  assert.ok(r.workflow_runs.every((x) => x.event === 'schedule' && x.status === 'queued'));
  // Nothing more is due at the same instant; the half-hourly plan is due again 30 minutes later.
  assert.equal(await runDueSchedules(h.app, wake), 0);
  assert.equal(await runDueSchedules(h.app, wake + 31 * MIN), 1);
  assert.equal((await runsOf('sched')).total_count, 3);
});

test('changing the default branch cancels waiting and running scheduled runs and removes the plans', async () => {
  const repoId = await repoWithSchedule('branchy');
  await runDueSchedules(h.app, Date.now() + 2 * 24 * 60 * MIN);
  const picked = await pickTask(h.app, { id: 1, labels: ['ubuntu-latest'], ownerId: 0, repoId });
  assert.ok(picked);
  const before = await runsOf('branchy');
  assert.deepEqual(before.workflow_runs.map((x) => x.status).sort(), ['in_progress', 'queued']);
  assert.equal((await h.api('PATCH', `/repos/${ADMIN.username}/branchy`, { auth: token, body: { default_branch: 'other' } })).status, 200);
  const after = await runsOf('branchy');
  assert.deepEqual(after.workflow_runs.map((x) => x.conclusion), ['cancelled', 'cancelled']);
  assert.equal((await listSpecsOfRepo(h.app.store, repoId)).length, 0);
  await runDueSchedules(h.app, Date.now() + 9 * 24 * 60 * MIN);
  assert.equal((await runsOf('branchy')).total_count, 2);
});

test('turning the actions unit off cancels scheduled runs and removes the plans', async () => {
  const repoId = await repoWithSchedule('unit-off');
  await runDueSchedules(h.app, Date.now() + 2 * 24 * 60 * MIN);
  assert.equal((await runsOf('unit-off')).total_count, 2);
  assert.equal((await h.api('PATCH', `/repos/${ADMIN.username}/unit-off`, { auth: token, body: { has_actions: false } })).status, 200);
  assert.equal((await listSpecsOfRepo(h.app.store, repoId)).length, 0);
  // The runs are hidden while the unit is off; turned on again they show as cancelled.
  assert.equal((await h.api('GET', `/repos/${ADMIN.username}/unit-off/actions/runs`, { auth: token })).status, 404);
  assert.equal((await h.api('PATCH', `/repos/${ADMIN.username}/unit-off`, { auth: token, body: { has_actions: true } })).status, 200);
  assert.deepEqual((await runsOf('unit-off')).workflow_runs.map((x) => x.conclusion), ['cancelled', 'cancelled']);
});

test('turning actions off globally cancels scheduled runs and removes every plan at the next pass', async () => {
  const repoId = await repoWithSchedule('global-off');
  await runDueSchedules(h.app, Date.now() + 2 * 24 * 60 * MIN);
  assert.equal((await runsOf('global-off')).total_count, 2);
  const on = h.app.settings;
  h.app.settings = on.with({ 'actions.ENABLED': 'false' });
  try {
    assert.equal(await runDueSchedules(h.app, Date.now() + 4 * 24 * 60 * MIN), 0);
    assert.equal((await listSpecsOfRepo(h.app.store, repoId)).length, 0);
    assert.equal((await listSpecsOfRepo(h.app.store, 1)).length, 0);
  } finally {
    h.app.settings = on;
  }
  assert.deepEqual((await runsOf('global-off')).workflow_runs.map((x) => x.conclusion), ['cancelled', 'cancelled']);
});

test('workflow_dispatch with inputs: checked, defaults filled, a condition on inputs decided', async () => {
  await repoWithSchedule('dispatch');
  const W = `/repos/${ADMIN.username}/dispatch/actions/workflows`;
  const list = await h.api('GET', W, { auth: token });
  assert.deepEqual(list.body.workflows.map((w: { id: string }) => w.id).sort(), ['dispatch.yaml', 'nightly.yml']);
  assert.equal((await h.api('POST', `${W}/dispatch.yaml/dispatches`, { auth: token, body: { ref: 'main', inputs: { target: 'moon' } } })).status, 422);
  assert.equal((await h.api('POST', `${W}/dispatch.yaml/dispatches`, { auth: token, body: { ref: 'main' } })).status, 422);
  assert.equal((await h.api('POST', `${W}/nightly.yml/dispatches`, { auth: token, body: { ref: 'main' } })).status, 400);
  assert.equal((await h.api('POST', `${W}/dispatch.yaml/dispatches`, { auth: token, body: { ref: 'main', inputs: { target: 'staging' } } })).status, 204);
  const res = await h.api('POST', `${W}/dispatch.yaml/dispatches?return_run_details=true`, { auth: token, body: { ref: 'other', inputs: { target: 'production' } } });
  assert.equal(res.status, 200);
  const runs = (await runsOf('dispatch')).workflow_runs.filter((r) => r.event === 'workflow_dispatch');
  assert.equal(runs.length, 2);
  assert.equal(res.body.workflow_run_id, runs[0]!.id);
  // target=production fails the job's condition: skipped; staging waits for a runner.
  assert.deepEqual(runs.map((r) => r.conclusion ?? r.status), ['skipped', 'queued']);
  // Disabled workflows are refused until enabled again.
  assert.equal((await h.api('PUT', `${W}/dispatch.yaml/disable`, { auth: token })).status, 204);
  assert.equal((await h.api('GET', `${W}/dispatch.yaml`, { auth: token })).body.state, 'disabled_manually');
  assert.equal((await h.api('POST', `${W}/dispatch.yaml/dispatches`, { auth: token, body: { ref: 'main', inputs: { target: 'staging' } } })).status, 409);
  assert.equal((await h.api('PUT', `${W}/dispatch.yaml/enable`, { auth: token })).status, 204);
  assert.equal((await h.api('GET', `${W}/missing.yml`, { auth: token })).status, 404);
});
