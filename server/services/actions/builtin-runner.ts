/** The built-in runner's switch (the child process that runs it comes with the runner itself). */
import type { AppContext } from '../context.ts';

/** Whether the built-in runner is on and running. */
export function builtinRunnerStatus(_app: AppContext): Promise<{ enabled: boolean; running: boolean; runner_id: number; last_error: string }> {
  return Promise.resolve({ enabled: false, running: false, runner_id: 0, last_error: '' });
}

/** Turns the built-in runner on or off. */
export function setBuiltinRunner(app: AppContext, _enabled: boolean) {
  return builtinRunnerStatus(app);
}
