/**
 * The main-thread side of delivery. A queue of task references; the worker asks for jobs, and for each one
 * the dispatcher claims a task (marks it delivered, on disk) before handing the worker a self-contained job.
 * Results come back and are recorded. At start the queue is refilled from stored undelivered tasks, in pages.
 */
import type { AppContext } from '../context.ts';
import type { WorkerHandle } from '../../worker/spawn.ts';
import type { DeliveryJob, DeliveryResult, FromWorker } from '../../worker/protocol.ts';
import * as hookStore from '../../store/hooks.ts';
import * as taskStore from '../../store/hook-tasks.ts';
import * as userStore from '../../store/users.ts';
import type { HookRecord } from '../../store/hooks.ts';
import type { HookTaskRecord, TaskRef } from '../../store/hook-tasks.ts';
import { groupedEvent } from './event-types.ts';

const keyOf = (r: TaskRef): string => `${r.hookId}:${r.id}`;

export class WebhookDispatcher {
  private readonly app: AppContext;
  private readonly worker: WorkerHandle;
  private readonly queue: TaskRef[] = [];
  private readonly queued = new Set<string>();
  private readonly writes = new Set<Promise<unknown>>();
  private demand = 0;
  private pumping = false;
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

  /** Queues every stored undelivered task, reading them a page at a time. */
  async refill(pageSize = 100): Promise<void> {
    const hookIds = (await hookStore.list(this.app.store)).map((h) => h.id);
    for await (const page of taskStore.undelivered(this.app.store, hookIds, pageSize)) {
      if (this.stopped) return;
      for (const ref of page) this.enqueue(ref);
    }
  }

  /** Stops claiming; waits for the records being written. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.off();
    this.unsubscribe();
    while (this.writes.size) await Promise.allSettled([...this.writes]);
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
    } else if (msg.type === 'delivery-result') {
      void this.track(this.record(msg.result)).catch((err: unknown) => this.app.log.error('recording a webhook delivery failed', { err: String(err) }));
    }
  }

  private kick(): void {
    if (this.pumping || this.stopped) return;
    this.pumping = true;
    void this.track(this.pump()).catch((err: unknown) => this.app.log.error('webhook queue failed', { err: String(err) }))
      .finally(() => {
        this.pumping = false;
        if (this.demand > 0 && this.queue.length > 0 && !this.stopped) this.kick();
      });
  }

  private async pump(): Promise<void> {
    while (this.demand > 0 && this.queue.length > 0 && !this.stopped) {
      const ref = this.queue.shift()!;
      this.queued.delete(keyOf(ref));
      const hook = await hookStore.getById(this.app.store, ref.hookId);
      if (!hook) continue;
      // Claimed (marked delivered, on disk) before anything is sent: a task is never sent twice.
      const task = await taskStore.claim(this.app.store, ref);
      if (!task) continue;
      if (!hook.active) {
        await this.skipInactive(hook, task);
        continue;
      }
      this.demand -= 1;
      this.worker.send({ type: 'deliver', job: await this.jobFor(hook, task) });
    }
  }

  private async skipInactive(hook: HookRecord, task: HookTaskRecord): Promise<void> {
    this.app.log.info('Hook delivery skipped as webhook is inactive', { hook: hook.id, task: task.uuid });
    await taskStore.update(this.app.store, { hookId: hook.id, id: task.id }, (t) => {
      t.delivered = Date.now();
      t.is_succeed = false;
      t.response_content = { status: 0, headers: {}, body: 'Delivery: skipped, the webhook is inactive' };
    });
    await hookStore.update(this.app.store, hook.id, (h) => { h.last_status = 2; });
  }

  private async targetType(hook: HookRecord): Promise<string> {
    if (hook.is_system_webhook) return 'system';
    if (hook.repo_id) return 'repository';
    if (hook.owner_id) return (await userStore.getById(this.app.store, hook.owner_id))?.type === 'organization' ? 'organization' : 'user';
    return 'default';
  }

  private async jobFor(hook: HookRecord, task: HookTaskRecord): Promise<DeliveryJob> {
    const s = this.app.settings;
    return {
      hookId: hook.id, taskId: task.id, uuid: task.uuid, eventType: task.event_type, event: groupedEvent(task.event_type),
      kind: hook.type, url: hook.url, httpMethod: hook.http_method, contentType: hook.content_type,
      secret: hook.secret ? this.app.secrets.decrypt(hook.secret) : '',
      authorization: hook.authorization ? this.app.secrets.decrypt(hook.authorization) : '',
      payloadVersion: task.payload_version, payload: task.payload_content, meta: hook.meta,
      targetType: await this.targetType(hook),
      isTest: !!task.is_test,
      timeoutMs: s.int('webhook.DELIVER_TIMEOUT') * 1000,
      allowedHosts: s.list('webhook.ALLOWED_HOST_LIST'),
    };
  }

  private async record(r: DeliveryResult): Promise<void> {
    const request = r.request && { ...r.request, headers: { ...r.request.headers } };
    if (request?.headers.Authorization !== undefined) request.headers.Authorization = '******';
    await taskStore.update(this.app.store, { hookId: r.hookId, id: r.taskId }, (t) => {
      t.delivered = Date.now();
      t.is_succeed = r.succeeded;
      t.request_content = request;
      t.response_content = r.response;
    });
    await hookStore.update(this.app.store, r.hookId, (h) => { h.last_status = r.succeeded ? 1 : 2; });
  }
}
