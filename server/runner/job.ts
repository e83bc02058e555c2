/** Runs one task (a one-job workflow) on this machine and reports it through the protocol, as act_runner's runner does. */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { Client } from '@connectrpc/connect';
import type { RunnerService } from '../lib/proto/runner/v1/services_pb.ts';
import { Result, type Task } from '../lib/proto/runner/v1/messages_pb.ts';
import { evaluate } from '../services/actions/expression.ts';
import { LogStream, masker } from './log-stream.ts';
import { runStep, type StepDef } from './steps.ts';

interface JobDef { steps?: StepDef[]; env?: Record<string, unknown>; 'timeout-minutes'?: number }
interface StepState { id: bigint; result: Result; startedAt?: Date; stoppedAt?: Date; logIndex: number; logLength: number }

export interface JobOptions { workRoot: string; timeoutMs: number; signal: AbortSignal }

const str = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean));

/** Replaces `${{ expr }}` with the expression's value over the contexts (an expression that cannot be read stays empty). */
function interpolate(text: string, values: Record<string, unknown>, status = { success: true, failure: false, cancelled: false }): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_m, expr: string) => {
    try { return str(evaluate(expr.trim(), { values, status })); } catch { return ''; }
  });
}

/** The environment a step sees: nothing of the host's but PATH, plus GitHub's and Gitea's variables and the job's env. */
function baseEnv(ctx: Record<string, unknown>, workspace: string, tempDir: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin', HOME: tempDir, LANG: 'C.UTF-8', CI: 'true',
    GITHUB_ACTIONS: 'true', GITEA_ACTIONS: 'true', RUNNER_OS: process.platform === 'darwin' ? 'macOS' : 'Linux', RUNNER_TEMP: tempDir,
    GITHUB_WORKSPACE: workspace, GITHUB_SHA: str(ctx.sha), GITHUB_REF: str(ctx.ref), GITHUB_REF_NAME: str(ctx.ref_name),
    GITHUB_REPOSITORY: str(ctx.repository), GITHUB_REPOSITORY_OWNER: str(ctx.repository_owner), GITHUB_SERVER_URL: str(ctx.server_url),
    GITHUB_API_URL: str(ctx.api_url), GITHUB_RUN_ID: str(ctx.run_id), GITHUB_RUN_NUMBER: str(ctx.run_number), GITHUB_EVENT_NAME: str(ctx.event_name),
    GITHUB_ACTOR: str(ctx.actor), GITHUB_JOB: str(ctx.job), GITHUB_WORKFLOW: str(ctx.workflow),
  };
}

/** Runs the task and sends its steps, log and result; resolves when the host has the final state. */
export async function runTask(rpc: Client<typeof RunnerService>, task: Task, o: JobOptions): Promise<void> {
  const ctx = (task.context ?? {}) as Record<string, unknown>;
  const log = new LogStream(rpc, task.id, masker(Object.values(task.secrets)));
  const doc = parseYaml(new TextDecoder().decode(task.workflowPayload ?? new Uint8Array())) as { jobs?: Record<string, JobDef> } | null;
  const job = Object.values(doc?.jobs ?? {})[0] ?? {};
  const steps = job.steps ?? [];
  const states: StepState[] = steps.map((_s, i) => ({ id: BigInt(i), result: Result.UNSPECIFIED, logIndex: 0, logLength: 0 }));
  const started = new Date();
  const abort = new AbortController();
  let cancelled = false;
  let timedOut = false;
  const onOuter = () => { cancelled = true; abort.abort(); };
  o.signal.addEventListener('abort', onOuter, { once: true });
  const limit = job['timeout-minutes'] ? Math.min(o.timeoutMs, job['timeout-minutes'] * 60_000) : o.timeoutMs;
  const timer = setTimeout(() => { timedOut = true; abort.abort(); }, limit);
  const report = async (result: Result) => {
    const res = await rpc.updateTask({ state: {
      id: task.id, result, startedAt: timestampFromDate(started), stoppedAt: result ? timestampFromDate(new Date()) : undefined,
      steps: states.map((s) => ({ id: s.id, result: s.result, startedAt: s.startedAt && timestampFromDate(s.startedAt), stoppedAt: s.stoppedAt && timestampFromDate(s.stoppedAt), logIndex: BigInt(s.logIndex), logLength: BigInt(s.logLength) })),
    } });
    // The host answers cancelled when the run was cancelled meanwhile: stop (act_runner does the same).
    if (!result && res.state?.result === Result.CANCELLED) { cancelled = true; abort.abort(); }
  };
  const ticker = setInterval(() => { void log.flush(); void report(Result.UNSPECIFIED).catch(() => undefined); }, 1_000);
  const workspace = await mkdtemp(path.join(o.workRoot, `task-${task.id}-`));
  const tempDir = await mkdtemp(path.join(o.workRoot, `tmp-${task.id}-`));
  let failed = false;
  try {
    const values: Record<string, unknown> = { github: { ...ctx, workspace }, secrets: task.secrets, vars: task.vars, needs: task.needs, env: {}, matrix: {}, inputs: {}, runner: { os: 'Linux', temp: tempDir } };
    const jobEnv = Object.fromEntries(Object.entries(job.env ?? {}).map(([k, v]) => [k, interpolate(str(v), values)]));
    values.env = jobEnv;
    log.write(`Running job on the built-in runner in ${workspace}`);
    for (const [i, step] of steps.entries()) {
      const s = states[i]!;
      const status = { success: !failed, failure: failed, cancelled };
      const cond = step.if === undefined ? !failed : (() => { try { return Boolean(evaluate(String(step.if).replace(/^\$\{\{|\}\}$/g, '').trim(), { values, status })); } catch { return false; } })();
      if (abort.signal.aborted || !cond) {
        s.result = abort.signal.aborted ? Result.CANCELLED : Result.SKIPPED;
        continue;
      }
      s.startedAt = new Date();
      s.logIndex = log.length;
      log.write(`::group::${step.name ?? (step.uses ? `Run ${step.uses}` : `Run ${str(step.run).split('\n')[0]}`)}`);
      const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, interpolate(str(v), values)]));
      const env = { ...baseEnv(ctx, workspace, tempDir), ...jobEnv, ...stepEnv };
      const resolved: StepDef = { ...step, run: step.run === undefined ? undefined : interpolate(step.run, { ...values, env: { ...jobEnv, ...stepEnv } }) };
      const ok = await runStep(resolved, { workspace, tempDir, env, log, signal: abort.signal }, { repositoryUrl: str(ctx.repositoryUrl), sha: str(ctx.sha), token: str(ctx.token), index: i });
      log.write('::endgroup::');
      s.stoppedAt = new Date();
      s.logLength = log.length - s.logIndex;
      s.result = abort.signal.aborted ? Result.CANCELLED : ok || step['continue-on-error'] ? Result.SUCCESS : Result.FAILURE;
      if (!ok && !step['continue-on-error']) failed = true;
    }
    if (timedOut) log.write(`::error::The job ran longer than its time limit (${Math.round(limit / 1000)} s) and was stopped.`);
    else if (cancelled) log.write('The job was cancelled.');
  } catch (e) {
    failed = true;
    log.write(`::error::${e instanceof Error ? e.message : String(e)}`);
  } finally {
    clearInterval(ticker);
    clearTimeout(timer);
    o.signal.removeEventListener('abort', onOuter);
    await rm(workspace, { recursive: true, force: true });
    await rm(tempDir, { recursive: true, force: true });
  }
  const result = cancelled ? Result.CANCELLED : failed || timedOut ? Result.FAILURE : Result.SUCCESS;
  await log.flush(true);
  await report(result);
}
