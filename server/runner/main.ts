/**
 * The built-in runner, a child process of the host. It is a plain client of the host's runner protocol: it
 * registers with the global registration token (credentials kept in its state file, owner-only), declares, then
 * polls FetchTask and runs each task. SIGTERM cancels the task at hand, reports it, and exits.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { RunnerService } from '../lib/proto/runner/v1/services_pb.ts';
import { runTask } from './job.ts';

export interface BuiltinRunnerConfig {
  url: string;
  stateFile: string;
  workRoot: string;
  registrationToken: string;
  name: string;
  labels: string[];
  version: string;
  timeoutMs: number;
}

interface Creds { id: number; uuid: string; token: string }

const send = (msg: unknown) => { process.send?.(msg); };
const stop = new AbortController();
process.on('SIGTERM', () => stop.abort());
process.on('disconnect', () => stop.abort());

async function readCreds(file: string): Promise<Creds | null> {
  try { return JSON.parse(await readFile(file, 'utf8')) as Creds; } catch { return null; }
}

async function start(c: BuiltinRunnerConfig): Promise<void> {
  const creds: Creds = (await readCreds(c.stateFile)) ?? { id: 0, uuid: '', token: '' };
  const transport = createConnectTransport({
    baseUrl: `${c.url}/api/actions`, httpVersion: '1.1',
    interceptors: [(next) => (req) => {
      if (creds.uuid) { req.header.set('x-runner-uuid', creds.uuid); req.header.set('x-runner-token', creds.token); }
      return next(req);
    }],
  });
  const rpc = createClient(RunnerService, transport);
  const register = async () => {
    Object.assign(creds, { id: 0, uuid: '', token: '' });
    const r = (await rpc.register({ name: c.name, token: c.registrationToken, version: c.version, labels: c.labels })).runner!;
    Object.assign(creds, { id: Number(r.id), uuid: r.uuid, token: r.token });
    await mkdir(path.dirname(c.stateFile), { recursive: true });
    await writeFile(c.stateFile, JSON.stringify(creds), { mode: 0o600 });
  };
  if (!creds.uuid) await register();
  try {
    await rpc.declare({ version: c.version, labels: c.labels });
  } catch (e) {
    if (!(e instanceof ConnectError && e.code === Code.Unauthenticated)) throw e;
    await rm(c.stateFile, { force: true });
    await register();
    await rpc.declare({ version: c.version, labels: c.labels });
  }
  await mkdir(c.workRoot, { recursive: true });
  send({ type: 'ready', runnerId: creds.id });
  let version = 0n;
  while (!stop.signal.aborted) {
    try {
      const res = await rpc.fetchTask({ tasksVersion: version }, { signal: stop.signal, timeoutMs: 10_000 });
      if (res.tasksVersion > version) version = res.tasksVersion;
      if (!res.task) continue;
      version = 0n;
      await runTask(rpc, res.task, { workRoot: c.workRoot, timeoutMs: c.timeoutMs, signal: stop.signal });
    } catch (e) {
      if (stop.signal.aborted) break;
      if (e instanceof ConnectError && e.code === Code.Unauthenticated) throw e;
      send({ type: 'error', message: e instanceof Error ? e.message : String(e) });
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
}

process.once('message', (msg: { type: string; config: BuiltinRunnerConfig }) => {
  if (msg.type !== 'start') return;
  start(msg.config).then(
    () => process.exit(0),
    (e: unknown) => { send({ type: 'error', message: e instanceof Error ? e.message : String(e) }); process.exit(1); },
  );
});
