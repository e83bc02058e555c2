/** Ephemeral runners (registered with `ephemeral: true`): one task, then the runner is gone, as in Gitea. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError } from '@connectrpc/connect';
import { ADMIN, createToken, startHost, type TestHost } from '../helpers/host.ts';
import { registerRunner } from '../helpers/runner-client.ts';
import { LogRowSchema, Result } from '../../server/lib/proto/runner/v1/messages_pb.ts';
import { storeWaitingJob } from './runner-fixtures.ts';
import * as runStore from '../../server/store/action-runs.ts';
import * as runnerStore from '../../server/store/runners.ts';

const WORKFLOW = 'name: ci\non: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hello\n';

describe('ephemeral runner', () => {
  let h: TestHost;
  let root: string;
  let repo: { id: number; owner_id: number };
  let sha = '';
  before(async () => {
    h = await startHost();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    const r = await h.api('POST', '/user/repos', { auth: root, body: { name: 'eph', auto_init: true } });
    assert.equal(r.status, 201, r.text);
    repo = { id: r.body.id as number, owner_id: r.body.owner.id as number };
    sha = (await h.api('GET', '/repos/root/eph/branches/main', { auth: root })).body.commit.id as string;
  });
  after(() => h.stop());

  test('takes one task, gets no second while it runs, and is removed when it ends', { timeout: 60_000 }, async () => {
    const reg = (await h.api('POST', '/repos/root/eph/actions/runners/registration-token', { auth: root })).body.token as string;
    const runner = await registerRunner(h.url, reg, { name: 'once', ephemeral: true });
    const listed = await h.api('GET', `/repos/root/eph/actions/runners/${runner.id}`, { auth: root });
    assert.equal(listed.status, 200, listed.text);
    assert.equal(listed.body.ephemeral, true);

    const first = await storeWaitingJob(h, repo, { sha, workflow: WORKFLOW });
    const task = await runner.fetch();
    assert.ok(task, 'the ephemeral runner gets its task');
    const second = await storeWaitingJob(h, repo, { sha, workflow: WORKFLOW });
    assert.equal(await runner.fetch(), undefined, 'no second task while the first runs');
    assert.equal((await runStore.getJob(h.app.store, second.jobId))?.status, 'waiting');

    const rows = [create(LogRowSchema, { time: timestampFromDate(new Date()), content: 'hello' })];
    assert.equal((await runner.rpc.updateLog({ taskId: task.id, index: 0n, rows, noMore: true })).ackIndex, 1n);
    const done = await runner.rpc.updateTask({ state: { id: task.id, result: Result.SUCCESS, startedAt: timestampFromDate(new Date()), stoppedAt: timestampFromDate(new Date()) } });
    assert.equal(done.state?.result, Result.SUCCESS);
    assert.equal((await runStore.getJob(h.app.store, first.jobId))?.status, 'success');

    assert.equal(await runnerStore.get(h.app.store, runner.id), undefined, 'removed after its task');
    assert.equal((await h.api('GET', `/repos/root/eph/actions/runners/${runner.id}`, { auth: root })).status, 404);
    await assert.rejects(runner.rpc.fetchTask({ tasksVersion: 0n }), (e: unknown) => e instanceof ConnectError && e.code === Code.Unauthenticated && /unregistered runner/.test(e.rawMessage));

    // A runner that is not ephemeral takes the job left waiting, and stays.
    const keeper = await registerRunner(h.url, reg, { name: 'keeper' });
    const next = await keeper.fetch();
    assert.ok(next);
    await keeper.rpc.updateTask({ state: { id: next.id, result: Result.SUCCESS, startedAt: timestampFromDate(new Date()), stoppedAt: timestampFromDate(new Date()) } });
    assert.ok(await runnerStore.get(h.app.store, keeper.id));
    assert.equal((await runStore.getJob(h.app.store, second.jobId))?.status, 'success');
  });
});
