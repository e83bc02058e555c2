/**
 * The built-in runner: a child process that speaks the runner protocol to this host's own URL (so it never blocks
 * the API and has no other way in than any runner). It runs while `[actions] BUILTIN_RUNNER` is on: the admin
 * runners page's switch sets it, and a change made elsewhere (the settings page) is picked up within seconds.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { registrationToken } from './runner-tokens.ts';
import { updateHostSettings } from '../settings/host-settings.ts';
import { HOMEFORGE_VERSION } from '../../lib/version.ts';

/** The labels it declares: it runs jobs on this machine, as act_runner's `:host` labels do. */
export const BUILTIN_LABELS = ['ubuntu-latest:host', 'linux:host', 'self-hosted:host', 'homeforge:host'];

interface Manager {
  url: string;
  child: ChildProcess | null;
  ready: boolean;
  runnerId: number;
  lastError: string;
  timer: NodeJS.Timeout;
  restartAt: number;
}

const managers = new WeakMap<AppContext, Manager>();

function entry(): { file: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const url = new URL(fromSource ? '../../runner/main.ts' : '../../runner/main.js', import.meta.url);
  return { file: url.pathname.replace(/\/app\.asar\//, '/app.asar.unpacked/'), execArgv: fromSource ? ['--import', 'tsx'] : [] };
}

async function spawnRunner(app: AppContext, m: Manager): Promise<void> {
  const { file, execArgv } = entry();
  // A clean environment: the job's processes must not see the host's variables (tokens, HOMEFORGE__ settings).
  const child = fork(file, [], { execArgv, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' }, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  m.child = child;
  m.ready = false;
  child.stderr?.on('data', (d: Buffer) => { m.lastError = d.toString('utf8').slice(-500); });
  child.on('message', (msg: { type: string; runnerId?: number; message?: string }) => {
    if (msg.type === 'ready') { m.ready = true; m.runnerId = msg.runnerId ?? 0; m.lastError = ''; }
    if (msg.type === 'error') m.lastError = msg.message ?? '';
  });
  child.on('exit', () => {
    if (m.child === child) { m.child = null; m.ready = false; m.restartAt = Date.now() + 5_000; }
  });
  child.send({
    type: 'start',
    config: {
      url: m.url, stateFile: path.join(app.dataDir, 'actions', 'builtin-runner.json'), workRoot: path.join(tmpdir(), `homeforge-runner-${process.pid}`),
      registrationToken: await registrationToken(app, { ownerId: 0, repoId: 0 }), name: 'homeforge-builtin', labels: BUILTIN_LABELS,
      version: `homeforge-${HOMEFORGE_VERSION}`, timeoutMs: app.settings.duration('actions.BUILTIN_RUNNER_TIMEOUT') || 3_600_000,
    },
  });
}

function stopChild(m: Manager): Promise<void> {
  const child = m.child;
  if (!child) return Promise.resolve();
  m.child = null;
  m.ready = false;
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => { clearTimeout(kill); resolve(); });
    child.kill('SIGTERM');
  });
}

/** Starts or stops the child to match the setting. */
export async function applyBuiltinRunner(app: AppContext): Promise<void> {
  const m = managers.get(app);
  if (!m) return;
  const on = app.settings.bool('actions.BUILTIN_RUNNER') && app.settings.bool('actions.ENABLED');
  if (on && !m.child && Date.now() >= m.restartAt) await spawnRunner(app, m);
  if (!on && m.child) await stopChild(m);
}

/** Follows the setting from now on (the host calls this once it listens on `url`); `stop` ends the child. */
export function startBuiltinRunner(app: AppContext, url: string): { stop(): Promise<void> } {
  const m: Manager = { url, child: null, ready: false, runnerId: 0, lastError: '', restartAt: 0, timer: setInterval(() => { void applyBuiltinRunner(app).catch(() => undefined); }, 2_000) };
  m.timer.unref();
  managers.set(app, m);
  void applyBuiltinRunner(app).catch((e: unknown) => { m.lastError = String(e); });
  return {
    stop: async () => {
      clearInterval(m.timer);
      managers.delete(app);
      await stopChild(m);
    },
  };
}

/** Whether the built-in runner is on, and whether its process runs and has registered. */
export function builtinRunnerStatus(app: AppContext): Promise<{ enabled: boolean; running: boolean; runner_id: number; last_error: string }> {
  const m = managers.get(app);
  return Promise.resolve({ enabled: app.settings.bool('actions.BUILTIN_RUNNER'), running: !!m?.ready, runner_id: m?.runnerId ?? 0, last_error: m?.lastError ?? '' });
}

/** Turns the built-in runner on or off (the host setting, kept in app.ini) and applies it now. */
export async function setBuiltinRunner(app: AppContext, enabled: boolean) {
  await updateHostSettings(app, { 'actions.BUILTIN_RUNNER': enabled });
  const m = managers.get(app);
  if (m) m.restartAt = 0;
  await applyBuiltinRunner(app);
  return builtinRunnerStatus(app);
}
