// A real release client against the host: semantic-release with @saithodev/semantic-release-gitea. It reads the
// tags over git, pushes the new tag with git, then (through Gitea's API) creates a draft release for that tag,
// uploads an asset as multipart and publishes the draft. Run twice: 1.0.0 from a feat commit, 1.0.1 from a fix.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { commitFiles, gitSandbox, withCredentials, type GitSandbox } from '../helpers/git.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'node_modules/semantic-release/bin/semantic-release.js');
const O = ADMIN.username;
const R = `/repos/${O}/sr`;

describe('semantic-release with its Gitea plugin', () => {
  let h: TestHost;
  let token: string;
  let g: GitSandbox;
  let work: string;

  const run = (): Promise<{ code: number; out: string }> => new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_') && !/^(CI|GITHUB_|GITLAB_|GITEA_)/.test(k)) env[k] = v;
    Object.assign(env, { HOME: path.join(g.dir, 'home'), GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GITEA_URL: h.url, GITEA_TOKEN: token });
    const child = spawn(process.execPath, [BIN, '--no-ci'], { cwd: work, env });
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { out += c.toString(); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });

  before(async () => {
    h = await startHost();
    token = await createToken(h, ADMIN.username, ADMIN.password);
    g = await gitSandbox();
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'sr' } })).status, 201);
    work = path.join(g.dir, 'sr');
    await g.ok(['init', '-q', '-b', 'main', work]);
    await g.ok(['remote', 'add', 'origin', withCredentials(`${h.url}/${O}/sr.git`, ADMIN.username, ADMIN.password)], { cwd: work });
    await mkdir(path.join(work, 'dist'));
    await writeFile(path.join(work, 'dist/app.txt'), 'the built app\n');
    await writeFile(path.join(work, '.releaserc.json'), JSON.stringify({
      branches: ['main'],
      plugins: ['@semantic-release/commit-analyzer', '@semantic-release/release-notes-generator', ['@saithodev/semantic-release-gitea', { assets: [{ path: 'dist/app.txt', name: 'app-${nextRelease.version}.txt' }] }]],
    }));
    await commitFiles(g, work, { 'README.md': '# sr\n' }, 'feat: the first feature');
    await g.ok(['push', '-q', 'origin', 'main'], { cwd: work });
  });
  after(async () => { await h.stop(); await g.dispose(); });

  test('publishes 1.0.0: the tag pushed with git, the release with notes and its asset', async () => {
    const r = await run();
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /Published Gitea release/);
    const rel = await h.api('GET', `${R}/releases/tags/v1.0.0`, { auth: token });
    assert.equal(rel.status, 200, rel.text);
    assert.equal(rel.body.draft, false);
    assert.match(rel.body.body, /the first feature/);
    assert.deepEqual(rel.body.assets.map((a: { name: string }) => a.name), ['app-1.0.0.txt']);
    const file = await fetch(rel.body.assets[0].browser_download_url, { headers: { Authorization: `token ${token}` } });
    assert.equal(await file.text(), 'the built app\n');
    const ls = await g.ok(['ls-remote', '--tags', 'origin'], { cwd: work });
    assert.match(ls, /refs\/tags\/v1\.0\.0/);
  });

  test('a fix commit publishes 1.0.1; latest follows', async () => {
    await commitFiles(g, work, { 'fix.txt': 'fixed\n' }, 'fix: a small fix');
    await g.ok(['push', '-q', 'origin', 'main'], { cwd: work });
    const r = await run();
    assert.equal(r.code, 0, r.out);
    const latest = await h.api('GET', `${R}/releases/latest`, { auth: token });
    assert.equal(latest.body.tag_name, 'v1.0.1');
    assert.match(latest.body.body, /a small fix/);
    const list = await h.api('GET', `${R}/releases`, { auth: token });
    assert.deepEqual(list.body.map((x: { tag_name: string }) => x.tag_name), ['v1.0.1', 'v1.0.0']);
  });
});
