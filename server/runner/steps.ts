/** One step of a job on this machine: `run:` through bash in the workspace, actions/checkout natively, anything else refused. */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LogStream } from './log-stream.ts';

export interface StepDef { name?: string; id?: string; run?: string; uses?: string; with?: Record<string, unknown>; env?: Record<string, unknown>; if?: string; 'working-directory'?: string; shell?: string; 'continue-on-error'?: boolean }

export interface StepRun {
  workspace: string;
  tempDir: string;
  env: Record<string, string>;
  log: LogStream;
  signal: AbortSignal;
}

/** Runs a process in its own group, streaming its output to the log; resolves with its exit code (killed: -1). */
function runProcess(cmd: string, args: string[], o: { cwd: string; env: Record<string, string>; log: LogStream; signal: AbortSignal }): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: o.cwd, env: o.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const kill = () => { try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ } };
    o.signal.addEventListener('abort', kill, { once: true });
    let pending = { out: '', err: '' };
    const feed = (k: 'out' | 'err') => (chunk: Buffer) => {
      const text = pending[k] + chunk.toString('utf8');
      const cut = text.lastIndexOf('\n');
      if (cut >= 0) o.log.write(text.slice(0, cut));
      pending = { ...pending, [k]: cut >= 0 ? text.slice(cut + 1) : text };
    };
    child.stdout.on('data', feed('out'));
    child.stderr.on('data', feed('err'));
    child.on('error', (e) => { o.log.write(`failed to start ${cmd}: ${e.message}`); });
    child.on('close', (code) => {
      o.signal.removeEventListener('abort', kill);
      for (const rest of [pending.out, pending.err]) if (rest) o.log.write(rest);
      resolve(o.signal.aborted ? -1 : (code ?? -1));
    });
  });
}

/** `actions/checkout`: the commit of the run, fetched with the task's token into the workspace. */
async function checkout(r: StepRun, ctx: { repositoryUrl: string; sha: string; token: string }): Promise<boolean> {
  const git = (args: string[], auth: boolean) => runProcess('git', [
    ...(auth && ctx.token ? ['-c', `http.extraHeader=Authorization: Basic ${Buffer.from(`x-access-token:${ctx.token}`).toString('base64')}`] : []), ...args,
  ], { cwd: r.workspace, env: { ...r.env, GIT_TERMINAL_PROMPT: '0' }, log: r.log, signal: r.signal });
  if ((await git(['init', '-q', '.'], false)) !== 0) return false;
  r.log.write(`Fetching ${ctx.repositoryUrl} at ${ctx.sha}`);
  let code = await git(['fetch', '-q', '--depth=1', ctx.repositoryUrl, ctx.sha], true);
  if (code !== 0 && !r.signal.aborted) code = await git(['fetch', '-q', '--depth=1', ctx.repositoryUrl, ctx.sha], false);
  if (code !== 0) return false;
  return (await git(['checkout', '-q', '--detach', 'FETCH_HEAD'], false)) === 0;
}

/** Runs one step; answers whether it succeeded. */
export async function runStep(step: StepDef, r: StepRun, ctx: { repositoryUrl: string; sha: string; token: string; index: number }): Promise<boolean> {
  if (step.uses !== undefined) {
    if (/^actions\/checkout@/.test(step.uses) || /\/actions\/checkout@/.test(step.uses)) return checkout(r, ctx);
    r.log.write(`::error::unsupported action: ${step.uses} (the built-in runner runs \`run:\` steps and actions/checkout; use a separate act_runner for other actions)`);
    return false;
  }
  if (step.run === undefined) {
    r.log.write('::error::a step needs `run` or `uses`');
    return false;
  }
  if (step.shell && !/^bash\b/.test(step.shell)) {
    r.log.write(`::error::unsupported shell: ${step.shell} (the built-in runner runs bash)`);
    return false;
  }
  const script = path.join(r.tempDir, `step-${ctx.index}.sh`);
  await writeFile(script, step.run, { mode: 0o600 });
  const cwd = step['working-directory'] ? path.resolve(r.workspace, step['working-directory']) : r.workspace;
  if (!cwd.startsWith(r.workspace)) {
    r.log.write('::error::working-directory must stay inside the workspace');
    return false;
  }
  const code = await runProcess('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, env: r.env, log: r.log, signal: r.signal });
  if (code !== 0 && !r.signal.aborted) r.log.write(`::error::Process completed with exit code ${code}.`);
  return code === 0;
}
