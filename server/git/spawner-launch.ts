/**
 * How the git spawner process is started. Under plain Node (`npm start`, `npm run dev`, tests) it is this Node
 * binary running `spawner-child.mjs`. Inside Electron, `process.execPath` is the app itself: the desktop shell
 * registers a starter built on Electron's `utilityProcess` (the packaged app's runAsNode fuse is off, so
 * `ELECTRON_RUN_AS_NODE` would start a second app there); without one (an unpackaged `electron .`), the app is
 * run as Node with `ELECTRON_RUN_AS_NODE=1`.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The spawner process as the host sees it: messages both ways, its exit, and whether it keeps the loop alive. */
export interface HelperProcess {
  send(msg: object): void;
  onMessage(fn: (msg: unknown) => void): void;
  /** Called once, when the process could not start or has exited. */
  onExit(fn: (err?: Error) => void): void;
  /** Whether the channel keeps this process's event loop alive (only while git runs or a hash is computed). */
  hold(on: boolean): void;
}

/** Starts the spawner script with its arguments and environment (Electron's utilityProcess, from the shell). */
export type HelperStarter = (script: string, args: string[], env: NodeJS.ProcessEnv) => HelperProcess;

export interface HelperCommand {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

interface Runtime {
  execPath: string;
  versions: NodeJS.ProcessVersions;
  env: NodeJS.ProcessEnv;
}

let starter: HelperStarter | null = null;

/** A process's end, told once to every listener however many ways it is reported (error, then exit). */
export function exitOnce(): { exit(err?: Error): void; exited(): boolean; onExit(fn: (err?: Error) => void): void } {
  let exited = false;
  const fns: ((err?: Error) => void)[] = [];
  return {
    exit: (err) => {
      if (exited) return;
      exited = true;
      for (const fn of fns) fn(err);
    },
    exited: () => exited,
    onExit: (fn) => { fns.push(fn); },
  };
}

/** Registers how the spawner starts inside Electron (main/ calls this before the host starts). */
export function setHelperStarter(fn: HelperStarter | null): void {
  starter = fn;
}

/** The spawner script; inside a packaged app, the copy unpacked beside the archive (as the worker's). */
export function helperScript(url = new URL('./spawner-child.mjs', import.meta.url)): string {
  return fileURLToPath(url).replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}

/**
 * The environment of the spawner: two malloc arenas; blocks above 128 KiB always mapped on their own (glibc's
 * moving threshold would otherwise keep scrypt's 16 MiB blocks in the heap); two hashes at a time.
 */
export function helperEnv(rt: Runtime): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...rt.env, MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', UV_THREADPOOL_SIZE: '2' };
  delete env.NODE_OPTIONS;
  if (rt.versions.electron) env.ELECTRON_RUN_AS_NODE = '1';
  return env;
}

/** The command that runs the spawner script as Node on this runtime (Electron's binary as Node inside Electron). */
export function helperCommand(script: string, socket: string, rt: Runtime = process): HelperCommand {
  return { command: rt.execPath, args: ['--max-old-space-size=32', '--max-semi-space-size=1', script, socket], env: helperEnv(rt) };
}

/** Starts the spawner: the registered starter inside Electron, else a Node child process with an IPC channel. */
export function startHelper(script: string, socket: string, rt: Runtime = process): HelperProcess {
  if (rt.versions.electron && starter) {
    const env: NodeJS.ProcessEnv = { ...helperEnv(rt), HOMEFORGE_SPAWNER_SOCKET: socket };
    delete env.ELECTRON_RUN_AS_NODE;
    return starter(script, [socket], env);
  }
  const cmd = helperCommand(script, socket, rt);
  const proc = spawn(cmd.command, cmd.args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: cmd.env, windowsHide: true });
  proc.unref();
  const channel = (): { ref(): void; unref(): void } | undefined => (proc as { channel?: { ref(): void; unref(): void } }).channel;
  const ended = exitOnce();
  proc.once('error', (err) => ended.exit(err));
  proc.once('exit', () => ended.exit());
  return {
    send: (msg) => { if (!ended.exited() && proc.connected) proc.send(msg); },
    onMessage: (fn) => { proc.on('message', fn); },
    onExit: ended.onExit,
    hold: (on) => { if (on) channel()?.ref(); else channel()?.unref(); },
  };
}
