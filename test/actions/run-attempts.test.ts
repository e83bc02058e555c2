/** The run object's fields Gitea sends (pull_requests, head_repository, previous_attempt_url) and a run's attempts. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken, startHost, type TestHost } from '../helpers/host.ts';
import { eventually } from '../webhooks/receiver.ts';
import { pickTask, updateTask } from '../../server/services/actions/tasks.ts';

const WF = 'on: [push, pull_request]\njobs:\n  a:\n    runs-on: att\n    steps:\n      - run: echo a\n  b:\n    runs-on: att\n    steps:\n      - run: echo b\n';
const R = `/repos/${ADMIN.username}/attempts`;

describe('run attempts and run fields', () => {
  let h: TestHost;
  let root: string;
  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: root, body: { name: 'attempts', auto_init: true } })).status, 201);
    const put = await h.api('POST', `${R}/contents/.gitea/workflows/ci.yml`, { auth: root, body: { content: Buffer.from(WF).toString('base64'), message: 'ci' } });
    assert.equal(put.status, 201, put.text);
  });
  after(() => h.stop());

  const runner = { id: 1, labels: ['att'], ownerId: 0, repoId: 0 };
  async function finishJobs(n: number, result: (name: string) => 'success' | 'failure') {
    for (let i = 0; i < n; i++) {
      const t = await pickTask(h.app, runner);
      assert.ok(t, 'a waiting job');
      await updateTask(h.app, t.task.id, { result: result(t.job.job_id) });
    }
  }

  test('a rerun keeps the earlier attempt, with its jobs as they ended', async () => {
    const run = await eventually(async () => (await h.api('GET', `${R}/actions/runs?event=push`, { auth: root })).body.workflow_runs[0] as Record<string, unknown> | undefined);
    assert.equal(run.run_attempt, 1);
    assert.equal(run.previous_attempt_url, null);
    assert.deepEqual(run.pull_requests, []);
    assert.equal((run.head_repository as { full_name: string }).full_name, `${ADMIN.username}/attempts`);
    await finishJobs(2, (job) => (job === 'a' ? 'failure' : 'success'));
    const failed = (await h.api('GET', `${R}/actions/runs/${run.id}`, { auth: root })).body;
    assert.equal(failed.conclusion, 'failure');

    assert.equal((await h.api('POST', `${R}/actions/runs/${run.id}/rerun-failed-jobs`, { auth: root })).status, 201);
    const second = (await h.api('GET', `${R}/actions/runs/${run.id}`, { auth: root })).body;
    assert.equal(second.run_attempt, 2);
    assert.equal(second.status, 'queued');
    assert.equal(second.previous_attempt_url, `${h.url}/api/v1${R}/actions/runs/${run.id}/attempts/1`);

    const first = await h.api('GET', `${R}/actions/runs/${run.id}/attempts/1`, { auth: root });
    assert.equal(first.status, 200, first.text);
    assert.deepEqual([first.body.run_attempt, first.body.status, first.body.conclusion, first.body.previous_attempt_url], [1, 'completed', 'failure', null]);
    assert.equal(first.body.completed_at, failed.completed_at);
    const firstJobs = (await h.api('GET', `${R}/actions/runs/${run.id}/attempts/1/jobs`, { auth: root })).body;
    assert.deepEqual(firstJobs.jobs.map((j: { name: string; conclusion: string; run_attempt: number }) => `${j.name}:${j.conclusion}:${j.run_attempt}`).sort(), ['a:failure:1', 'b:success:1']);
    const failedOnly = (await h.api('GET', `${R}/actions/runs/${run.id}/attempts/1/jobs?status=failure`, { auth: root })).body;
    assert.equal(failedOnly.total_count, 1);

    const nowJobs = (await h.api('GET', `${R}/actions/runs/${run.id}/attempts/2/jobs`, { auth: root })).body;
    assert.deepEqual(nowJobs.jobs.map((j: { name: string; status: string }) => `${j.name}:${j.status}`).sort(), ['a:queued', 'b:completed']);
    assert.equal((await h.api('GET', `${R}/actions/runs/${run.id}/attempts/2`, { auth: root })).body.run_attempt, 2);
    for (const bad of ['0', '3']) {
      const missing = await h.api('GET', `${R}/actions/runs/${run.id}/attempts/${bad}`, { auth: root });
      assert.equal(missing.status, 404, bad);
      assert.ok(missing.body.message);
    }
    assert.equal((await h.api('GET', `${R}/actions/runs/${run.id}/attempts/x/jobs`, { auth: root })).status, 404);
    await finishJobs(1, () => 'success');
  });

  test("a pull request's run names its pull request; workflows carry deleted_at", async () => {
    assert.equal((await h.api('POST', `${R}/branches`, { auth: root, body: { new_branch_name: 'feature', old_branch_name: 'main' } })).status, 201);
    const file = await h.api('POST', `${R}/contents/feature.txt`, { auth: root, body: { content: Buffer.from('f').toString('base64'), message: 'f', branch: 'feature' } });
    assert.equal(file.status, 201, file.text);
    const pr = await h.api('POST', `${R}/pulls`, { auth: root, body: { head: 'feature', base: 'main', title: 'feature' } });
    assert.equal(pr.status, 201, pr.text);
    const run = await eventually(async () => (await h.api('GET', `${R}/actions/runs?event=pull_request`, { auth: root })).body.workflow_runs[0] as Record<string, unknown> | undefined);
    const prs = run.pull_requests as { id: number; number: number; url: string; head: { ref: string; sha: string; repo: { name: string } }; base: { ref: string } }[];
    assert.equal(prs.length, 1);
    assert.deepEqual([prs[0]!.id, prs[0]!.number, prs[0]!.head.ref, prs[0]!.head.sha, prs[0]!.head.repo.name, prs[0]!.base.ref], [pr.body.id, pr.body.number, 'feature', pr.body.head.sha, 'attempts', 'main']);
    assert.equal(prs[0]!.url, pr.body.url);
    const wf = (await h.api('GET', `${R}/actions/workflows/ci.yml`, { auth: root })).body;
    assert.equal(wf.deleted_at, '0001-01-01T00:00:00Z');
  });
});
