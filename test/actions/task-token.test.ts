/**
 * A running task's token (GITEA_TOKEN) as a credential, as Gitea accepts it: git over HTTP and the API reach the
 * task's own repository (private too), push to it unless the task runs for a fork's pull request, reach no other
 * private repository, and stop working when the task ends.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { ADMIN, createToken, request, startHost, type TestHost } from '../helpers/host.ts';
import { commitFiles, gitSandbox, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { registerRunner, type ProtocolRunner } from '../helpers/runner-client.ts';
import { Result } from '../../server/lib/proto/runner/v1/messages_pb.ts';
import { storeWaitingJob } from './runner-fixtures.ts';
import * as runStore from '../../server/store/action-runs.ts';

const WORKFLOW = 'name: ci\non: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hello\n';

describe('action task token', () => {
  let h: TestHost;
  let g: GitSandbox;
  let root: string;
  let runner: ProtocolRunner;
  const repos: Record<string, { id: number; owner_id: number; sha: string }> = {};
  before(async () => {
    h = await startHost();
    g = await gitSandbox();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    for (const name of ['secret-app', 'other-secret']) {
      const r = await h.api('POST', '/user/repos', { auth: root, body: { name, private: true, auto_init: true } });
      assert.equal(r.status, 201, r.text);
      const sha = (await h.api('GET', `/repos/root/${name}/branches/main`, { auth: root })).body.commit.id as string;
      repos[name] = { id: r.body.id as number, owner_id: r.body.owner.id as number, sha };
    }
    const reg = (await h.api('POST', '/admin/actions/runners/registration-token', { auth: root })).body.token as string;
    runner = await registerRunner(h.url, reg, { name: 'token-runner' });
  });
  after(async () => {
    await h.stop();
    await g.dispose();
  });

  async function takeTask(repo: string, fork = false) {
    const { runId, jobId } = await storeWaitingJob(h, repos[repo]!, { sha: repos[repo]!.sha, workflow: WORKFLOW });
    if (fork) {
      await runStore.updateRun(h.app.store, runId, (r) => { r.is_fork_pull_request = true; });
      await runStore.updateJob(h.app.store, jobId, (j) => { j.is_fork_pull_request = true; });
    }
    const task = await runner.fetch();
    assert.ok(task, 'the runner got the task');
    const token = task.secrets.GITEA_TOKEN!;
    assert.equal(task.secrets.GITHUB_TOKEN, token);
    assert.equal(task.context?.token, token);
    return { task, token };
  }

  test('clones and pushes the task repository, nothing else, until the task ends', { timeout: 60_000 }, async () => {
    const { task, token } = await takeTask('secret-app');
    const url = (name: string) => withCredentials(`${h.url}/root/${name}.git`, 'x-access-token', token);
    const dir = path.join(g.dir, 'clone');
    await g.ok(['clone', '-q', url('secret-app'), dir]);
    const sha = await commitFiles(g, dir, { 'from-ci.txt': 'made by the job\n' }, 'from ci');
    await g.ok(['push', '-q', url('secret-app'), 'HEAD:refs/heads/ci-out'], { cwd: dir });
    const branch = await h.api('GET', '/repos/root/secret-app/branches/ci-out', { auth: root });
    assert.equal(branch.status, 200, branch.text);
    assert.equal(branch.body.commit.id, sha);
    assert.equal(branch.body.commit.author.name, 'Test User');

    // The API answers the token as the actions user, for this repository only.
    const viaApi = await request(h.url, 'GET', '/api/v1/repos/root/secret-app', { headers: { Authorization: `token ${token}` } });
    assert.equal(viaApi.status, 200, viaApi.text);
    assert.equal(viaApi.body.permissions.push, true);
    assert.equal(viaApi.body.permissions.admin, false);
    const other = await request(h.url, 'GET', '/api/v1/repos/root/other-secret', { headers: { Authorization: `token ${token}` } });
    assert.equal(other.status, 404);
    const otherClone = await g.run(['clone', '-q', url('other-secret'), path.join(g.dir, 'other')]);
    assert.notEqual(otherClone.code, 0, 'another private repository is out of reach');

    // A push by the task's token makes no run (Gitea skips events of the actions user).
    const runs = await runStore.queryRepoRuns(h.app.store, repos['secret-app']!.id, {});
    assert.equal(runs.total, 1, 'only the stored run');

    await runner.rpc.updateTask({ state: { id: task.id, result: Result.SUCCESS, startedAt: timestampFromDate(new Date()), stoppedAt: timestampFromDate(new Date()) } });
    const late = await g.run(['ls-remote', url('secret-app')]);
    assert.notEqual(late.code, 0, 'the token ends with its task');
    assert.match(late.stderr, /Authentication failed|401|could not read/i);
    const lateApi = await request(h.url, 'GET', '/api/v1/repos/root/secret-app', { headers: { Authorization: `token ${token}` } });
    assert.equal(lateApi.status, 401);
  });

  test("a fork pull request's task reads but may not push", { timeout: 60_000 }, async () => {
    const { task, token } = await takeTask('secret-app', true);
    const url = withCredentials(`${h.url}/root/secret-app.git`, 'x-access-token', token);
    const dir = path.join(g.dir, 'fork-clone');
    await g.ok(['clone', '-q', url, dir]);
    await commitFiles(g, dir, { 'x.txt': 'x\n' }, 'x');
    const push = await g.run(['push', '-q', url, 'HEAD:refs/heads/fork-out'], { cwd: dir });
    assert.notEqual(push.code, 0);
    assert.match(push.stderr, /permission denied|403/i);
    await runner.rpc.updateTask({ state: { id: task.id, result: Result.FAILURE, startedAt: timestampFromDate(new Date()), stoppedAt: timestampFromDate(new Date()) } });
  });
});
