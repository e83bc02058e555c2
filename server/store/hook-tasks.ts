/**
 * Hook tasks (one delivery of one event to one hook). Each hook's tasks are append-only logs per range of 50
 * ids (engine/log-collection.ts): storing a task appends it once; claiming it and recording its delivery
 * append a few fields, so a delivery writes about its own size, not its partition's three times.
 * Undelivered tasks are listed in a pending index (pending-tasks.ts), so the start-up refill and the
 * status page's count never read delivered tasks. A task is addressed by its hook id and its id within that hook.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Store } from './index.ts';
import { LogCollection } from './engine/log-collection.ts';
import { pendingOf, type PendingIndex } from './pending-tasks.ts';

export interface DeliveryRequest {
  url: string;
  http_method: string;
  headers: Record<string, string>;
  body: string;
}

export interface DeliveryResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface HookTaskRecord {
  id: number;
  hook_id: number;
  uuid: string;
  /** payload_version 2: the raw event JSON; 1: the body exactly as it is to be sent. */
  payload_content: string;
  payload_version: 1 | 2;
  event_type: string;
  is_delivered: boolean;
  /** Unix milliseconds: the creation time until the delivery completes, then the completion time. */
  delivered: number;
  is_succeed: boolean;
  request_content: DeliveryRequest | null;
  response_content: DeliveryResponse | null;
  /** Homeforge: how many times this task has been sent (absent on tasks stored before retries: read as 0). */
  attempt?: number;
  /** Homeforge: unix milliseconds of the next send after a failed one, or null when none is scheduled. */
  next_retry?: number | null;
  /** True for a test delivery (the API's hook test), never for a real event. */
  is_test?: boolean;
}

export interface TaskRef {
  hookId: number;
  id: number;
}

/** Task ids per log partition. */
const PARTITION_SIZE = 50;
/**
 * The most of a response body kept with a delivery: 64 KiB. Gitea keeps the whole body; a desktop host keeps
 * enough to read an error page, not a megabyte per delivery.
 */
export const MAX_STORED_RESPONSE_BODY = 64 * 1024;

const collections = new WeakMap<Store, Map<number, LogCollection<HookTaskRecord>>>();

const dirOf = (hookId: number): string => `hook_tasks/${hookId}`;

function tasksOf(store: Store, hookId: number): LogCollection<HookTaskRecord> {
  let byHook = collections.get(store);
  if (!byHook) collections.set(store, (byHook = new Map()));
  let c = byHook.get(hookId);
  if (!c) byHook.set(hookId, (c = store.engine.adopt(new LogCollection<HookTaskRecord>(path.join(store.engine.root, dirOf(hookId)), PARTITION_SIZE))));
  return c;
}

const indexes = new WeakMap<Store, Promise<PendingIndex>>();

/** The store's pending index, opened once, with the tasks a kill left unlisted put back (recover). */
function indexOf(store: Store): Promise<PendingIndex> {
  let p = indexes.get(store);
  if (!p) {
    p = pendingOf(store).then(async (idx) => { await recover(store, idx); return idx; });
    indexes.set(store, p);
    p.catch(() => indexes.delete(store));
  }
  return p;
}

/**
 * Lists the undelivered tasks whose index line a kill lost: only each hook's tasks from its checkpoint on are
 * read (the partitions holding them), never the tasks below it.
 */
async function recover(store: Store, idx: PendingIndex): Promise<void> {
  for (const [hookId, from] of idx.checkpointed()) {
    const c = tasksOf(store, hookId);
    let next = from;
    for (const n of (await c.partitions()).filter((p) => p >= Math.floor(from / PARTITION_SIZE))) {
      for (const t of await c.peekPartition(n)) {
        if (t.id < from) continue;
        next = Math.max(next, t.id + 1);
        if ((!t.is_delivered || t.next_retry) && !idx.has({ hookId, id: t.id })) await idx.add({ hookId, id: t.id });
      }
    }
    idx.recovered(hookId, next);
  }
}

/** A response as stored: the body cut to MAX_STORED_RESPONSE_BODY characters. */
function capped(r: DeliveryResponse | null | undefined): DeliveryResponse | null {
  if (!r) return null;
  return r.body.length > MAX_STORED_RESPONSE_BODY ? { ...r, body: r.body.slice(0, MAX_STORED_RESPONSE_BODY) } : r;
}

/**
 * The request as stored: a body that is the task's payload (gitea and gogs hooks, JSON) is not written a second
 * time but marked, and read back from the payload. Every delivery thus stores its body once.
 */
export type StoredRequest = DeliveryRequest & { body_is_payload?: true };

function packRequest(r: DeliveryRequest | null, payload: string): StoredRequest | null {
  if (!r || !r.body || r.body !== payload) return r;
  return { ...r, body: '', body_is_payload: true };
}

/** The task as callers see it (the request's body filled in from the payload). */
function unpacked(t: HookTaskRecord): HookTaskRecord;
function unpacked(t: HookTaskRecord | undefined): HookTaskRecord | undefined;
function unpacked(t: HookTaskRecord | undefined): HookTaskRecord | undefined {
  const r = t?.request_content as StoredRequest | null | undefined;
  if (!t || !r?.body_is_payload) return t;
  return { ...t, request_content: { url: r.url, http_method: r.http_method, headers: r.headers, body: t.payload_content } };
}

/**
 * Stores a new task for the hook; resolves once it is on disk and in the pending index. The task and its index
 * line are written at once (two files, their syncs side by side): a kill between them leaves either an entry
 * without a task (dropped at its claim) or a task above its hook's checkpoint, which start-up lists again.
 */
export async function insert(store: Store, hookId: number, make: (id: number) => HookTaskRecord): Promise<HookTaskRecord> {
  const pending = await indexOf(store);
  let id = 0;
  let key = '';
  let listed: Promise<void> | null = null;
  try {
    const rec = await tasksOf(store, hookId).insert((n) => {
      const t = make(n);
      return { ...t, request_content: packRequest(t.request_content, t.payload_content), response_content: capped(t.response_content) };
    }, async (task) => {
      await pending.ready(hookId);
      if (task.is_delivered) return;
      key = `${hookId}:${task.id}`;
      inserting.add(key);
      listed = pending.add({ hookId, id: task.id });
      listed.catch(() => undefined);
    }, (n) => { id = n; pending.begin(hookId, n); });
    if (listed) await listed;
    pending.end(hookId, id);
    return unpacked(rec);
  } catch (err) {
    // Only a line that failed keeps the checkpoint below this task (the next start looks at it again).
    if (listed) await (listed as Promise<void>).then(() => pending.end(hookId, id), () => undefined);
    else if (id) pending.end(hookId, id);
    throw err;
  } finally {
    if (key) inserting.delete(key);
  }
}

/** Tasks in the pending index whose record is still being written (a claim now would drop them). */
const inserting = new Set<string>();

/** The task, or undefined. */
export const get = async (store: Store, ref: TaskRef) => unpacked(await tasksOf(store, ref.hookId).get(ref.id));

/**
 * Marks the task delivered if it is not yet, durably, and returns it (not a copy: read it, never change it; a
 * claim per delivery copied the payload each time); null when it was already delivered
 * (or is gone). The check and the change happen in one step, so two claims never both win.
 */
export async function claim(store: Store, ref: TaskRef): Promise<HookTaskRecord | null> {
  // Not on disk yet: left pending; its `stored` event queues it again.
  if (inserting.has(`${ref.hookId}:${ref.id}`)) return null;
  // A failed delivery with a retry scheduled is claimable again; claiming counts the attempt and clears the schedule.
  const rec = await tasksOf(store, ref.hookId).set(ref.id, (t) => (t.is_delivered && !t.next_retry ? null : { is_delivered: true, attempt: (t.attempt ?? 0) + 1, next_retry: null }), { copy: false });
  // Claimed (or found delivered by an earlier run): either way it no longer waits. Not awaited: the claim is on
  // disk in the task's own record, so a lost removal only leaves an entry the next start drops at its claim,
  // and the job need not wait behind the index's writes.
  void (await indexOf(store)).remove(ref).catch(() => undefined);
  return rec ? unpacked(rec) : null;
}

/** What a delivery's outcome records. */
export interface Outcome {
  delivered: number;
  is_succeed: boolean;
  /** A request whose body was the payload may come marked (`body_is_payload`, body "") instead of carrying it. */
  request_content: StoredRequest | null;
  response_content: DeliveryResponse | null;
}

/**
 * Records a delivery's outcome by appending its four fields (no copy of the task is made or compared). `retryAt`
 * gets the attempt just made and returns when to send again, or null: then the outcome and the schedule are
 * synced and the task waits in the pending index again; otherwise the outcome is written as `update` with
 * `sync: false` does. Returns the time of the next attempt, or null; undefined when the task is gone.
 */
export async function recordOutcome(store: Store, ref: TaskRef, o: Outcome, retryAt: (attempt: number) => number | null): Promise<number | null | undefined> {
  const c = tasksOf(store, ref.hookId);
  const stored = await c.peek(ref.id);
  if (!stored) return undefined;
  const at = retryAt(stored.attempt ?? 1);
  const rec = await c.set(ref.id, (t) => ({
    ...o, request_content: packRequest(o.request_content, t.payload_content), response_content: capped(o.response_content), ...(at === null ? {} : { next_retry: at }),
  }), { sync: at !== null, copy: false });
  if (!rec) return undefined;
  if (at !== null) await (await indexOf(store)).add(ref);
  return at;
}

/**
 * Changes a stored task (appends the changed fields; a response body is capped). `sync: false` for a delivery's
 * final outcome: written at once but synced with the next write to the partition, so a delivery costs two synced
 * pages instead of three; a power cut in between loses only what the receiver answered, never the claim.
 */
export async function update(store: Store, ref: TaskRef, mutate: (t: HookTaskRecord) => void, opts: { sync?: boolean } = {}): Promise<HookTaskRecord | undefined> {
  const rec = await tasksOf(store, ref.hookId).set(ref.id, (stored) => {
    const t = unpacked(stored as HookTaskRecord);
    const next = structuredClone(t);
    mutate(next);
    next.response_content = capped(next.response_content);
    const fields: Partial<HookTaskRecord> = {};
    for (const k of Object.keys(next) as (keyof HookTaskRecord)[]) {
      if (JSON.stringify(next[k]) !== JSON.stringify(t[k])) Object.assign(fields, { [k]: next[k] });
    }
    if ('request_content' in fields || 'payload_content' in fields) fields.request_content = packRequest(next.request_content, next.payload_content);
    return Object.keys(fields).length ? fields : null;
  }, opts);
  return rec ? unpacked(rec) : get(store, ref);
}

/** Records a failed delivery and schedules its next attempt at `at` (unix ms): the task waits in the pending index again. */
export async function scheduleRetry(store: Store, ref: TaskRef, at: number, mutate: (t: HookTaskRecord) => void): Promise<HookTaskRecord | undefined> {
  const rec = await update(store, ref, (t) => {
    mutate(t);
    t.next_retry = at;
  });
  if (rec) await (await indexOf(store)).add(ref);
  return rec;
}

/** Every task of the hook, newest first. */
export async function listByHook(store: Store, hookId: number): Promise<HookTaskRecord[]> {
  const c = tasksOf(store, hookId);
  const out: HookTaskRecord[] = [];
  for (const n of (await c.partitions()).reverse()) out.push(...(await c.peekPartition(n)).reverse().map((t) => unpacked(structuredClone(t))));
  return out;
}

/** The task of the hook with this uuid, or undefined. */
export async function findByUuid(store: Store, hookId: number, uuid: string): Promise<HookTaskRecord | undefined> {
  const c = tasksOf(store, hookId);
  for (const n of (await c.partitions()).reverse()) {
    const hit = (await c.peekPartition(n)).find((t) => t.uuid === uuid);
    if (hit) return unpacked(structuredClone(hit));
  }
  return undefined;
}

/** Waits for the pending index's writes that claims did not wait for. */
export async function settled(store: Store): Promise<void> {
  await (await indexOf(store)).settled();
}

/** Undelivered tasks of the given hooks, oldest first within a hook, in pages of `pageSize` references (read from the pending index only). */
export async function* undelivered(store: Store, hookIds: number[], pageSize = 100): AsyncGenerator<TaskRef[]> {
  const refs = (await indexOf(store)).list(new Set(hookIds));
  for (let i = 0; i < refs.length; i += pageSize) yield refs.slice(i, i + pageSize);
}

/** How many stored tasks wait for delivery (a number kept with the index, not a scan). */
export async function pendingCount(store: Store, hookIds?: number[]): Promise<number> {
  const pending = await indexOf(store);
  return hookIds ? pending.count(hookIds) : pending.size;
}

/** Deletes delivered tasks of the hook matching `drop`; returns how many went. */
export const removeWhere = (store: Store, hookId: number, drop: (t: HookTaskRecord) => boolean) =>
  tasksOf(store, hookId).deleteWhere((t) => t.is_delivered && drop(t));

/** Deletes every task of a hook (the hook is being deleted). */
export async function removeHook(store: Store, hookId: number): Promise<void> {
  const tasks = collections.get(store)?.get(hookId);
  collections.get(store)?.delete(hookId);
  if (tasks) store.engine.unadopt(tasks);
  await (await indexOf(store)).removeHook(hookId);
  // A delivery's result may still be on its way into the folder (measured: rmdir failed with ENOTEMPTY under load).
  await tasks?.settled();
  await rm(path.join(store.engine.root, dirOf(hookId)), { recursive: true, force: true, maxRetries: 3 });
}
