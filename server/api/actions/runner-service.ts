/** runner.v1.RunnerService and ping.v1.PingService, as Gitea serves them under /api/actions. */
import { create, type JsonObject } from '@bufbuild/protobuf';
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import type { ConnectRouter, HandlerContext } from '@connectrpc/connect';
import { RunnerService } from '../../lib/proto/runner/v1/services_pb.ts';
import { PingService } from '../../lib/proto/ping/v1/services_pb.ts';
import { RunnerSchema, RunnerStatus, TaskSchema, type Runner } from '../../lib/proto/runner/v1/messages_pb.ts';
import type { AppContext } from '../../services/context.ts';
import type { RunnerRecord } from '../../store/runners.ts';
import { authenticateRunner, declareRunner, registerRunner, runnerState, touchRunner } from '../../services/actions/runners.ts';
import { fetchTask, updateLog, updateTask } from '../../services/actions/runner-protocol.ts';
import type { PickedTask, TaskResult } from '../../services/actions/runner-task-source.ts';
import { connectCall } from './errors.ts';

const STATUS = { offline: RunnerStatus.OFFLINE, idle: RunnerStatus.IDLE, active: RunnerStatus.ACTIVE } as const;

function toRunner(r: RunnerRecord, token = ''): Runner {
  return create(RunnerSchema, {
    id: BigInt(r.id), uuid: r.uuid, token, name: r.name, status: STATUS[runnerState(r)], version: r.version, labels: r.labels, ephemeral: r.ephemeral,
  });
}

function toTask(t: PickedTask) {
  return create(TaskSchema, {
    id: BigInt(t.id), workflowPayload: new TextEncoder().encode(t.workflowPayload), context: t.context as JsonObject,
    secrets: t.secrets, vars: t.vars,
    needs: Object.fromEntries(Object.entries(t.needs).map(([k, n]) => [k, { outputs: n.outputs, result: n.result }])),
  });
}

const dateOf = (t: Timestamp | undefined) => (t ? timestampDate(t) : undefined);
const asResult = (n: number) => (n >= 0 && n <= 4 ? n : 0) as TaskResult;

/** The runner named by Gitea's headers (x-runner-uuid, x-runner-token); "unregistered runner" otherwise. */
async function runnerOf(app: AppContext, ctx: HandlerContext, active = false): Promise<RunnerRecord> {
  const r = await authenticateRunner(app, ctx.requestHeader.get('x-runner-uuid') ?? '', ctx.requestHeader.get('x-runner-token') ?? '');
  await touchRunner(app, r, active);
  return r;
}

/** Registers both services on a Connect router. */
export function runnerRoutes(app: AppContext) {
  return (router: ConnectRouter) => {
    router.service(PingService, {
      ping: (req) => ({ data: `Hello, ${req.data}!` }),
    });
    router.service(RunnerService, {
      register: (req) => connectCall(async () => {
        const labels = req.labels.length > 0 ? req.labels : [...req.agentLabels, ...req.customLabels];
        const { runner, token } = await registerRunner(app, { token: req.token, name: req.name, version: req.version, labels, ephemeral: req.ephemeral });
        return { runner: toRunner(runner, token) };
      }),
      declare: (req, ctx) => connectCall(async () => {
        const r = await runnerOf(app, ctx);
        return { runner: toRunner(await declareRunner(app, r, req.version, req.labels)) };
      }),
      fetchTask: (req, ctx) => connectCall(async () => {
        const r = await runnerOf(app, ctx);
        const { task, version } = await fetchTask(app, r, Number(req.tasksVersion), ctx.signal);
        return { task: task ? toTask(task) : undefined, tasksVersion: BigInt(version) };
      }),
      updateTask: (req, ctx) => connectCall(async () => {
        const r = await runnerOf(app, ctx, true);
        const s = req.state;
        const report = {
          id: Number(s?.id ?? 0), result: asResult(s?.result ?? 0), startedAt: dateOf(s?.startedAt), stoppedAt: dateOf(s?.stoppedAt),
          steps: (s?.steps ?? []).map((st) => ({
            id: Number(st.id), result: asResult(st.result), startedAt: dateOf(st.startedAt), stoppedAt: dateOf(st.stoppedAt),
            logIndex: Number(st.logIndex), logLength: Number(st.logLength),
          })),
        };
        const answer = await updateTask(app, r, report, req.outputs);
        return { state: { id: BigInt(answer.id), result: answer.result }, sentOutputs: answer.sentOutputs };
      }),
      updateLog: (req, ctx) => connectCall(async () => {
        const r = await runnerOf(app, ctx, true);
        const rows = req.rows.map((row) => ({ time: row.time ? timestampDate(row.time) : new Date(), content: row.content }));
        const ack = await updateLog(app, r, { taskId: Number(req.taskId), index: Number(req.index), rows, noMore: req.noMore });
        return { ackIndex: BigInt(ack) };
      }),
    });
  };
}


