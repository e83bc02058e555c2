/**
 * The main-thread side of delivery. A queue of task references; the worker asks for jobs, and for each one
 * the dispatcher claims a task (marks it delivered, on disk) before handing the worker a self-contained job.
 * Claims of the jobs asked for at once run together (their log appends share an fsync), and a batch does not wait
 * for the one before it to be on disk; jobs are sent in queue order. Each target (the origin of a hook's URL) has at most PER_TARGET deliveries in flight: the tasks of a
 * target that answers slowly wait parked, and the other targets keep the worker's other slots. Results come back
 * and are recorded; a failed delivery is sent again later (webhook.MAX_RETRIES, backoff from RETRY_DELAY).
 * At start the queue is refilled from stored undelivered tasks, in pages.
 */
import type { AppContext } from '../context.ts';
import type { WorkerHandle } from '../../worker/spawn.ts';
import type { DeliveryJob, DeliveryResult, FromWorker } from '../../worker/protocol.ts';
import * as hookStore from '../../store/hooks.ts';
import * as taskStore from '../../store/hook-tasks.ts';
import * as userStore from '../../store/users.ts';
import type { HookRecord } from '../../store/hooks.ts';
import type { HookTaskRecord, StoredRequest, TaskRef } from '../../store/hook-tasks.ts';
import { groupedEvent } from './event-types.ts';
import type { Settings } from '../../lib/settings.ts';

/** The fields of a delivery job that come from the delivery settings, read once per claim batch. */
type BatchSettings = Pick<DeliveryJob, 'timeoutMs' | 'allowedHosts'>;
/** The fields of a delivery job that come from its hook. */
type HookDetails = Omit<DeliveryJob, 'taskId' | 'uuid' | 'eventType' | 'event' | 'payloadVersion' | 'payload' | 'isTest' | keyof BatchSettings>;
/**
 * What the dispatcher works out once per stored version of a hook: its target and its job details (secrets
 * decrypted, owner type). Keyed by the hook's shared frozen row, which a write to the hook replaces, so an
 * edited hook (URL, secret, kind) is planned afresh and an unchanged one is not decrypted again for each task.
 */
interface HookPlan { target: string; details: Promise<HookDetails> }

const keyOf = (r: TaskRef): string => `${r.hookId}:${r.id}`;

/**
 * Deliveries in flight per target; the worker runs DELIVERY_CAPACITY in all (worker/delivery/loop.ts), so three
 * targets that never answer still leave a quarter of the slots to the others. A slot is held from the claim's
 * sync to the recorded result, so one target's rate is bounded by this many ÷ that time: at 16, a target answering
 * at once got 918-1,185 deliveries/s on two busy cores, at 32 1,114-1,255/s.
 */
export const PER_TARGET = 32;
/** The longest wait between two attempts. */
const MAX_RETRY_DELAY = 3_600_000;

/** Where a hook's deliveries go, for the per-target limit: the URL's origin (the hook itself when it does not parse). */
function targetOf(hook: Readonly<HookRecord>): string {
  try {
    return new URL(hook.url).origin;
  } catch {
    return `hook:${hook.id}`;
  }
}

/** The request as the task stores it: Authorization masked (the worker masks it too), a payload body marked, not copied. */
function storedRequest(sent: DeliveryResult['request']): StoredRequest | null {
  if (!sent) return null;
  const headers = sent.headers.Authorization === undefined ? sent.headers : { ...sent.headers, Authorization: '******' };
  const request: StoredRequest = { url: sent.url, http_method: sent.http_method, headers, body: sent.body };
  if (sent.bodyIsPayload) request.body_is_payload = true;
  return request;
}

export class WebhookDispatcher {
  private readonly app: AppContext;
  private readonly worker: WorkerHandle;
  private readonly queue: TaskRef[] = [];
  private readonly queued = new Set<string>();
  private readonly writes = new Set<Promise<unknown>>();
  private demand = 0;
  /** Deliveries sent and not yet answered, per target; and the target of each. */
  private readonly busy = new Map<string, number>();
  private readonly sentTo = new Map<string, string>();
  /** Tasks waiting for a free slot of their target (still counted in `queued`). */
  private readonly parked = new Map<string, TaskRef[]>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly plans = new WeakMap<Readonly<HookRecord>, HookPlan>();
  /** The sends of the claim batches on their way, chained in order. */
  private sending: Promise<void> = Promise.resolve();
  /** Claimed jobs not yet posted: the batches whose claims one sync finished go to the worker in one message. */
  private outbox: DeliveryJob[] = [];
  private settingsRead: { from: Settings; settings: BatchSettings } | null = null;
  private stopped = false;
  private readonly off: () => void;
  private readonly unsubscribe: () => void;

  constructor(app: AppContext, worker: WorkerHandle) {
    this.app = app;
    this.worker = worker;
    this.off = worker.on((msg) => this.onMessage(msg));
    this.unsubscribe = app.bus.subscribe('hook_task.stored', 'webhook delivery', (ref) => this.enqueue(ref));
  }

  /** Queues a stored task (once: a task already waiting is not queued twice). */
  enqueue(ref: TaskRef): void {
    if (this.stopped || this.queued.has(keyOf(ref))) return;
    this.queued.add(keyOf(ref));
    this.queue.push(ref);
    // The worker starts on first use and then asks for jobs; until it asks, demand stays 0.
    this.worker.wake();
    this.kick();
  }

  /** Queues every stored undelivered task, reading them a page at a time (a scheduled retry waits for its time). */
  async refill(pageSize = 100): Promise<void> {
    const hookIds = (await hookStore.list(this.app.store)).map((h) => h.id);
    for await (const page of taskStore.undelivered(this.app.store, hookIds, pageSize)) {
      if (this.stopped) return;
      for (const ref of page) {
        const at = (await taskStore.get(this.app.store, ref))?.next_retry ?? 0;
        if (at > Date.now()) this.later(ref, at - Date.now());
        else this.enqueue(ref);
      }
    }
  }

  /** Stops claiming; waits for the records being written. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.off();
    this.unsubscribe();
    for (const t of this.retryTimers) clearTimeout(t);
    this.retryTimers.clear();
    while (this.writes.size) await Promise.allSettled([...this.writes]);
    // Jobs claimed before the stop still go to the worker now (nothing else sends a claimed task).
    this.flush();
    await taskStore.settled(this.app.store);
  }

  /** Queues a task after `ms` (a retry). */
  private later(ref: TaskRef, ms: number): void {
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.enqueue(ref);
    }, ms);
    timer.unref();
    this.retryTimers.add(timer);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.writes.add(p);
    void p.finally(() => this.writes.delete(p)).catch(() => undefined);
    return p;
  }

  private onMessage(msg: FromWorker): void {
    if (this.stopped) return;
    if (msg.type === 'delivery-want') {
      this.demand = Math.max(0, this.demand + msg.count);
      this.kick();
    } else if (msg.type === 'delivery-results') {
      for (const result of msg.results) void this.track(this.record(result)).catch((err: unknown) => this.app.log.error('recording a webhook delivery failed', { err: String(err) }));
      if (msg.want) {
        this.demand += msg.want;
        this.kick();
      }
    }
  }

  /**
   * Starts a claim batch for the jobs asked for, without waiting for batches already on their way: a slot freed
   * meanwhile joins the next group commit instead of waiting for the current one to end. Jobs still leave in
   * queue order, each batch after the one before it.
   */
  private kick(): void {
    while (this.demand > 0 && this.queue.length > 0 && !this.stopped) {
      const batch = this.queue.splice(0, this.demand);
      this.demand -= batch.length;
      // Claimed together (each claim is on disk before its job leaves).
      const settings = this.batchSettings();
      const jobs = Promise.allSettled(batch.map((ref) => this.prepare(ref, settings)));
      this.sending = this.track(this.sending.then(() => this.send(jobs)).catch((err: unknown) => this.app.log.error('webhook queue failed', { err: String(err) })));
    }
  }

  /** The delivery settings of a job, read once per version of the host's settings (a batch is mostly one job). */
  private batchSettings(): BatchSettings {
    const s = this.app.settings;
    if (this.settingsRead?.from !== s) {
      this.settingsRead = { from: s, settings: { timeoutMs: s.int('webhook.DELIVER_TIMEOUT') * 1000, allowedHosts: s.list('webhook.ALLOWED_HOST_LIST') } };
    }
    return this.settingsRead.settings;
  }

  private async send(batch: Promise<PromiseSettledResult<DeliveryJob | null>[]>): Promise<void> {
    const jobs: DeliveryJob[] = [];
    for (const r of await batch) {
      if (r.status === 'rejected') this.app.log.error('webhook queue failed', { err: String(r.reason) });
      const job = r.status === 'fulfilled' ? r.value : null;
      if (job) jobs.push(job);
      else this.demand += 1;
    }
    // Jobs claimed in one turn (the claims one sync finished) go in one message: one wake-up of the worker, not
    // one per batch. Claims start one at a time as tasks are stored, so a batch is mostly a single job.
    if (jobs.length) {
      if (!this.outbox.length) setImmediate(() => this.flush());
      this.outbox.push(...jobs);
    }
    this.kick();
  }

  /** Posts the jobs claimed this turn, in claim order. */
  private flush(): void {
    const jobs = this.outbox;
    if (!jobs.length) return;
    this.outbox = [];
    this.worker.send({ type: 'deliver', jobs });
  }

  /** Claims a task and builds its job; null (its slot unused) when it is gone, delivered, inactive or its target is busy. */
  private async prepare(ref: TaskRef, settings: BatchSettings): Promise<DeliveryJob | null> {
    const hook = await hookStore.peekById(this.app.store, ref.hookId);
    if (!hook) {
      this.queued.delete(keyOf(ref));
      return null;
    }
    const plan = this.planOf(hook);
    const target = plan.target;
    const busy = this.busy.get(target) ?? 0;
    if (busy >= PER_TARGET) {
      const list = this.parked.get(target) ?? [];
      list.push(ref);
      this.parked.set(target, list);
      return null;
    }
    this.queued.delete(keyOf(ref));
    this.busy.set(target, busy + 1);
    // Claimed (marked delivered, on disk) before anything is sent: a task is never sent twice.
    const task = await taskStore.claim(this.app.store, ref).catch((err: unknown) => {
      this.release(target);
      throw err;
    });
    if (!task || !hook.active) {
      this.release(target);
      if (task) await this.skipInactive(hook, task);
      return null;
    }
    this.sentTo.set(keyOf(ref), target);
    return this.jobFor(await plan.details, settings, task);
  }

  /** The hook's target and job details, worked out once per stored version of the hook (see HookPlan). */
  private planOf(hook: Readonly<HookRecord>): HookPlan {
    let plan = this.plans.get(hook);
    if (!plan) {
      const details = this.detailsOf(hook);
      // A failure (an unreadable secret) is not kept: the next task of the hook tries again.
      details.catch(() => this.plans.delete(hook));
      this.plans.set(hook, (plan = { target: targetOf(hook), details }));
    }
    return plan;
  }

  /** Frees a slot of the target and queues its oldest parked task. */
  private release(target: string): void {
    const n = (this.busy.get(target) ?? 1) - 1;
    if (n > 0) this.busy.set(target, n);
    else this.busy.delete(target);
    const list = this.parked.get(target);
    const next = list?.shift();
    if (list && !list.length) this.parked.delete(target);
    if (next) {
      this.queue.unshift(next);
      this.kick();
    }
  }

  private async skipInactive(hook: Readonly<HookRecord>, task: HookTaskRecord): Promise<void> {
    this.app.log.info('Hook delivery skipped as webhook is inactive', { hook: hook.id, task: task.uuid });
    await taskStore.update(this.app.store, { hookId: hook.id, id: task.id }, (t) => {
      t.delivered = Date.now();
      t.is_succeed = false;
      t.response_content = { status: 0, headers: {}, body: 'Delivery: skipped, the webhook is inactive' };
    });
    await hookStore.update(this.app.store, hook.id, (h) => { h.last_status = 2; });
  }

  private async targetType(hook: Readonly<HookRecord>): Promise<string> {
    if (hook.is_system_webhook) return 'system';
    if (hook.repo_id) return 'repository';
    if (hook.owner_id) return (await userStore.getById(this.app.store, hook.owner_id))?.type === 'organization' ? 'organization' : 'user';
    return 'default';
  }

  /** What every job of the hook carries (the secrets decrypted). */
  private async detailsOf(hook: Readonly<HookRecord>): Promise<HookDetails> {
    return {
      hookId: hook.id, kind: hook.type, url: hook.url, httpMethod: hook.http_method, contentType: hook.content_type,
      secret: hook.secret ? this.app.secrets.decrypt(hook.secret) : '',
      authorization: hook.authorization ? this.app.secrets.decrypt(hook.authorization) : '',
      meta: hook.meta,
      targetType: await this.targetType(hook),
    };
  }

  private jobFor(d: HookDetails, settings: BatchSettings, task: HookTaskRecord): DeliveryJob {
    // Field by field, not spread: one fixed shape (the spread of two objects allocated about 5 KB per job here).
    return {
      hookId: d.hookId, taskId: task.id, uuid: task.uuid, eventType: task.event_type, event: groupedEvent(task.event_type), kind: d.kind,
      url: d.url, httpMethod: d.httpMethod, contentType: d.contentType, secret: d.secret, authorization: d.authorization,
      payloadVersion: task.payload_version, payload: task.payload_content, meta: d.meta, targetType: d.targetType, isTest: !!task.is_test,
      timeoutMs: settings.timeoutMs, allowedHosts: settings.allowedHosts,
    };
  }

  private async record(r: DeliveryResult): Promise<void> {
    const ref = { hookId: r.hookId, id: r.taskId };
    const target = this.sentTo.get(keyOf(ref));
    this.sentTo.delete(keyOf(ref));
    if (target !== undefined) this.release(target);
    const retry = !r.succeeded && r.retryable && !this.stopped;
    const outcome = { delivered: Date.now(), is_succeed: r.succeeded, request_content: storedRequest(r.request), response_content: r.response };
    const retryAt = (attempt: number): number | null => {
      // The settings are read only for a failed delivery (not once per result).
      if (!retry || attempt > this.app.settings.int('webhook.MAX_RETRIES')) return null;
      return Date.now() + Math.min(MAX_RETRY_DELAY, this.app.settings.duration('webhook.RETRY_DELAY') * 4 ** (attempt - 1));
    };
    const at = await taskStore.recordOutcome(this.app.store, ref, outcome, retryAt);
    if (typeof at === 'number') this.later(ref, Math.max(0, at - Date.now()));
    // The hooks document is written only when the hook's last status changes (not once per delivery).
    const status = r.succeeded ? 1 : 2;
    if ((await hookStore.peekById(this.app.store, r.hookId))?.last_status !== status) {
      await hookStore.update(this.app.store, r.hookId, (h) => { h.last_status = status; });
    }
  }
}
