/**
 * The git spawner inside Electron: a utility process (Electron's own child process running Node), since the
 * packaged app cannot run its binary as plain Node. Registered before the host starts; see server/git/spawner-launch.ts.
 */
import { exitOnce, type HelperProcess, type HelperStarter } from '../server/git/spawner-launch.ts';

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
    const ended = exitOnce();
    child.on('exit', () => ended.exit());
    child.on('error', (type: unknown) => ended.exit(new Error(`the git spawner failed: ${String(type)}`)));
    return {
      send: (msg) => { if (!ended.exited()) child.postMessage(msg); },
      onMessage: (fn) => { child.on('message', fn); },
      onExit: ended.onExit,
      // The app's lifetime is the shell's to decide: nothing to hold.
      hold: () => undefined,
    };
  };
}
