/**
 * The worker's mirror loop: jobs wait in arrival order and at most `maxConcurrent` (from the newest job,
 * `[mirror] MAX_CONCURRENT`) run at once, so one slow upstream holds one slot and never the others.
 * While paused, jobs wait; they start when the loop resumes.
 */
import type { FromWorker, MirrorJob, MirrorResult } from '../protocol.ts';
import { runMirrorJob } from './run.ts';

export class MirrorLoop {
  private readonly send: (msg: FromWorker) => void;
  private readonly run: (job: MirrorJob) => Promise<MirrorResult>;
  private readonly waiting: MirrorJob[] = [];
  private running = 0;
  private limit = 1;
  private paused = false;

  constructor(send: (msg: FromWorker) => void, run = runMirrorJob) {
    this.send = send;
    this.run = run;
  }

  /** A job from the main thread: queued, then started when a slot is free. */
  receive(job: MirrorJob): void {
    this.limit = Math.max(1, job.maxConcurrent);
    this.waiting.push(job);
    this.pump();
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.pump();
  }

  private pump(): void {
    while (!this.paused && this.running < this.limit && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.running += 1;
      void this.run(job).then((result) => {
        this.running -= 1;
        this.send({ type: 'mirror-result', result });
        this.pump();
      });
    }
  }
}
