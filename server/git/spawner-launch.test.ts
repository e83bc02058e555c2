import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { helperCommand, helperScript, setHelperStarter, startHelper, type HelperStarter } from './spawner-launch.ts';
import { utilityStarter, type UtilityProcessApi } from '../../main/git-spawner.ts';

const nodeVersions = Object.fromEntries(Object.entries(process.versions).filter(([k]) => k !== 'electron'));
const node = { execPath: '/usr/bin/node', versions: nodeVersions as NodeJS.ProcessVersions, env: { PATH: '/usr/bin', NODE_OPTIONS: '--inspect' } };
const electron = { execPath: '/opt/Homeforge/homeforge', versions: { ...process.versions, electron: '39.0.0' } as NodeJS.ProcessVersions, env: { PATH: '/usr/bin' } };

test('under Node the spawner is this Node binary with the script; inside Electron the app binary run as Node', () => {
  const plain = helperCommand('/app/dist/server/git/spawner-child.mjs', '/tmp/s', node);
  assert.equal(plain.command, '/usr/bin/node');
  assert.deepEqual(plain.args.slice(-2), ['/app/dist/server/git/spawner-child.mjs', '/tmp/s']);
  assert.equal(plain.env.ELECTRON_RUN_AS_NODE, undefined);
  assert.equal(plain.env.NODE_OPTIONS, undefined, 'the host\'s NODE_OPTIONS (a loader, an inspector) are not passed on');
  assert.equal(plain.env.MALLOC_ARENA_MAX, '2');
  assert.equal(plain.env.MALLOC_MMAP_THRESHOLD_, '131072');
  const el = helperCommand('/s.mjs', '/tmp/s', electron);
  assert.equal(el.command, '/opt/Homeforge/homeforge');
  assert.equal(el.env.ELECTRON_RUN_AS_NODE, '1');
  assert.equal(helperScript(new URL('file:///opt/Homeforge/resources/app.asar/dist/server/git/spawner-child.mjs')),
    '/opt/Homeforge/resources/app.asar.unpacked/dist/server/git/spawner-child.mjs');
  assert.equal(helperScript(new URL('file:///src/server/git/spawner-child.mjs')), '/src/server/git/spawner-child.mjs');
});

test('inside Electron a registered starter (utilityProcess) is used, with the socket in the environment and not as Node', () => {
  const calls: { script: string; args: string[]; env: NodeJS.ProcessEnv }[] = [];
  const fake: HelperStarter = (script, args, env) => {
    calls.push({ script, args, env });
    return { send: () => undefined, onMessage: () => undefined, onExit: () => undefined, hold: () => undefined };
  };
  setHelperStarter(fake);
  try {
    startHelper('/s.mjs', '/tmp/sock', electron);
    assert.equal(calls.length, 1);
    assert.deepEqual(calls[0]!.args, ['/tmp/sock']);
    assert.equal(calls[0]!.env.HOMEFORGE_SPAWNER_SOCKET, '/tmp/sock');
    assert.equal(calls[0]!.env.ELECTRON_RUN_AS_NODE, undefined);
    assert.equal(calls[0]!.env.MALLOC_ARENA_MAX, '2');
  } finally {
    setHelperStarter(null);
  }
});

/** Electron's utilityProcess, played by Node: the child gets a `process.parentPort` over its IPC channel. */
const PARENT_PORT = `data:text/javascript,${encodeURIComponent(`
import { EventEmitter } from 'node:events';
const port = new EventEmitter();
port.postMessage = (m) => process.send(m);
process.on('message', (m) => port.emit('message', { data: m }));
process.parentPort = port;`)}`;

let lastChild: ReturnType<typeof spawn> | null = null;
const nodeAsUtility: UtilityProcessApi = {
  fork: (modulePath, args, options) => {
    const child = lastChild = spawn(process.execPath, ['--import', PARENT_PORT, modulePath, ...(args ?? [])], { env: options?.env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    return {
      postMessage: (m: unknown) => { child.send(m as object); },
      on: (event: string, fn: (...a: never[]) => void) => child.on(event, fn as (...a: unknown[]) => void),
    } as ReturnType<UtilityProcessApi['fork']>;
  },
};

test('the spawner script speaks over a utility process\'s parentPort: ready, a password hash, then its exit is seen', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-utility-'));
  try {
    const socket = path.join(dir, 's');
    const proc = utilityStarter(nodeAsUtility)(helperScript(), [socket], { ...process.env, HOMEFORGE_SPAWNER_SOCKET: socket });
    const messages: { t: string; key?: string }[] = [];
    const next = (t: string) => new Promise<{ t: string; key?: string }>((resolve) => {
      const hit = messages.find((m) => m.t === t);
      if (hit) resolve(hit);
      else proc.onMessage((m) => { if ((m as { t: string }).t === t) resolve(m as { t: string; key?: string }); });
    });
    proc.onMessage((m) => messages.push(m as { t: string }));
    await next('ready');
    proc.send({ t: 'scrypt', id: 1, password: 'pw', salt: Buffer.from('salt').toString('base64'), len: 16, opts: { N: 1024, r: 8, p: 1 } });
    const hashed = await next('scrypted');
    assert.equal(Buffer.from(hashed.key!, 'base64').length, 16);
    const exited = new Promise<void>((resolve) => proc.onExit(() => resolve()));
    lastChild!.kill();
    await exited;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/**
 * Holds the spawner's report of a git exit until the test says its host is gone: the window in which a host killed
 * just then leaves the spawner writing to a closed channel, before it has read the channel's end.
 */
const HOLD_EXIT_REPORT = `data:text/javascript,${encodeURIComponent(`
import { existsSync } from 'node:fs';
const send = process.send.bind(process);
const nap = new Int32Array(new SharedArrayBuffer(4));
process.send = (msg, ...rest) => {
  if (msg?.t === 'exit') while (!existsSync(process.env.HOST_GONE)) Atomics.wait(nap, 0, 0, 10);
  return send(msg, ...rest);
};`)}`;

test('a git exit reported after the host was killed leaves the spawner quiet: no EPIPE on the stderr it shares', { skip: process.platform === 'win32', timeout: 30_000 }, async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-orphan-'));
  const gone = path.join(dir, 'host-gone');
  try {
    const socket = path.join(dir, 's');
    const cmd = helperCommand(helperScript(), socket);
    const spawner = { command: cmd.command, args: ['--import', HOLD_EXIT_REPORT, ...cmd.args], env: { ...cmd.env, HOST_GONE: gone } };
    // A host as startHelper starts the spawner (its stderr inherited), asking for one git process.
    const hostScript = `
      import { spawn } from 'node:child_process';
      import net from 'node:net';
      const s = ${JSON.stringify(spawner)};
      const proc = spawn(s.command, s.args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: s.env });
      proc.on('message', (m) => {
        if (m.t === 'ready') {
          const conn = net.connect({ path: ${JSON.stringify(socket)}, allowHalfOpen: true });
          conn.on('error', () => undefined);
          conn.write('t1\\n');
          proc.send({ t: 'spawn', id: 1, token: 't1', args: ['--version'], cwd: ${JSON.stringify(dir)}, env: process.env, stdin: 'ignore' });
        } else if (m.t === 'spawned') process.stdout.write('spawned\\n');
      });`;
    const host = spawn(process.execPath, ['--input-type=module', '-e', hostScript], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    host.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    // The pipe ends once the spawner, which holds a copy, has exited too.
    const stderrEnded = new Promise((resolve) => host.stderr.on('end', resolve));
    await new Promise<void>((resolve, reject) => {
      host.stdout.on('data', (c: Buffer) => { if (c.toString().includes('spawned')) resolve(); });
      host.once('exit', () => reject(new Error(`the host ended first: ${stderr}`)));
    });
    const hostExited = new Promise((resolve) => host.once('exit', resolve));
    host.kill('SIGKILL');
    await hostExited;
    await writeFile(gone, '');
    await stderrEnded;
    assert.doesNotMatch(stderr, /EPIPE|ERR_IPC_CHANNEL_CLOSED|Error/);
  } finally {
    await writeFile(gone, '').catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
});

/**
 * Makes the spawner's report of a git exit fail as node fails a send on a channel whose other end is gone: false
 * returned, and the error (code from SEND_FAILS_WITH) emitted on the process on the next tick. The test keeps its
 * end of the channel open, so no 'disconnect' follows, as after the measured EPIPE.
 */
const FAIL_EXIT_REPORT = `data:text/javascript,${encodeURIComponent(`
const send = process.send.bind(process);
process.send = (msg, ...rest) => {
  if (msg?.t !== 'exit') return send(msg, ...rest);
  const code = process.env.SEND_FAILS_WITH;
  const err = Object.assign(new Error(code === 'EPIPE' ? 'write EPIPE' : 'Channel closed'), { code, syscall: 'write' });
  process.nextTick(() => process.emit('error', err));
  return false;
};`)}`;

for (const code of ['EPIPE', 'ERR_IPC_CHANNEL_CLOSED']) {
  test(`a report that fails with ${code}, no 'disconnect' following, ends the spawner by itself`, { skip: process.platform === 'win32', timeout: 30_000 }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-send-fails-'));
    const socket = path.join(dir, 's');
    const cmd = helperCommand(helperScript(), socket);
    const proc = spawn(cmd.command, ['--import', FAIL_EXIT_REPORT, ...cmd.args], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], env: { ...cmd.env, SEND_FAILS_WITH: code } });
    let stderr = '';
    proc.stderr!.on('data', (c: Buffer) => { stderr += c.toString(); });
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => proc.once('exit', (c, s) => resolve([c, s])));
    try {
      await new Promise<void>((resolve, reject) => {
        proc.on('message', (m: { t: string }) => {
          if (m.t === 'ready') {
            const conn = net.connect({ path: socket, allowHalfOpen: true });
            conn.on('error', () => undefined);
            conn.resume();
            conn.write('t1\n');
            proc.send({ t: 'spawn', id: 1, token: 't1', args: ['--version'], cwd: dir, env: process.env, stdin: 'ignore' });
          } else if (m.t === 'spawned') resolve();
        });
        proc.once('exit', () => reject(new Error(`the spawner ended before git was spawned: ${stderr}`)));
      });
      // git exits at once; its report fails. The spawner has to go within this bound, its channel still open here.
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<'still running'>((resolve) => { timer = setTimeout(() => resolve('still running'), 10_000); });
      const outcome = await Promise.race([exited, bound]);
      clearTimeout(timer);
      assert.notEqual(outcome, 'still running', `the spawner kept running after its report failed with ${code}`);
      assert.deepEqual(outcome, [0, null]);
      assert.equal(stderr, '');
    } finally {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
      await rm(dir, { recursive: true, force: true });
    }
  });
}
