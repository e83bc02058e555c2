/**
 * Fast seeding of large stores for the store benchmark: partition documents written directly in the format
 * `PartitionedCollection` reads (`{ next_id, records }` per id range), ids 1..count.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openStore, type Store } from '../../../server/store/index.ts';
import { api, ADMIN, startHostProcess } from './proc.ts';
import type { HookTaskRecord } from '../../../server/store/hook-tasks.ts';
import { pushPayload } from '../../webhooks/fixtures.ts';

/** Records per hook-task partition, as `server/store/hook-tasks.ts` lays them out (checked after seeding). */
export const TASK_PARTITION = 50;
/** The issues layout measured here: one collection per repository, 100 issues per partition. */
export const ISSUE_PARTITION = 100;

export interface IssueRecord {
  id: number;
  repo_id: number;
  index: number;
  poster_id: number;
  title: string;
  body: string;
  is_closed: boolean;
  is_pull: boolean;
  label_ids: number[];
  milestone_id: number;
  assignee_ids: number[];
  num_comments: number;
  created: string;
  updated: string;
}

const PAYLOAD = JSON.stringify(pushPayload('main'), null, 2);
const BODY = 'Steps to reproduce: clone, push, open the page. '.repeat(10);

/** A delivered hook task as the webhook code stores it: raw event, request sent and response received. */
export const hookTask = (hookId: number) => (id: number): HookTaskRecord => ({
  id, hook_id: hookId, uuid: randomUUID(), payload_content: PAYLOAD, payload_version: 2, event_type: 'push',
  is_delivered: true, delivered: Date.now(), is_succeed: true,
  request_content: { url: 'http://127.0.0.1:9/hook', http_method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Gitea-Event': 'push', 'X-Gitea-Delivery': randomUUID() }, body: PAYLOAD },
  response_content: { status: 200, headers: { 'Content-Type': 'text/plain' }, body: 'ok' },
});

/** An issue of the shape an issues store would hold. */
export const issue = (repoId: number) => (id: number): IssueRecord => ({
  id, repo_id: repoId, index: id, poster_id: 1, title: `Issue number ${id} about the push page`, body: BODY, is_closed: id % 3 === 0,
  is_pull: false, label_ids: [1, 2], milestone_id: 0, assignee_ids: [1], num_comments: 2, created: new Date(0).toISOString(), updated: new Date(0).toISOString(),
});

/** Writes `count` records (ids 1..count) into partition documents of `size` under `<store>/<dir>`. */
export async function seedPartitions<R>(store: Store, dir: string, size: number, count: number, make: (id: number) => R): Promise<void> {
  const root = path.join(store.engine.root, dir);
  await mkdir(root, { recursive: true });
  const writes: Promise<void>[] = [];
  for (let n = 0; n * size <= count; n++) {
    const records: Record<string, R> = {};
    const last = Math.min(count, (n + 1) * size - 1);
    for (let id = Math.max(1, n * size); id <= last; id++) records[String(id)] = make(id);
    if (!Object.keys(records).length) continue;
    writes.push(writeFile(path.join(root, `${n}.json`), JSON.stringify({ next_id: last + 1, records })));
    if (writes.length >= 64) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
}

/**
 * A data dir with the administrator and one user hook (made by a real host, then stopped), and `count` hook tasks
 * of that hook seeded; returns the opened store and the hook's id.
 */
export async function dataDirWithHookTasks(dir: string, count: number): Promise<{ store: Store; hookId: number }> {
  const host = await startHostProcess(dir);
  let hookId: number;
  try {
    const hook = await api(host.url, 'POST', '/user/hooks', [ADMIN.username, ADMIN.password], {
      type: 'gitea', active: true, events: ['push'], config: { url: 'http://127.0.0.1:9/hook', content_type: 'json' },
    });
    hookId = (hook as { id: number }).id;
  } finally {
    await host.stop();
  }
  const store = await openStore(dir);
  await seedPartitions(store, `hook_tasks/${hookId}`, TASK_PARTITION, count, hookTask(hookId));
  return { store, hookId };
}
