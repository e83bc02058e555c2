/**
 * Starts webhook delivery for a host: the dispatcher (it hears `hook_task.stored` on the bus), the start-up refill
 * and the cleanup. The subscriber that stores tasks is registered with the other features (subscriber.ts).
 */
import type { AppContext } from '../context.ts';
import type { WorkerHandle } from '../../worker/spawn.ts';
import { WebhookDispatcher } from './dispatcher.ts';
import { scheduleCleanup } from './cleanup.ts';

export { copyDefaultHooks, deleteRepoHooks, deleteOwnerHooks } from './hooks.ts';

export interface WebhookRuntime {
  /** Resolves when the start-up refill has queued every stored undelivered task. */
  refilled: Promise<void>;
  /** Queues every stored undelivered task again (the start-up refill, on demand). */
  refill(): Promise<void>;
  stop(): Promise<void>;
}

/** Registers the event listener and starts delivering; call once per host, after the worker is started. */
export function startWebhooks(app: AppContext, worker: WorkerHandle): WebhookRuntime {
  const dispatcher = new WebhookDispatcher(app, worker);
  const refilled = dispatcher.refill().catch((err: unknown) => app.log.error('webhook queue refill failed', { err: String(err) }));
  const stopCleanup = scheduleCleanup(app);
  return {
    refilled,
    refill: () => dispatcher.refill(),
    stop: async () => {
      stopCleanup();
      await refilled;
      await dispatcher.stop();
    },
  };
}
