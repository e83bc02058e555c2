/**
 * Actions end to end with the real git client: a pushed workflow makes a run whose matrix becomes jobs and whose
 * needs block; runners (through the task interface) move it on; skip strings; cancel and rerun; the job log through
 * the API; workflow_job hook payloads with Gitea's status names delivered to a real receiver.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHost, createToken, ADMIN, request, type TestHost } from '../helpers/host.ts';
import { gitSandbox, makeRepo, commitFiles, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { startReceiver, eventually, type Receiver } from '../webhooks/receiver.ts';
import { makeHook } from '../webhooks/fixtures.ts';
import { appendTaskLog, pickTask, updateTask } from '../../server/services/actions/tasks.ts';

let h: TestHost;
let g: GitSandbox;
let rx: Receiver;
let token: string;
let work: string;
const R = `/repos/${ADMIN.username}/ci/actions`;
const runner = { id: 7, labels: ['ubuntu-latest:docker://node:20'], ownerId: 0, repoId: 0 };

const CI = `name: CI
on:
  push:
    branches: [main]
    paths-ignore: ['docs/**']
jobs:
  build:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        node: [18, 20]
    steps:
      - uses: actions/checkout@v4
      - run: echo build \${{ matrix.node }}
  test:
    needs: build
    runs-on: ubuntu-latest
    steps:
      - name: Test
        run: echo test
  deploy:
    needs: [test]
    if: github.ref == 'refs/heads/main'
    runs-on: ubuntu-latest
    steps:
      - run: echo deploy
`;

before(async () => {
  h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
  g = await gitSandbox();
  rx = await startReceiver();
  token = await createToken(h, ADMIN.username, ADMIN.password);
  assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'ci' } })).status, 201);
  await makeHook(h, token, `/repos/${ADMIN.username}/ci/hooks`, { type: 'gitea', events: ['workflow_job', 'workflow_run'], config: { url: `${rx.url}/hook`, content_type: 'json' } });
  work = path.join(g.dir, 'ci');
  // .github/workflows is ignored because .gitea/workflows exists (the first directory that exists wins).
  await makeRepo(g, work, { 'README.md': 'hi\n', '.gitea/workflows/ci.yml': CI, '.github/workflows/other.yml': CI.replace('name: CI', 'name: Other') });
  await g.ok(['push', '-q', withCredentials(`${h.url}/${ADMIN.username}/ci.git`, ADMIN.username, token), 'main'], { cwd: work });
});

after(async () => {
  await h.stop();
  await rx.close();
  await g.dispose();
});

const runs = async () => (await h.api('GET', `${R}/runs`, { auth: token })).body as { total_count: number; workflow_runs: { id: number; status: string; conclusion?: string; event: string; head_branch: string; run_number: number; path: string }[] };
const jobsOf = async (run: number) => ((await h.api('GET', `${R}/runs/${run}/jobs`, { auth: token })).body as { jobs: { id: number; name: string; status: string; conclusion?: string; steps: { name: string }[] }[] }).jobs;
const push = () => g.ok(['push', '-q', withCredentials(`${h.url}/${ADMIN.username}/ci.git`, ADMIN.username, token), 'main'], { cwd: work });

test('a pushed workflow makes one run with matrix jobs; needs block until done; a failed need skips its dependants', async () => {
  const list = await eventually(async () => { const r = await runs(); return r.total_count === 1 && r; });
  const run = list.workflow_runs[0]!;
  assert.equal(run.event, 'push');
  assert.equal(run.head_branch, 'main');
  assert.equal(run.path, 'ci.yml@refs/heads/main');
  assert.equal(run.status, 'queued');
  let jobs = await jobsOf(run.id);
  assert.deepEqual(jobs.map((j) => [j.name, j.status]), [['build (18)', 'queued'], ['build (20)', 'queued'], ['test', 'waiting'], ['deploy', 'waiting']]);

  // A runner without the label gets nothing; the right one gets both builds, then nothing while test is blocked.
  assert.equal(await pickTask(h.app, { ...runner, labels: ['windows'] }), null);
  const a = await pickTask(h.app, runner);
  const b = await pickTask(h.app, runner);
  assert.ok(a && b);
  assert.deepEqual([a.job.name, b.job.name].sort(), ['build (18)', 'build (20)']);
  assert.equal(a.context.repository, `${ADMIN.username}/ci`);
  assert.equal(a.context.event_name, 'push');
  assert.match(a.workflowPayload, /node:\n\s+- (18|20)\n/);
  assert.equal(await pickTask(h.app, runner), null);
  assert.equal((await runs()).workflow_runs[0]!.status, 'in_progress');

  assert.equal(await appendTaskLog(h.app, a.task.id, 0, [{ time: new Date(), content: 'hello from build' }, { time: new Date(), content: 'second line' }]), 2);
  // A resent overlap is skipped; a gap is refused.
  assert.equal(await appendTaskLog(h.app, a.task.id, 1, [{ time: new Date(), content: 'second line' }, { time: new Date(), content: 'third' }]), 3);
  await assert.rejects(appendTaskLog(h.app, a.task.id, 9, [{ time: new Date(), content: 'x' }]));
  await updateTask(h.app, a.task.id, { result: 1, steps: [{ id: 0, result: 1 }, { id: 1, result: 1 }] });
  await updateTask(h.app, b.task.id, { result: 'success' });
  const log = await h.api('GET', `${R}/jobs/${a.job.id}/logs`, { auth: token });
  assert.equal(log.status, 200);
  assert.deepEqual(log.text.trim().split('\n').map((l) => l.slice(l.indexOf(' ') + 1)), ['hello from build', 'second line', 'third']);

  jobs = await jobsOf(run.id);
  assert.deepEqual(jobs.map((j) => j.status), ['completed', 'completed', 'queued', 'waiting']);
  const t = await pickTask(h.app, runner);
  assert.equal(t?.job.name, 'test');
  assert.equal(t.needs.build?.result, 'success');
  await updateTask(h.app, t.task.id, { result: 'failure' });
  jobs = await jobsOf(run.id);
  assert.deepEqual(jobs.map((j) => j.conclusion), ['success', 'success', 'failure', 'skipped']);
  const done = (await runs()).workflow_runs[0]!;
  assert.equal(done.status, 'completed');
  assert.equal(done.conclusion, 'failure');
  // A task reported again after the end stays as it ended.
  assert.equal((await updateTask(h.app, t.task.id, { result: 'success' })).status, 'failure');
});

test('workflow_job payloads report blocked as waiting, waiting as queued, then in_progress and completed', async () => {
  const got = await eventually(async () => {
    const jobs = rx.got.filter((r) => r.headers['x-gitea-event'] === 'workflow_job').map((r) => JSON.parse(r.body) as { action: string; workflow_job: { name: string; status: string; conclusion?: string } });
    const runDone = rx.got.some((r) => r.headers['x-gitea-event'] === 'workflow_run' && (JSON.parse(r.body) as { action: string }).action === 'completed');
    return runDone && jobs.some((j) => j.workflow_job.name === 'deploy' && j.action === 'completed') && jobs;
  }, 60_000);
  // Deliveries run side by side, so their arrival order is not the order of the changes: compare as sets.
  const of = (name: string) => got.filter((j) => j.workflow_job.name === name).map((j) => [j.action, j.workflow_job.status, j.workflow_job.conclusion ?? null].join(' ')).sort();
  assert.deepEqual(of('test'), ['completed completed failure', 'in_progress in_progress ', 'queued queued ', 'waiting waiting ']);
  assert.deepEqual(of('deploy'), ['completed completed skipped', 'waiting waiting ']);
  assert.deepEqual(of('build (18)'), ['completed completed success', 'in_progress in_progress ', 'queued queued ']);
  const runEvents = rx.got.filter((r) => r.headers['x-gitea-event'] === 'workflow_run').map((r) => (JSON.parse(r.body) as { action: string }).action);
  assert.deepEqual([...new Set(runEvents)].sort(), ['completed', 'in_progress', 'requested']);
});

test('skip strings and paths-ignore keep a push from running workflows', async () => {
  const before = (await runs()).total_count;
  await commitFiles(g, work, { 'a.txt': '1\n' }, 'change a [skip ci]');
  await push();
  await commitFiles(g, work, { 'b.txt': '1\n' }, 'change b\n\n[actions skip]');
  await push();
  await commitFiles(g, work, { 'docs/x.md': '1\n' }, 'docs only');
  await push();
  await new Promise((r) => setTimeout(r, 300));
  assert.equal((await runs()).total_count, before);
  await commitFiles(g, work, { 'src/c.txt': '1\n' }, 'code');
  await push();
  await eventually(async () => (await runs()).total_count === before + 1);
});

test('cancel stops a run and its task; rerun starts a new attempt; delete waits until done', async () => {
  const run = (await runs()).workflow_runs[0]!;
  assert.equal((await h.api('DELETE', `${R}/runs/${run.id}`, { auth: token })).status, 400);
  const picked = await pickTask(h.app, runner);
  assert.ok(picked);
  const cancel = await request(h.url, 'POST', `/api/homeforge${R.replace('/actions', '')}/actions/runs/${run.id}/cancel`, { auth: token });
  assert.equal(cancel.status, 200);
  assert.equal(cancel.body.status, 'cancelled');
  // The runner learns at its next report; its result no longer changes anything.
  assert.equal((await updateTask(h.app, picked.task.id, { result: 'success' })).status, 'cancelled');
  const rerun = await h.api('POST', `${R}/runs/${run.id}/rerun`, { auth: token });
  assert.equal(rerun.status, 201);
  assert.equal(rerun.body.run_attempt, 2);
  assert.equal(rerun.body.status, 'queued');
  assert.deepEqual((await jobsOf(run.id)).map((j) => j.status), ['queued', 'queued', 'waiting', 'waiting']);
  assert.equal((await h.api('POST', `${R}/runs/${run.id}/rerun`, { auth: token })).status, 400);
  await request(h.url, 'POST', `/api/homeforge/repos/${ADMIN.username}/ci/actions/runs/${run.id}/cancel`, { auth: token });
  assert.equal((await h.api('DELETE', `${R}/runs/${run.id}`, { auth: token })).status, 204);
  assert.equal((await h.api('GET', `${R}/runs/${run.id}`, { auth: token })).status, 404);
});

test('tasks, artifacts and a job of another repository', async () => {
  const tasks = await h.api('GET', `${R}/tasks`, { auth: token });
  assert.equal(tasks.status, 200);
  assert.ok(tasks.body.total_count >= 3);
  assert.equal(tasks.body.workflow_runs[0].workflow_id, 'ci.yml');
  assert.deepEqual((await h.api('GET', `${R}/artifacts`, { auth: token })).body, { artifacts: [], total_count: 0 });
  assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'other' } })).status, 201);
  const job = ((await h.api('GET', `${R}/jobs`, { auth: token })).body as { jobs: { id: number }[] }).jobs[0]!;
  assert.equal((await h.api('GET', `/repos/${ADMIN.username}/other/actions/jobs/${job.id}`, { auth: token })).status, 404);
});
