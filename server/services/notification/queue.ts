/**
 * The notification jobs of one host, run one at a time after the request that caused them has answered (Gitea's
 * notification queue): a comment on a repository with many watchers does not wait for their threads. Jobs for the
 * same subject and actor that wait together are merged (a merge publishes both `closed` and `merged`).
 */
import type { AppContext } from '../context.ts';
import { withTokenReach } from '../auth/token-reach.ts';

export interface Job {
  key: string;
  run: () => Promise<void>;
  /** Folds a later job of the same key into this one, while both wait. */
  merge?: (later: Job) => void;
}

interface Queue {
  pending: Map<string, Job>;
  running: Promise<void> | null;
}

const queues = new WeakMap<AppContext, Queue>();

function queueOf(app: AppContext): Queue {
  let q = queues.get(app);
  if (!q) queues.set(app, (q = { pending: new Map(), running: null }));
  return q;
}

async function drain(app: AppContext, q: Queue): Promise<void> {
  // Not the request's token reach: a job decides for every receiver, whatever token the actor used.
  await withTokenReach(null, async () => {
    for (let next = q.pending.values().next(); !next.done; next = q.pending.values().next()) {
      const job = next.value;
      q.pending.delete(job.key);
      try {
        await job.run();
      } catch (err) {
        app.log.error('notification job failed', { key: job.key, error: err instanceof Error ? err.message : String(err) });
      }
    }
  });
}

/** Queues a job; it runs once the current turn has ended (after the publishing request's write). */
export function enqueue(app: AppContext, job: Job): void {
  const q = queueOf(app);
  const waiting = q.pending.get(job.key);
  if (waiting) {
    waiting.merge?.(job);
    return;
  }
  q.pending.set(job.key, job);
  if (!q.running) start(app, q);
}

function start(app: AppContext, q: Queue): void {
  q.running = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => drain(app, q))
    .finally(() => {
      q.running = null;
      // A job queued while the last one finished would otherwise wait for the next event.
      if (q.pending.size) start(app, q);
    });
}

/** Resolves when no notification job waits or runs (the host's close; tests). */
export async function notificationsIdle(app: AppContext): Promise<void> {
  const q = queueOf(app);
  while (q.running) await q.running;
}
