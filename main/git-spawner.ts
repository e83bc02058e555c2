/**
 * The git spawner inside Electron: a utility process (Electron's own child process running Node), since the
 * packaged app cannot run its binary as plain Node. Registered before the host starts; see server/git/spawner-launch.ts.
 */
import type { HelperProcess, HelperStarter } from '../server/git/spawner-launch.ts';

/** What is used of Electron's utilityProcess module (a stand-in in tests). */
export interface UtilityProcessApi {
  fork(modulePath: string, args?: string[], options?: { env?: NodeJS.ProcessEnv; serviceName?: string; stdio?: 'ignore' | 'inherit' | 'pipe' }): UtilityChild;
}

interface UtilityChild {
  postMessage(message: unknown): void;
  on(event: 'message', fn: (message: unknown) => void): unknown;
  on(event: 'exit', fn: (code: number) => void): unknown;
  on(event: 'error', fn: (...args: unknown[]) => void): unknown;
}

/** A spawner starter on Electron's utilityProcess. */
export function utilityStarter(utility: UtilityProcessApi): HelperStarter {
  return (script, args, env): HelperProcess => {
    const child = utility.fork(script, args, { env, serviceName: 'Homeforge git spawner', stdio: 'inherit' });
    let exited = false;
    const exitFns: ((err?: Error) => void)[] = [];
    const exit = (err?: Error): void => {
      if (exited) return;
      exited = true;
      for (const fn of exitFns) fn(err);
    };
    child.on('exit', () => exit());
    child.on('error', (type: unknown) => exit(new Error(`the git spawner failed: ${String(type)}`)));
    return {
      send: (msg) => { if (!exited) child.postMessage(msg); },
      onMessage: (fn) => { child.on('message', fn); },
      onExit: (fn) => { exitFns.push(fn); },
      // The app's lifetime is the shell's to decide: nothing to hold.
      hold: () => undefined,
    };
  };
}
