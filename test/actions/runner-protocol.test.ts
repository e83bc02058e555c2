/** The runner protocol as act_runner speaks it: a client generated from the protos registers, declares, fetches, reports. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError } from '@connectrpc/connect';
import { ADMIN, createToken, request, startHost, type TestHost } from '../helpers/host.ts';
import { anonymousClients, registerRunner } from '../helpers/runner-client.ts';
import { LogRowSchema, Result } from '../../server/lib/proto/runner/v1/messages_pb.ts';
import { storeWaitingJob } from './runner-fixtures.ts';
import * as taskStore from '../../server/store/action-tasks.ts';
import * as runStore from '../../server/store/action-runs.ts';
import { readTaskLog } from '../../server/services/actions/tasks.ts';
import { createOrUpdateSecret } from '../../server/services/actions/secrets.ts';

const WORKFLOW = 'name: ci\non: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hello\n';

async function rejectsWith(p: Promise<unknown>, code: Code, message: RegExp): Promise<void> {
  await assert.rejects(p, (e: unknown) => e instanceof ConnectError && e.code === code && message.test(e.rawMessage));
}

describe('runner protocol', () => {
  let h: TestHost;
  let root: string;
  let repo: { id: number; owner_id: number };
  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    const r = await h.api('POST', '/user/repos', { auth: root, body: { name: 'proto', auto_init: true } });
    assert.equal(r.status, 201);
    repo = { id: r.body.id as number, owner_id: r.body.owner.id as number };
  });
  after(() => h.stop());

  test('Ping answers; a call without runner headers is unauthenticated', async () => {
    const c = anonymousClients(h.url);
    assert.equal((await c.ping.ping({ data: 'homeforge' })).data, 'Hello, homeforge!');
    await rejectsWith(c.rpc.fetchTask({ tasksVersion: 0n }), Code.Unauthenticated, /unregistered runner/);
    await rejectsWith(c.rpc.declare({ version: 'v1', labels: [] }), Code.Unauthenticated, /unregistered runner/);
  });

  test('Register refuses an unknown token and a reset one', async () => {
    const c = anonymousClients(h.url);
    await rejectsWith(c.rpc.register({ name: 'x', token: 'nope', version: 'v1', labels: [] }), Code.Unauthenticated, /runner registration token not found/);
    const old = (await h.api('POST', '/repos/root/proto/actions/runners/registration-token', { auth: root })).body.token as string;
    const reset = await request(h.url, 'POST', '/api/homeforge/repos/root/proto/actions/runners/registration-token/reset', { auth: root });
    assert.equal(reset.status, 200, reset.text);
    await rejectsWith(c.rpc.register({ name: 'x', token: old, version: 'v1', labels: [] }), Code.Unauthenticated, /invalidated, please use the latest one/);
  });

  test('register, declare, fetch a task, report steps, logs and the result', async () => {
    const regToken = (await h.api('POST', '/repos/root/proto/actions/runners/registration-token', { auth: root })).body.token as string;
    const runner = await registerRunner(h.url, regToken, { name: 'proto-runner', labels: ['ubuntu-latest:docker://node:20'], version: 'v0.2.11' });
    assert.ok(runner.uuid && runner.token && runner.id > 0);
    const listed = await h.api('GET', `/repos/root/proto/actions/runners/${runner.id}`, { auth: root });
    assert.equal(listed.status, 200, listed.text);
    assert.equal(listed.body.name, 'proto-runner');
    assert.equal(listed.body.status, 'online');
    assert.deepEqual(listed.body.labels.map((l: { name: string }) => l.name), ['ubuntu-latest:docker://node:20']);
    assert.equal(listed.body.version, 'v0.2.11');

    // A runner whose version is current waits, then hears nothing new.
    const first = await runner.rpc.fetchTask({ tasksVersion: 0n });
    assert.equal(first.task, undefined);
    runner.version = first.tasksVersion;
    const started = Date.now();
    const idle = await runner.rpc.fetchTask({ tasksVersion: runner.version });
    assert.equal(idle.task, undefined);
    assert.ok(Date.now() - started >= 2_000, 'an idle fetch is held (long poll)');

    await createOrUpdateSecret(h.app, { repoId: repo.id }, 'DEPLOY_KEY', 's3cr3t-value');
    const sha = (await h.api('GET', '/repos/root/proto/branches/main', { auth: root })).body.commit.id as string;
    // A fetch already waiting is woken by the new job.
    const waiting = runner.fetch();
    await new Promise((r) => setTimeout(r, 200));
    const { runId, jobId } = await storeWaitingJob(h, repo, { sha, workflow: WORKFLOW });
    const task = await waiting;
    assert.ok(task, 'the waiting fetch got the task');
    assert.equal(new TextDecoder().decode(task.workflowPayload), WORKFLOW);
    assert.equal(task.context?.sha, sha);
    assert.equal(task.context?.repository, 'root/proto');
    assert.equal(task.secrets.DEPLOY_KEY, 's3cr3t-value');
    assert.ok(task.secrets.GITEA_TOKEN);
    assert.equal(runner.version, 0n, 'after a task the next fetch looks again');
    assert.equal((await runner.rpc.fetchTask({ tasksVersion: 0n })).task, undefined, 'one job, one task');

    const t0 = new Date();
    const rows = ['hello', 'done'].map((content) => create(LogRowSchema, { time: timestampFromDate(t0), content }));
    const ack = await runner.rpc.updateLog({ taskId: task.id, index: 0n, rows });
    assert.equal(ack.ackIndex, 2n);
    const again = await runner.rpc.updateLog({ taskId: task.id, index: 1n, rows: rows.slice(1), noMore: true });
    assert.equal(again.ackIndex, 2n, 'a row sent twice is stored once');
    const running = await runner.rpc.updateTask({ state: { id: task.id, result: Result.UNSPECIFIED, startedAt: timestampFromDate(t0), steps: [{ id: 0n, result: Result.UNSPECIFIED, startedAt: timestampFromDate(t0) }] } });
    assert.equal(running.state?.result, Result.UNSPECIFIED);
    const done = await runner.rpc.updateTask({
      state: { id: task.id, result: Result.SUCCESS, startedAt: timestampFromDate(t0), stoppedAt: timestampFromDate(new Date()), steps: [{ id: 0n, result: Result.SUCCESS, logIndex: 0n, logLength: 2n, stoppedAt: timestampFromDate(new Date()) }] },
      outputs: { answer: '42' },
    });
    assert.equal(done.state?.result, Result.SUCCESS);
    assert.deepEqual(done.sentOutputs, ['answer']);

    const stored = await taskStore.getTask(h.app.store, Number(task.id));
    assert.equal(stored?.status, 'success');
    assert.equal(stored?.runner_id, runner.id);
    assert.equal((await runStore.getJob(h.app.store, jobId))?.status, 'success');
    assert.equal((await runStore.getRun(h.app.store, runId))?.status, 'success');
    assert.deepEqual((await readTaskLog(h.app, Number(task.id))).map((r) => r.content), ['hello', 'done']);

    // Another runner cannot report on this task.
    const other = await registerRunner(h.url, regToken, { name: 'other' });
    await rejectsWith(other.rpc.updateLog({ taskId: task.id, index: 2n, rows }), Code.NotFound, /task not found/);
    const busy = await h.api('GET', `/repos/root/proto/actions/runners/${runner.id}`, { auth: root });
    assert.equal(busy.body.busy, true, 'a runner that just reported is active');
  });

  test('a deleted runner is unregistered', async () => {
    const regToken = (await h.api('POST', '/repos/root/proto/actions/runners/registration-token', { auth: root })).body.token as string;
    const runner = await registerRunner(h.url, regToken, { name: 'doomed' });
    assert.equal((await h.api('DELETE', `/repos/root/proto/actions/runners/${runner.id}`, { auth: root })).status, 204);
    await rejectsWith(runner.rpc.declare({ version: 'v1', labels: [] }), Code.Unauthenticated, /unregistered runner/);
  });
});
