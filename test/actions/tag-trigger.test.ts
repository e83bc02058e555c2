/**
 * A tag triggers the workflows of its commit: an annotated tag made through the API and a lightweight one pushed
 * with git each start one run of a workflow filtered on tags (read at the tag's commit); a tag whose commit
 * message asks to skip starts none.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { gitSandbox, makeRepo, commitFiles, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { eventually } from '../webhooks/receiver.ts';

let h: TestHost;
let g: GitSandbox;
let token: string;
let work: string;
const R = `/repos/${ADMIN.username}/tagci`;

const WF = `name: Release
on:
  push:
    tags: ['v*']
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - run: echo release
`;

before(async () => {
  h = await startHost();
  g = await gitSandbox();
  token = await createToken(h, ADMIN.username, ADMIN.password);
  assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'tagci' } })).status, 201);
  work = path.join(g.dir, 'tagci');
  await makeRepo(g, work, { 'README.md': 'hi\n', '.gitea/workflows/release.yml': WF });
  await g.ok(['push', '-q', withCredentials(`${h.url}${R.replace('/repos', '')}.git`, ADMIN.username, token), 'main'], { cwd: work });
});

after(async () => {
  await h.stop();
  await g.dispose();
});

const runs = async () => (await h.api('GET', `${R}/actions/runs`, { auth: token })).body as { total_count: number; workflow_runs: { head_branch: string; event: string }[] };

test('API and pushed tags start the tag workflow of their commit; a skipped commit starts none', async () => {
  assert.equal((await runs()).total_count, 0, 'a branch push does not match a tags filter');
  const made = await h.api('POST', `${R}/tags`, { auth: token, body: { tag_name: 'v1', message: 'release one' } });
  assert.equal(made.status, 201, made.text);
  await eventually(async () => (await runs()).total_count === 1);
  assert.equal((await h.api('POST', `${R}/tags`, { auth: token, body: { tag_name: 'x1', message: 'not matching' } })).status, 201);
  const url = withCredentials(`${h.url}${R.replace('/repos', '')}.git`, ADMIN.username, token);
  await g.ok(['tag', 'v2'], { cwd: work });
  await g.ok(['push', '-q', url, 'v2'], { cwd: work });
  await eventually(async () => (await runs()).total_count === 2);
  await commitFiles(g, work, { 'a.txt': '1\n' }, 'change [skip ci]');
  await g.ok(['push', '-q', url, 'main'], { cwd: work });
  assert.equal((await h.api('POST', `${R}/tags`, { auth: token, body: { tag_name: 'v3', message: 'skipped' } })).status, 201);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal((await runs()).total_count, 2);
  assert.ok((await runs()).workflow_runs.every((r) => r.event === 'push'));
});
