/**
 * A runner-protocol client generated from the proto definitions, as act_runner speaks it: Connect over HTTP/1.1,
 * `x-runner-uuid` / `x-runner-token` on every call after Register, tasks_version kept between fetches.
 */
import { createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { RunnerService } from '../../server/lib/proto/runner/v1/services_pb.ts';
import { PingService } from '../../server/lib/proto/ping/v1/services_pb.ts';
import type { Task } from '../../server/lib/proto/runner/v1/messages_pb.ts';

export interface ProtocolRunner {
  rpc: Client<typeof RunnerService>;
  ping: Client<typeof PingService>;
  id: number;
  uuid: string;
  token: string;
  /** The tasks_version act_runner keeps (set to 0 after it got a task, so the next fetch looks again). */
  version: bigint;
  /** One FetchTask as act_runner's poller does it. */
  fetch(): Promise<Task | undefined>;
}

/** A transport to `<baseUrl>/api/actions`, adding the runner's headers when it has them. */
function transportFor(baseUrl: string, creds: { uuid: string; token: string }) {
  return createConnectTransport({
    baseUrl: `${baseUrl}/api/actions`,
    httpVersion: '1.1',
    interceptors: [(next) => (req) => {
      if (creds.uuid) {
        req.header.set('x-runner-uuid', creds.uuid);
        req.header.set('x-runner-token', creds.token);
      }
      return next(req);
    }],
  });
}

/** Unauthenticated clients (Register, Ping). */
export function anonymousClients(baseUrl: string) {
  const t = transportFor(baseUrl, { uuid: '', token: '' });
  return { rpc: createClient(RunnerService, t), ping: createClient(PingService, t) };
}

/** Registers a runner with `registrationToken`, then declares its labels and version, as act_runner does at start. */
export async function registerRunner(baseUrl: string, registrationToken: string, opts: { name?: string; labels?: string[]; version?: string } = {}): Promise<ProtocolRunner> {
  const creds = { uuid: '', token: '' };
  const t = transportFor(baseUrl, creds);
  const rpc = createClient(RunnerService, t);
  const labels = opts.labels ?? ['ubuntu-latest:host'];
  const res = await rpc.register({ name: opts.name ?? 'test-runner', token: registrationToken, version: opts.version ?? 'v0.2.11', labels });
  creds.uuid = res.runner!.uuid;
  creds.token = res.runner!.token;
  await rpc.declare({ version: opts.version ?? 'v0.2.11', labels });
  const runner: ProtocolRunner = {
    rpc, ping: createClient(PingService, t), id: Number(res.runner!.id), uuid: creds.uuid, token: creds.token, version: 0n,
    async fetch() {
      const r = await rpc.fetchTask({ tasksVersion: runner.version });
      if (r.tasksVersion > runner.version) runner.version = r.tasksVersion;
      if (r.task) runner.version = 0n;
      return r.task;
    },
  };
  return runner;
}
