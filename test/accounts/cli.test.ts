import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost, ADMIN } from '../helpers/host.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `npm run admin -- ...` as a separate process on the data dir. */
function admin(dataDir: string, ...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/admin-cli.ts', ...args, '--data', dataDir], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('admin CLI: user commands', () => {
  let dataDir = '';
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'homeforge-cli-'));
    const h = await startHost({ dataDir, keepData: true });
    await h.stop();
  });
  after(async () => { await rm(dataDir, { recursive: true, force: true }); });

  test('create, list, change-password, generate-access-token, then the host accepts them', async () => {
    const made = admin(dataDir, 'user', 'create', '--username', 'cli-user', '--password', 'cli-password-1', '--email', 'cli@example.com');
    assert.equal(made.code, 0, made.err);
    assert.match(made.out, /New user 'cli-user' has been successfully created!/);
    const listed = admin(dataDir, 'user', 'list');
    assert.equal(listed.code, 0, listed.err);
    assert.match(listed.out, /^ID\s+Username\s+Email\s+IsActive\s+IsAdmin\s+2FA/);
    assert.match(listed.out, /cli-user\s+cli@example.com\s+true\s+false\s+false/);
    const admins = admin(dataDir, 'user', 'list', '--admin');
    assert.ok(admins.out.includes(ADMIN.username) && !admins.out.includes('cli-user'));
    const changed = admin(dataDir, 'user', 'change-password', '--username', 'cli-user', '--password', 'cli-password-2');
    assert.equal(changed.code, 0, changed.err);
    assert.match(changed.out, /cli-user's password has been successfully updated!/);
    const short = admin(dataDir, 'user', 'change-password', '--username', 'cli-user', '--password', 'short');
    assert.equal(short.code, 1);
    assert.match(short.err, /password must be at least 8 characters/);
    const token = admin(dataDir, 'user', 'generate-access-token', '--username', 'cli-user', '--token-name', 'cli', '--scopes', 'read:user', '--raw');
    assert.equal(token.code, 0, token.err);
    const value = token.out.trim();
    assert.match(value, /^[0-9a-f]{40}$/);
    const bad = admin(dataDir, 'user', 'generate-access-token', '--username', 'cli-user', '--token-name', 'x', '--scopes', 'nope');
    assert.equal(bad.code, 1);
    const h = await startHost({ dataDir, keepData: true });
    try {
      const me = await h.api('GET', '/user', { auth: value });
      assert.equal(me.status, 200);
      assert.equal(me.body.login, 'cli-user');
      assert.equal((await h.api('GET', '/user', { auth: ['cli-user', 'cli-password-2'] })).status, 200);
    } finally {
      await h.stop();
    }
  });

  test('delete: by name, refusing the last admin and unknown users', async () => {
    const last = admin(dataDir, 'user', 'delete', '--username', ADMIN.username);
    assert.equal(last.code, 1);
    assert.match(last.err, /can not delete the last admin user/);
    const unknown = admin(dataDir, 'user', 'delete', '--username', 'nobody');
    assert.equal(unknown.code, 1);
    const none = admin(dataDir, 'user', 'delete');
    assert.equal(none.code, 1);
    const mismatch = admin(dataDir, 'user', 'delete', '--username', 'cli-user', '--email', 'root@example.com');
    assert.equal(mismatch.code, 1);
    const gone = admin(dataDir, 'user', 'delete', '--email', 'cli@example.com');
    assert.equal(gone.code, 0, gone.err);
    assert.ok(!admin(dataDir, 'user', 'list').out.includes('cli-user'));
  });

  test('without --data: the command says it makes a new data dir in ./data, and where', async () => {
    const cwd = await realpath(await mkdtemp(path.join(tmpdir(), 'homeforge-cli-cwd-')));
    try {
      const r = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), path.join(ROOT, 'server/admin-cli.ts'), 'user', 'list'], { cwd, encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      const data = path.join(cwd, 'data');
      assert.equal(r.stderr.trim(), `note: ${data} does not exist yet; creating a new data dir there (--data DIR chooses another)`);
      assert.ok(existsSync(data));
      // The second time the dir exists and nothing is said.
      const again = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), path.join(ROOT, 'server/admin-cli.ts'), 'user', 'list'], { cwd, encoding: 'utf8' });
      assert.equal(again.status, 0, again.stderr);
      assert.equal(again.stderr, '');
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  });
});
