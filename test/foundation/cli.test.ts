import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startChildHost } from '../helpers/child-host.ts';
import { ADMIN, basic, request } from '../helpers/host.ts';

/** Starts a POST and sends only part of its body; returns a function that sends the rest and reads the answer. */
function halfSentRequest(url: string, body: string): Promise<() => Promise<number>> {
  return new Promise((resolve) => {
    const req = http.request(`${url}/api/v1/admin/users`, {
      method: 'POST',
      headers: { Authorization: basic(ADMIN.username, ADMIN.password), 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    });
    const answered = new Promise<number>((done, fail) => {
      req.on('response', (res) => { res.resume(); res.on('end', () => done(res.statusCode ?? 0)); });
      req.on('error', fail);
    });
    req.write(body.slice(0, 10));
    req.on('socket', (s) => s.on('connect', () => resolve(async () => { req.end(body.slice(10)); return answered; })));
  });
}

test('SIGTERM lets a request in flight finish, keeps its write and exits 0', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-cli-'));
  try {
    const host = await startChildHost(dir);
    const body = JSON.stringify({ username: 'late', email: 'late@example.com', password: 'late-password-1' });
    const finish = await halfSentRequest(host.url, body);
    await new Promise((r) => setTimeout(r, 200)); // the server has the headers and part of the body
    const exitCode = new Promise<number | null>((resolve) => host.proc.once('exit', (code) => resolve(code)));
    host.proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(await finish(), 201);
    assert.equal(await exitCode, 0);

    const again = await startChildHost(dir);
    try {
      const res = await request(again.url, 'GET', '/api/v1/users/late', { auth: [ADMIN.username, ADMIN.password] });
      assert.equal(res.status, 200);
    } finally {
      await again.kill('SIGTERM');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a second host on the same data dir exits 1 with a clear message', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-cli-'));
  try {
    const host = await startChildHost(dir);
    try {
      const second = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--data', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      second.stderr.on('data', (c: Buffer) => { err += c.toString(); });
      const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
      assert.equal(code, 1);
      assert.match(err, /already using the data dir/);
      const still = await request(host.url, 'GET', '/api/v1/version');
      assert.equal(still.status, 200);
    } finally {
      await host.kill('SIGTERM');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a bad --port value is refused before anything starts', async () => {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--port', 'http'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  proc.stderr.on('data', (c: Buffer) => { err += c.toString(); });
  assert.equal(await new Promise((resolve) => proc.once('exit', resolve)), 2);
  assert.match(err, /--port must be a number/);
});

test('a reserved first-admin name stops the start with one clear line, no stack trace', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-cli-'));
  try {
    const env = { ...process.env, HOMEFORGE_ADMIN_USER: 'admin', HOMEFORGE_ADMIN_PASSWORD: 'a long password 1', HOMEFORGE_ADMIN_EMAIL: 'a@example.com' };
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--data', dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env });
    let err = '';
    proc.stderr.on('data', (c: Buffer) => { err += c.toString(); });
    assert.equal(await new Promise((resolve) => proc.once('exit', resolve)), 1);
    assert.match(err, /^homeforge: HOMEFORGE_ADMIN_USER\/_PASSWORD\/_EMAIL: .*admin/);
    assert.equal(err.trim().split('\n').length, 1, err);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the host starts and answers without the electron package (where npm ci could not download it)', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-cli-'));
  const hide = new URL('../helpers/no-electron.mjs', import.meta.url).href;
  // The hook really hides it: loading electron fails under it.
  const probe = spawnSync(process.execPath, ['--import', hide, '--input-type=module', '-e', "await import('electron')"], { encoding: 'utf8' });
  assert.notEqual(probe.status, 0);
  assert.match(probe.stderr, /hidden by the test/);
  try {
    const host = await startChildHost(dir, { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${hide}`.trim() }, 180_000);
    try {
      const res = await request(host.url, 'GET', '/api/v1/version');
      assert.equal(res.status, 200);
      assert.doesNotMatch(host.stderr(), /electron/i);
    } finally {
      await host.kill('SIGTERM');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
