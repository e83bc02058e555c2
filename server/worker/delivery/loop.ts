/**
 * The worker's delivery loop. It asks the main thread for as many jobs as it has free slots and sends each
 * job it gets; while paused it asks for none (jobs already on their way wait until it resumes).
 */
import type { DeliveryJob, DeliveryResult, FromWorker } from '../protocol.ts';
import { deliver } from './deliver.ts';

/** Deliveries the worker runs at once (each target gets at most PER_TARGET of them: webhook/dispatcher.ts). */
export const DELIVERY_CAPACITY = 128;

export class DeliveryLoop {
  private readonly capacity: number;
  private readonly send: (msg: FromWorker) => void;
  private readonly run: (job: DeliveryJob) => Promise<DeliveryResult>;
  private inFlight = 0;
  /** Jobs asked for and not yet received. */
  private wanted = 0;
  private paused = false;
  private readonly held: DeliveryJob[] = [];
  /** Results not yet sent: those finished in one turn go in one message. */
  private outbox: DeliveryResult[] = [];

  constructor(send: (msg: FromWorker) => void, capacity = DELIVERY_CAPACITY, run = deliver) {
    this.send = send;
    this.capacity = capacity;
    this.run = run;
  }

  /** Asks for jobs up to the free capacity. */
  ask(): void {
    const free = this.reserve();
    if (free > 0) this.send({ type: 'delivery-want', count: free });
  }

  /** Counts the free slots as asked for and returns how many that is (0 while paused). */
  private reserve(): number {
    if (this.paused) return 0;
    const free = this.capacity - this.inFlight - this.wanted - this.held.length;
    if (free <= 0) return 0;
    this.wanted += free;
    return free;
  }

  /** A job from the main thread: already claimed there, so it is sent (now, or when resumed). */
  receive(job: DeliveryJob): void {
    this.wanted = Math.max(0, this.wanted - 1);
    if (this.paused) {
      this.held.push(job);
      return;
    }
    this.start(job);
  }

  private start(job: DeliveryJob): void {
    this.inFlight += 1;
    void this.run(job).then((result) => {
      this.inFlight -= 1;
      this.outbox.push(result);
      if (this.outbox.length === 1) setImmediate(() => this.flush());
    });
  }

  /** Sends the results gathered this turn and, in the same message, asks for as many jobs as are free. */
  private flush(): void {
    const results = this.outbox;
    this.outbox = [];
    const want = this.reserve();
    this.send(want > 0 ? { type: 'delivery-results', results, want } : { type: 'delivery-results', results });
  }

  pause(): void {
    this.paused = true;
    // Withdraw the standing request so the main thread claims nothing more while paused.
    if (this.wanted > 0) this.send({ type: 'delivery-want', count: -this.wanted });
    this.wanted = 0;
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    for (const job of this.held.splice(0)) this.start(job);
    this.ask();
  }
}
