/** Starts webhook handling for a host: the event listener, the dispatcher, the start-up refill and the cleanup. */
import type { AppContext } from '../context.ts';
import type { WorkerHandle } from '../../worker/spawn.ts';
import { WebhookDispatcher } from './dispatcher.ts';
import { prepareEvent } from './prepare.ts';
import { scheduleCleanup } from './cleanup.ts';

export { copyDefaultHooks, deleteRepoHooks, deleteOwnerHooks } from './hooks.ts';

export interface WebhookRuntime {
  /** Resolves when the start-up refill has queued every stored undelivered task. */
  refilled: Promise<void>;
  stop(): Promise<void>;
}

/** Registers the event listener and starts delivering; call once per host, after the worker is started. */
export function startWebhooks(app: AppContext, worker: WorkerHandle): WebhookRuntime {
  const dispatcher = new WebhookDispatcher(app, worker);
  app.events.listen((event) => prepareEvent(app, event));
  const refilled = dispatcher.refill().catch((err: unknown) => app.log.error('webhook queue refill failed', { err: String(err) }));
  const stopCleanup = scheduleCleanup(app);
  return {
    refilled,
    stop: async () => {
      stopCleanup();
      await refilled;
      await dispatcher.stop();
    },
  };
}
