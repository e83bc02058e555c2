/** A workflow pushed with git uploads an artifact on the built-in runner, a second job downloads it, and the API serves it. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { ADMIN, createToken, request, startHost, type TestHost } from '../helpers/host.ts';
import { commitFiles, gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';
import * as runStore from '../../server/store/action-runs.ts';
import * as taskStore from '../../server/store/action-tasks.ts';
import { readTaskLog } from '../../server/services/actions/tasks.ts';
import { until } from '../helpers/until.ts';

const WORKFLOW = `name: build
on: push
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: |
          mkdir -p out/sub
          cp README.md out/readme.txt
          echo "built from \${{ github.sha }}" > out/sub/info.txt
      - uses: actions/upload-artifact@v4
        with:
          name: dist-\${{ github.run_number }}
          path: out/
  check:
    needs: build
    runs-on: ubuntu-latest
    steps:
      - uses: actions/download-artifact@v4
        with:
          name: dist-\${{ github.run_number }}
          path: got
      - run: |
          test "$(cat got/readme.txt)" = "artifact readme"
          cat got/sub/info.txt
`;

describe('artifacts on the built-in runner', () => {
  let h: TestHost;
  let g: GitSandbox;
  let root: string;
  before(async () => {
    h = await startHost();
    g = await gitSandbox();
    root = await createToken(h, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await h.stop();
    await g.dispose();
  });

  test('upload in one job, download in the next, then through the API', { timeout: 200_000 }, async () => {
    const created = await h.api('POST', '/user/repos', { auth: root, body: { name: 'art-demo' } });
    assert.equal(created.status, 201, created.text);
    const repoId = created.body.id as number;
    const dir = path.join(g.dir, 'art-demo');
    await makeRepo(g, dir, { 'README.md': 'artifact readme\n' });
    const sha = await commitFiles(g, dir, { '.gitea/workflows/build.yml': WORKFLOW }, 'add build');
    await g.ok(['push', '-q', withCredentials(`${h.url}/root/art-demo.git`, ADMIN.username, ADMIN.password), 'main'], { cwd: dir });
    const on = await request(h.url, 'PUT', '/api/homeforge/admin/actions/builtin-runner', { auth: root, body: { enabled: true } });
    assert.equal(on.status, 200, on.text);

    const run = await until(async () => (await runStore.queryRepoRuns(h.app.store, repoId, {})).rows[0], 'the run of the push');
    const done = await until(async () => {
      const r = await runStore.getRun(h.app.store, run.id);
      return r && ['success', 'failure', 'cancelled'].includes(r.status) ? r : undefined;
    }, 'the run to finish');
    const logs: string[] = [];
    for (const job of await runStore.listJobsOfRun(h.app.store, run.id)) {
      const t = await taskStore.getTask(h.app.store, job.task_id);
      if (t) logs.push((await readTaskLog(h.app, t.id)).map((r) => r.content).join('\n'));
    }
    assert.equal(done.status, 'success', logs.join('\n----\n'));
    assert.match(logs.join('\n'), new RegExp(`built from ${sha}`), 'the second job read the downloaded file');

    const list = await h.api('GET', `/repos/root/art-demo/actions/runs/${run.id}/artifacts`, { auth: root });
    assert.equal(list.status, 200, list.text);
    const arts = list.body.artifacts as { id: number; name: string; archive_download_url: string }[];
    assert.deepEqual(arts.map((a) => a.name), [`dist-${run.index}`]);
    const zip = await fetch(arts[0]!.archive_download_url, { headers: { authorization: `token ${root}` } });
    assert.equal(zip.status, 200, 'the redirect leads to the zip');
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    assert.deepEqual(Object.keys(files).sort(), ['readme.txt', 'sub/info.txt']);
    assert.equal(new TextDecoder().decode(files['readme.txt']), 'artifact readme\n');
  });
});
