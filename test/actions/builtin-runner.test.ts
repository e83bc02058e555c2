/** A workflow pushed with git runs end to end on the built-in runner (a child process speaking the runner protocol). */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ADMIN, createToken, request, startHost, type TestHost } from '../helpers/host.ts';
import { commitFiles, gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';
import * as runStore from '../../server/store/action-runs.ts';
import * as taskStore from '../../server/store/action-tasks.ts';
import { readTaskLog } from '../../server/services/actions/tasks.ts';
import { createOrUpdateSecret } from '../../server/services/actions/secrets.ts';
import { until } from '../helpers/until.ts';

const WORKFLOW = `name: ci
on: push
jobs:
  build:
    runs-on: ubuntu-latest
    env:
      GREETING: hello from \${{ github.repository }}
    steps:
      - uses: actions/checkout@v4
      - name: show
        run: |
          echo "$GREETING"
          cat README.md
          echo "secret is \${{ secrets.DEPLOY_KEY }}"
          echo "env is clean: \${HOMEFORGE_LEAK_CHECK:-unset}"
      - name: odd action
        uses: someone/unknown-action@v1
      - name: after failure
        run: echo should not run
`;

describe('built-in runner', () => {
  let h: TestHost;
  let g: GitSandbox;
  let root: string;
  before(async () => {
    // A variable of the host's process: a step must not see it.
    process.env.HOMEFORGE_LEAK_CHECK = 'leaked';
    h = await startHost();
    g = await gitSandbox();
    root = await createToken(h, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await h.stop();
    await g.dispose();
  });

  test('is off until turned on; then a pushed workflow runs, with its log, masked secrets and step results', { timeout: 180_000 }, async () => {
    const off = await request(h.url, 'GET', '/api/homeforge/admin/actions/builtin-runner', { auth: root });
    assert.equal(off.status, 200, off.text);
    assert.deepEqual([off.body.enabled, off.body.running], [false, false]);

    const created = await h.api('POST', '/user/repos', { auth: root, body: { name: 'ci-demo' } });
    assert.equal(created.status, 201, created.text);
    await createOrUpdateSecret(h.app, { repoId: created.body.id as number }, 'DEPLOY_KEY', 'hunter2-very-secret');
    const dir = path.join(g.dir, 'ci-demo');
    await makeRepo(g, dir, { 'README.md': 'the readme\n' });
    const sha = await commitFiles(g, dir, { '.gitea/workflows/ci.yml': WORKFLOW }, 'add ci');
    await g.ok(['push', '-q', withCredentials(`${h.url}/root/ci-demo.git`, ADMIN.username, ADMIN.password), 'main'], { cwd: dir });

    const run = await until(async () => (await runStore.queryRepoRuns(h.app.store, created.body.id as number, {})).rows[0], 'the run of the push');
    assert.equal(run.commit_sha, sha);
    assert.equal(run.status, 'waiting', 'no runner yet');

    const on = await request(h.url, 'PUT', '/api/homeforge/admin/actions/builtin-runner', { auth: root, body: { enabled: true } });
    assert.equal(on.status, 200, on.text);
    assert.equal(on.body.enabled, true);
    const done = await until(async () => {
      const r = await runStore.getRun(h.app.store, run.id);
      return r && ['success', 'failure', 'cancelled'].includes(r.status) ? r : undefined;
    }, 'the run to finish');
    assert.equal(done.status, 'failure', 'the unsupported action fails the job');
    const status = await request(h.url, 'GET', '/api/homeforge/admin/actions/builtin-runner', { auth: root });
    assert.equal(status.body.running, true);
    const runner = await h.api('GET', `/admin/actions/runners/${status.body.runner_id}`, { auth: root });
    assert.equal(runner.status, 200, runner.text);
    assert.equal(runner.body.name, 'homeforge-builtin');

    const job = (await runStore.listJobsOfRun(h.app.store, run.id))[0]!;
    const logRes = await h.api('GET', `/repos/root/ci-demo/actions/jobs/${job.id}/logs`, { auth: root });
    assert.equal(logRes.status, 200, logRes.text);
    const log = logRes.text;
    assert.deepEqual((await readTaskLog(h.app, job.task_id)).length > 0, true);
    assert.match(log, /hello from root\/ci-demo/);
    assert.match(log, /the readme/, 'the checkout has the pushed commit');
    assert.match(log, /secret is \*\*\*/);
    assert.doesNotMatch(log, /hunter2-very-secret/);
    assert.match(log, /env is clean: unset/, 'steps do not see the host environment');
    assert.match(log, /unsupported action: someone\/unknown-action@v1/);
    assert.doesNotMatch(log, /should not run/);
  });

  async function pushWorkflow(name: string, workflow: string): Promise<{ repoId: number; runId: number }> {
    const created = await h.api('POST', '/user/repos', { auth: root, body: { name } });
    assert.equal(created.status, 201, created.text);
    const dir = path.join(g.dir, name);
    await makeRepo(g, dir, { 'README.md': `${name}\n` });
    await commitFiles(g, dir, { '.gitea/workflows/ci.yml': workflow }, 'ci');
    await g.ok(['push', '-q', withCredentials(`${h.url}/root/${name}.git`, ADMIN.username, ADMIN.password), 'main'], { cwd: dir });
    const run = await until(async () => (await runStore.queryRepoRuns(h.app.store, created.body.id as number, {})).rows[0], `the run of ${name}`);
    return { repoId: created.body.id as number, runId: run.id };
  }

  test('a job over its time limit fails', { timeout: 120_000 }, async () => {
    const { runId } = await pushWorkflow('ci-limit', 'name: limit\non: push\njobs:\n  limited:\n    runs-on: ubuntu-latest\n    timeout-minutes: 0.05\n    steps:\n      - run: sleep 120\n');
    const job = await until(async () => {
      const j = (await runStore.listJobsOfRun(h.app.store, runId))[0];
      return j && ['success', 'failure', 'cancelled'].includes(j.status) ? j : undefined;
    }, 'the limited job to end');
    assert.equal(job.status, 'failure');
    const log = (await h.api('GET', `/repos/root/ci-limit/actions/jobs/${job.id}/logs`, { auth: root })).text;
    assert.match(log, /longer than its time limit/);
  });

  test('a run cancelled while its job runs stops the step and ends cancelled', { timeout: 120_000 }, async () => {
    const { runId } = await pushWorkflow('ci-long', 'name: slow\non: push\njobs:\n  wait:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo started; sleep 120\n');
    const job = await until(async () => (await runStore.listJobsOfRun(h.app.store, runId))[0], 'the job');
    await until(async () => ((await h.api('GET', `/repos/root/ci-long/actions/jobs/${job.id}/logs`, { auth: root })).text.includes('started') ? true : undefined), 'the step to start');
    const cancel = await request(h.url, 'POST', `/api/homeforge/repos/root/ci-long/actions/runs/${runId}/cancel`, { auth: root });
    assert.equal(cancel.status, 200, cancel.text);
    const task = await until(async () => {
      const t = (await runStore.getJob(h.app.store, job.id))?.task_id;
      const rec = t ? await taskStore.getTask(h.app.store, t) : undefined;
      return rec?.log_finished ? rec : undefined;
    }, 'the runner to stop the cancelled task', 30_000);
    assert.equal(task.status, 'cancelled');
    assert.equal((await runStore.getRun(h.app.store, runId))?.status, 'cancelled');
    const log = (await h.api('GET', `/repos/root/ci-long/actions/jobs/${job.id}/logs`, { auth: root })).text;
    assert.match(log, /The job was cancelled\./);
  });
});
