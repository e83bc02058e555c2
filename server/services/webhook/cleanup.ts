/**
 * Prunes delivered hook tasks as Gitea's cron `cleanup_hook_task_table` does, with the keys of
 * `[cron.delete_old_system_and_webhook_tasks]`: OlderThan (delivered before now - OLDER_THAN) or PerWebhook
 * (keep the NUMBER_TO_KEEP newest delivered tasks of each hook). Undelivered tasks are never pruned.
 */
import type { AppContext } from '../context.ts';
import * as hookStore from '../../store/hooks.ts';
import * as taskStore from '../../store/hook-tasks.ts';


/** Runs one cleanup; returns how many tasks were deleted. */
export async function cleanupHookTasks(app: AppContext, now = Date.now()): Promise<number> {
  const s = app.settings;
  const hooks = await hookStore.list(app.store);
  let removed = 0;
  if (s.string('cron.delete_old_system_and_webhook_tasks.CLEANUP_TYPE') === 'PerWebhook') {
    const keep = s.int('cron.delete_old_system_and_webhook_tasks.NUMBER_TO_KEEP');
    for (const h of hooks) {
      const delivered = (await taskStore.listByHook(app.store, h.id)).filter((t) => t.is_delivered);
      const drop = new Set(delivered.slice(keep).map((t) => t.id));
      if (drop.size) removed += await taskStore.removeWhere(app.store, h.id, (t) => drop.has(t.id));
    }
    return removed;
  }
  const cutoff = now - s.duration('cron.delete_old_system_and_webhook_tasks.OLDER_THAN');
  for (const h of hooks) removed += await taskStore.removeWhere(app.store, h.id, (t) => t.delivered < cutoff);
  return removed;
}

/** Runs the cleanup every midnight (Gitea's @midnight) while enabled; returns a function that stops it. */
export function scheduleCleanup(app: AppContext): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    const next = new Date();
    next.setHours(24, 0, 0, 0);
    timer = setTimeout(() => {
      if (app.settings.bool('cron.delete_old_system_and_webhook_tasks.ENABLED')) {
        cleanupHookTasks(app).catch((err: unknown) => app.log.error('hook task cleanup failed', { err: String(err) }));
      }
      arm();
    }, next.getTime() - Date.now());
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}
