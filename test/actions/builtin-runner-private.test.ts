/**
 * The built-in runner on a private repository: actions/checkout fetches with the task's token, a matrix job runs
 * once per combination with `${{ matrix.* }}` filled in, a step pushes back with GITEA_TOKEN, and a dispatched
 * run sees its inputs as `inputs.*` and `github.event.inputs.*`.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ADMIN, createToken, request, startHost, type TestHost } from '../helpers/host.ts';
import { commitFiles, gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';
import * as runStore from '../../server/store/action-runs.ts';
import { until } from '../helpers/until.ts';

const MATRIX = `name: ci
on:
  push:
    branches: [main]
  workflow_dispatch:
    inputs:
      greeting:
        default: hi
      target:
        required: true
env:
  TOP: top-level
jobs:
  build:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        flavour: [salt, pepper]
        size: [1]
    steps:
      - uses: actions/checkout@v4
      - name: show
        run: |
          cat secret-notes.txt
          echo "flavour=\${{ matrix.flavour }} size=\${{ matrix.size }} top=$TOP"
          echo "input=\${{ inputs.greeting }}/\${{ github.event.inputs.target }} event=\${{ github.event_name }}"
      - name: push back
        if: github.event_name == 'push'
        run: |
          git -c user.name=ci -c user.email=ci@example.com commit -q --allow-empty -m "from \${{ matrix.flavour }}"
          git push -q "http://x-access-token:\${{ secrets.GITEA_TOKEN }}@\${SERVER#http://}/\${{ github.repository }}.git" HEAD:refs/heads/ci-\${{ matrix.flavour }}
        env:
          SERVER: \${{ github.server_url }}
`;

describe('built-in runner on a private repository', () => {
  let h: TestHost;
  let g: GitSandbox;
  let root: string;
  let repoId = 0;
  before(async () => {
    h = await startHost();
    g = await gitSandbox();
    root = await createToken(h, ADMIN.username, ADMIN.password);
    const created = await h.api('POST', '/user/repos', { auth: root, body: { name: 'hidden', private: true } });
    assert.equal(created.status, 201, created.text);
    repoId = created.body.id as number;
    const on = await request(h.url, 'PUT', '/api/homeforge/admin/actions/builtin-runner', { auth: root, body: { enabled: true } });
    assert.equal(on.status, 200, on.text);
  });
  after(async () => {
    await h.stop();
    await g.dispose();
  });

  const finished = (runId: number) => until(async () => {
    const r = await runStore.getRun(h.app.store, runId);
    return r && ['success', 'failure', 'cancelled'].includes(r.status) ? r : undefined;
  }, `run ${runId} to finish`);
  const logsOf = async (runId: number) => {
    const jobs = await runStore.listJobsOfRun(h.app.store, runId);
    const out: Record<string, string> = {};
    for (const j of jobs) out[j.name] = (await h.api('GET', `/repos/root/hidden/actions/jobs/${j.id}/logs`, { auth: root })).text;
    return out;
  };

  test('a pushed matrix workflow checks out, runs each combination and pushes back with its token', { timeout: 240_000 }, async () => {
    const dir = path.join(g.dir, 'hidden');
    await makeRepo(g, dir, { 'secret-notes.txt': 'only for readers\n' });
    await commitFiles(g, dir, { '.gitea/workflows/ci.yml': MATRIX }, 'ci');
    await g.ok(['push', '-q', withCredentials(`${h.url}/root/hidden.git`, ADMIN.username, ADMIN.password), 'main'], { cwd: dir });
    const run = await until(async () => (await runStore.queryRepoRuns(h.app.store, repoId, {})).rows[0], 'the run');
    const done = await finished(run.id);
    const logs = await logsOf(run.id);
    assert.deepEqual(Object.keys(logs).sort(), ['build (pepper, 1)', 'build (salt, 1)']);
    assert.equal(done.status, 'success', JSON.stringify(logs));
    for (const flavour of ['salt', 'pepper']) {
      const log = logs[`build (${flavour}, 1)`]!;
      assert.match(log, /only for readers/, 'the private checkout worked');
      assert.match(log, new RegExp(`flavour=${flavour} size=1 top=top-level`));
      assert.match(log, /input=\/ event=push/);
      const branch = await h.api('GET', `/repos/root/hidden/branches/ci-${flavour}`, { auth: root });
      assert.equal(branch.status, 200, `ci-${flavour} pushed back: ${log}`);
      assert.equal(branch.body.commit.message.trim(), `from ${flavour}`);
    }
    // The pushes made with the task's token start no runs of their own.
    assert.equal((await runStore.queryRepoRuns(h.app.store, repoId, {})).total, 1);
  });

  test('a dispatched run sees its inputs', { timeout: 240_000 }, async () => {
    const res = await h.api('POST', '/repos/root/hidden/actions/workflows/ci.yml/dispatches', { auth: root, body: { ref: 'main', inputs: { target: 'moon' } } });
    assert.ok([201, 204].includes(res.status), res.text);
    const run = await until(async () => (await runStore.queryRepoRuns(h.app.store, repoId, { where: (r) => r.event === 'workflow_dispatch' })).rows[0], 'the dispatched run');
    const done = await finished(run.id);
    const logs = await logsOf(run.id);
    assert.equal(done.status, 'success', JSON.stringify(logs));
    for (const log of Object.values(logs)) assert.match(log, /input=hi\/moon event=workflow_dispatch/);
  });
});
