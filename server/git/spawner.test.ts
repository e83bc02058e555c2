import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { scryptSync } from 'node:crypto';
import { helperScrypt, launchGit, launchGitWithChannel, spawnerInUse, type GitChild } from './spawner.ts';
import { hashPassword, setPasswordHasher, verifyPassword } from '../lib/crypto.ts';
import { runGit, spawnGit } from './process.ts';

const closed = (c: GitChild): Promise<[number | null, string | null]> => new Promise((resolve) => c.on('close', (code: number | null, sig: string | null) => resolve([code, sig])));
const parentOf = (pid: number): number => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);

test('git started through the spawner: stdin, stdout, exit codes and stderr, a kill; the host is not its parent', async () => {
  assert.equal(spawnerInUse(), process.platform !== 'win32', 'the spawner is used on this system');
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-spawner-'));
  try {
    assert.equal((await runGit(['init', '-q', '--bare', dir])).code, 0);
    const hashed = await runGit(['hash-object', '-w', '--stdin'], { gitDir: dir, input: 'hello\n' });
    assert.equal(hashed.code, 0, hashed.stderr);
    assert.equal(hashed.stdout.toString().trim(), 'ce013625030ba8dba906f756967f9e9ca394464a');
    const bad = await runGit(['cat-file', '-p', 'no-such-object'], { gitDir: dir });
    assert.equal(bad.code, 128);
    assert.match(bad.stderr, /Not a valid object name no-such-object/);
    const big = Buffer.alloc(3 * 1024 * 1024, 'x');
    const round = await runGit(['hash-object', '--stdin'], { gitDir: dir, input: big });
    assert.equal(round.code, 0);
    assert.equal(round.stdout.toString().trim().length, 40);

    const reader = launchGit(['cat-file', '--batch'], { cwd: dir, env: { ...process.env, GIT_DIR: dir } });
    const expected = 'ce013625030ba8dba906f756967f9e9ca394464a blob 6\nhello\n\n';
    let got = '';
    const first = new Promise<string>((resolve) => reader.stdout.on('data', (c: Buffer) => { got += c.toString(); if (got.length >= expected.length) resolve(got); }));
    reader.stdin.write('ce013625030ba8dba906f756967f9e9ca394464a\n');
    assert.equal(await first, expected);
    assert.ok(reader.pid);
    if (process.platform === 'linux') assert.notEqual(parentOf(reader.pid), process.pid, 'git is not a child of the host');
    const end = closed(reader);
    assert.equal(reader.kill('SIGKILL'), true);
    assert.deepEqual(await end, [null, 'SIGKILL']);
    assert.equal(reader.kill(), false, 'an ended process is not killed again');

    const quiet = launchGit(['rev-parse', '--is-bare-repository'], { cwd: dir, env: { ...process.env, GIT_DIR: dir }, stdin: 'ignore' });
    let out = '';
    quiet.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    assert.deepEqual(await closed(quiet), [0, null]);
    assert.equal(out, 'true\n');
    assert.equal(quiet.exitCode, 0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('git with a channel as descriptor 3 through the spawner: both ways, the hook side half-closed, two at once', async () => {
  // A shell alias stands in for receive-pack's hook: it writes to descriptor 3, reads the answer there and prints it.
  const script = '!f() { echo "question $1" >&3; cat <&3; }; f';
  const run = async (n: number): Promise<void> => {
    const { child, channel } = await launchGitWithChannel(['-c', `alias.ask=${script}`, 'ask', String(n)], { cwd: tmpdir(), env: process.env });
    assert.ok(channel, 'the channel is there');
    if (process.platform === 'linux' && child.pid) assert.notEqual(parentOf(child.pid), process.pid, 'git is not a child of the host');
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    child.stdin.end();
    const question = await new Promise<string>((resolve) => {
      let q = '';
      channel.on('data', (c: Buffer) => { q += c.toString(); if (q.endsWith('\n')) resolve(q); });
    });
    assert.equal(question, `question ${n}\n`);
    channel.end(`answer ${n}\n`);
    assert.deepEqual(await closed(child), [0, null]);
    assert.equal(out, `answer ${n}\n`);
  };
  await Promise.all([run(1), run(2)]);
});

test('password hashing in the spawner process gives scrypt\'s own result, and verifies stored hashes', async () => {
  const salt = Buffer.from('0123456789abcdef');
  const opts = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
  const [a, b] = await Promise.all([helperScrypt('pass-one', salt, 32, opts), helperScrypt('pass-two', salt, 32, opts)]);
  assert.deepEqual(a, scryptSync('pass-one', salt, 32, opts));
  assert.deepEqual(b, scryptSync('pass-two', salt, 32, opts));
  setPasswordHasher(helperScrypt);
  const stored = await hashPassword('correct horse');
  assert.equal(await verifyPassword('correct horse', stored), true);
  assert.equal(await verifyPassword('wrong horse', stored), false);
});

test('git asked to run at a niceness runs there; lowPriority is the lowest', { skip: process.platform !== 'linux' }, async () => {
  // git's own niceness, read while it waits for its input. The niceness is set once git has started, before the host
  // sends that input: processes git starts for a request (pack-objects, index-pack, hooks) inherit it, but an alias
  // shell that git starts at once may not (test/git/transport-nice.test.ts reads the real upload-pack's and
  // receive-pack's children).
  const waiting = ['hash-object', '--stdin'];
  const own = os.getPriority();
  const niceOf = async (child: GitChild): Promise<number> => {
    while (child.pid === undefined) await new Promise((r) => setImmediate(r));
    const nice = Number(readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    child.stdin.end();
    assert.deepEqual(await closed(child), [0, null]);
    return nice;
  };
  const env = process.env;
  assert.equal(await niceOf(launchGit(waiting, { cwd: tmpdir(), env })), own);
  assert.equal(await niceOf(launchGit(waiting, { cwd: tmpdir(), env, nice: 10 })), Math.min(19, own + 10));
  assert.equal(await niceOf(launchGit(waiting, { cwd: tmpdir(), env, nice: 10, lowPriority: true })), 19);
  assert.equal(await niceOf((await launchGitWithChannel(waiting, { cwd: tmpdir(), env, nice: 10 })).child), Math.min(19, own + 10));
  assert.equal(await niceOf(spawnGit(waiting, { cwd: tmpdir(), nice: 7 })), Math.min(19, own + 7));
});
