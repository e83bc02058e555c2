/**
 * Hook tasks (one delivery of one event to one hook), partitioned per hook and then by id range, so storing
 * a task rewrites one small document whatever the number already stored (ARCHITECTURE decision 4).
 * A task is addressed by its hook id and its id within that hook.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Store } from './index.ts';
import { PartitionedCollection } from './partitioned.ts';

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
}

export interface TaskRef {
  hookId: number;
  id: number;
}

/** Records per partition document: small, because a task may carry a large payload and response. */
const PARTITION_SIZE = 50;
const collections = new WeakMap<Store, Map<number, PartitionedCollection<HookTaskRecord>>>();

const dirOf = (hookId: number): string => `hook_tasks/${hookId}`;

function tasksOf(store: Store, hookId: number): PartitionedCollection<HookTaskRecord> {
  let byHook = collections.get(store);
  if (!byHook) collections.set(store, (byHook = new Map()));
  let c = byHook.get(hookId);
  if (!c) byHook.set(hookId, (c = new PartitionedCollection<HookTaskRecord>(store.engine, dirOf(hookId), PARTITION_SIZE)));
  return c;
}

/** Stores a new task for the hook; resolves once it is on disk. */
export function insert(store: Store, hookId: number, make: (id: number) => HookTaskRecord): Promise<HookTaskRecord> {
  return tasksOf(store, hookId).insert(make);
}

/** The task, or undefined. */
export const get = (store: Store, ref: TaskRef) => tasksOf(store, ref.hookId).get(ref.id);

/**
 * Marks the task delivered if it is not yet, durably, and returns it; null when it was already delivered
 * (or is gone). The check and the change happen in one step, so two claims never both win.
 */
export async function claim(store: Store, ref: TaskRef): Promise<HookTaskRecord | null> {
  let won = false;
  const rec = await tasksOf(store, ref.hookId).update(ref.id, (t) => {
    if (t.is_delivered) return;
    t.is_delivered = true;
    won = true;
  });
  return won && rec ? rec : null;
}

/** Changes a stored task. */
export const update = (store: Store, ref: TaskRef, mutate: (t: HookTaskRecord) => void) => tasksOf(store, ref.hookId).update(ref.id, mutate);

/** Every task of the hook, newest first. */
export async function listByHook(store: Store, hookId: number): Promise<HookTaskRecord[]> {
  const out: HookTaskRecord[] = [];
  for await (const page of tasksOf(store, hookId).scan('desc')) out.push(...page);
  return out;
}

/** The task of the hook with this uuid, or undefined. */
export async function findByUuid(store: Store, hookId: number, uuid: string): Promise<HookTaskRecord | undefined> {
  for await (const page of tasksOf(store, hookId).scan('desc')) {
    const hit = page.find((t) => t.uuid === uuid);
    if (hit) return hit;
  }
  return undefined;
}

/** Undelivered tasks of the given hooks, oldest first within a hook, in pages of `pageSize` references. */
export async function* undelivered(store: Store, hookIds: number[], pageSize = 100): AsyncGenerator<TaskRef[]> {
  let page: TaskRef[] = [];
  for (const hookId of hookIds) {
    for await (const part of tasksOf(store, hookId).scan('asc')) {
      for (const t of part) {
        if (t.is_delivered) continue;
        page.push({ hookId, id: t.id });
        if (page.length >= pageSize) {
          yield page;
          page = [];
        }
      }
    }
  }
  if (page.length) yield page;
}

/** Deletes delivered tasks of the hook matching `drop`; returns how many went. */
export const removeWhere = (store: Store, hookId: number, drop: (t: HookTaskRecord) => boolean) =>
  tasksOf(store, hookId).deleteWhere((t) => t.is_delivered && drop(t));

/** Deletes every task of a hook (the hook is being deleted). */
export async function removeHook(store: Store, hookId: number): Promise<void> {
  const c = tasksOf(store, hookId);
  for (const n of await c.partitions()) await store.engine.remove(`${dirOf(hookId)}/${n}`);
  collections.get(store)?.delete(hookId);
  await rm(path.join(store.engine.root, dirOf(hookId)), { recursive: true, force: true });
}
