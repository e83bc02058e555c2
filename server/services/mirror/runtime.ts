/**
 * The main-thread side of mirror jobs: hands the worker self-contained jobs and resolves each with the
 * result that comes back. The worker never opens the store; results are recorded here.
 */
import type { AppContext } from '../context.ts';
import type { WorkerHandle } from '../../worker/spawn.ts';
import type { FromWorker, MirrorJob, MirrorResult } from '../../worker/protocol.ts';

/** The host is stopping: the job's result will not be recorded. */
export class RuntimeStoppedError extends Error {}

export type JobSpec = Omit<MirrorJob, 'id' | 'maxConcurrent'>;

// Ids are unique in the process: several runtimes (the schedule's, a migration's) hear the same worker's results.
let nextJobId = 1;

export class MirrorRuntime {
  private readonly worker: WorkerHandle;
  private readonly maxConcurrent: () => number;
  private readonly pending = new Map<number, { resolve: (r: MirrorResult) => void; reject: (e: Error) => void }>();
  private readonly off: () => void;
  private stopped = false;

  constructor(worker: WorkerHandle, maxConcurrent: () => number) {
    this.worker = worker;
    this.maxConcurrent = maxConcurrent;
    this.off = worker.on((msg) => this.onMessage(msg));
  }

  /** Sends a job to the worker; resolves with its result (failures included), rejects only when the host stops. */
  run(spec: JobSpec): Promise<MirrorResult> {
    if (this.stopped) return Promise.reject(new RuntimeStoppedError('the host is stopping'));
    const id = nextJobId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.send({ type: 'mirror', job: { ...spec, id, maxConcurrent: this.maxConcurrent() } });
    });
  }

  /** Stops listening; jobs still out are given up. */
  stop(): void {
    this.stopped = true;
    this.off();
    for (const p of this.pending.values()) p.reject(new RuntimeStoppedError('the host is stopping'));
    this.pending.clear();
  }

  private onMessage(msg: FromWorker): void {
    if (msg.type !== 'mirror-result') return;
    const p = this.pending.get(msg.result.id);
    if (!p) return;
    this.pending.delete(msg.result.id);
    p.resolve(msg.result);
  }
}

/**
 * Runs one job on the host's worker with a runtime of its own (a migration's probe and first fetch); throws
 * when the context has no worker (a command-line context).
 */
export async function runMirrorJob(app: AppContext, spec: JobSpec): Promise<MirrorResult> {
  if (!app.worker) throw new Error('mirrors are not running on this host');
  const runtime = new MirrorRuntime(app.worker, () => app.settings.int('mirror.MAX_CONCURRENT'));
  try {
    return await runtime.run(spec);
  } finally {
    runtime.stop();
  }
}
