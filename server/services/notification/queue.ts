/**
 * The notification jobs of one host, run one at a time after the request that caused them has answered (Gitea's
 * notification queue): a comment on a repository with many watchers does not wait for their threads. Jobs for the
 * same subject and actor that wait together are merged (a merge publishes both `closed` and `merged`). Each job
 * comes with the journal intent that covers it until its threads are written (jobs.ts); a merged job ends the
 * intents of every job folded into it.
 */
import type { AppContext } from '../context.ts';
import type { Intent } from '../../store/engine/journal.ts';
import { withTokenReach } from '../auth/token-reach.ts';

export interface Job {
  key: string;
  run: () => Promise<void>;
  /** Folds a later job of the same key into this one, while both wait. */
  merge?: (later: Job) => void;
}

interface Waiting {
  job: Job;
  intents: Intent[];
}

interface Queue {
  pending: Map<string, Waiting>;
  running: Promise<void> | null;
  held: boolean;
}

const queues = new WeakMap<AppContext, Queue>();

function queueOf(app: AppContext): Queue {
  let q = queues.get(app);
  if (!q) queues.set(app, (q = { pending: new Map(), running: null, held: false }));
  return q;
}

/** Runs one job, then forgets its intents (also after a failure: a job that fails would fail again at every start). */
async function runOne(app: AppContext, w: Waiting): Promise<void> {
  try {
    await w.job.run();
  } catch (err) {
    app.log.error('notification job failed', { key: w.job.key, error: err instanceof Error ? err.message : String(err) });
  }
  for (const intent of w.intents) {
    await app.store.journal.end(intent).catch((err: unknown) => {
      app.log.warn('a notification job\'s intent was not ended; the job runs again at the next start', { key: w.job.key, error: String(err) });
    });
  }
}

async function drain(app: AppContext, q: Queue): Promise<void> {
  // Not the request's token reach: a job decides for every receiver, whatever token the actor used.
  await withTokenReach(null, async () => {
    for (let next = q.pending.values().next(); !next.done && !q.held; next = q.pending.values().next()) {
      q.pending.delete(next.value.job.key);
      await runOne(app, next.value);
    }
  });
}

/** Queues a job (with the intent that covers it); it runs once the current turn has ended (after the publishing request's write). */
export function enqueue(app: AppContext, job: Job, intent?: Intent): void {
  const q = queueOf(app);
  const waiting = q.pending.get(job.key);
  if (waiting) {
    waiting.job.merge?.(job);
    if (intent) waiting.intents.push(intent);
    return;
  }
  q.pending.set(job.key, { job, intents: intent ? [intent] : [] });
  if (!q.running && !q.held) start(app, q);
}

function start(app: AppContext, q: Queue): void {
  q.running = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => drain(app, q))
    .finally(() => {
      q.running = null;
      // A job queued while the last one finished would otherwise wait for the next event.
      if (q.pending.size && !q.held) start(app, q);
    });
}

/** Resolves when no notification job waits or runs (the host's close; tests). A held queue's jobs are left waiting. */
export async function notificationsIdle(app: AppContext): Promise<void> {
  const q = queueOf(app);
  while (q.running) await q.running;
}

/**
 * Tests: keeps queued jobs from starting, as a host killed before its queue drained (their intents stay in the
 * journal); the function returned lets them run.
 */
export function holdNotifications(app: AppContext): () => void {
  const q = queueOf(app);
  q.held = true;
  return () => {
    q.held = false;
    if (q.pending.size && !q.running) start(app, q);
  };
}
