import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
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
