/**
 * Turns an event into hook tasks (Gitea's PrepareWebhooks): the repository's active hooks, then the owner's
 * (user or organization) active hooks, then the active system hooks; each that wants the event and whose
 * branch filter matches gets a task with the raw event (payload_version 2), stored before it is queued.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { EventScope, HookEvent } from '../events/bus.ts';
import * as hookStore from '../../store/hooks.ts';
import * as taskStore from '../../store/hook-tasks.ts';
import type { HookRecord } from '../../store/hooks.ts';
import type { HookTaskRecord } from '../../store/hook-tasks.ts';
import { globMatch } from '../../lib/glob.ts';
import { hasEvent } from './event-types.ts';

const REF_EVENTS = new Set(['push', 'create', 'delete']);

/** The name a branch filter is matched against: the short name of a branch, the full name of another ref. */
function refTarget(event: HookEvent): string | null {
  const p = event.payload;
  const ref = typeof p.ref === 'string' ? p.ref : '';
  let full = ref;
  if (event.name !== 'push') full = p.ref_type === 'tag' ? `refs/tags/${ref}` : `refs/heads/${ref}`;
  if (!ref) return event.branch ?? null;
  return full.startsWith('refs/heads/') ? full.slice('refs/heads/'.length) : full;
}

/** Whether the hook's branch filter lets the event through (only push, create and delete carry a ref). */
export function branchMatches(filter: string, event: HookEvent): boolean {
  if (!REF_EVENTS.has(event.name) || filter === '' || filter === '*' || filter === '**') return true;
  const target = refTarget(event);
  if (target === null) return true;
  // Linear-time matching, each filter compiled once; a malformed filter matches nothing, as in Gitea.
  return globMatch(filter, target);
}

function wants(h: Readonly<HookRecord>, event: HookEvent): boolean {
  if (!h.active || !hasEvent(h.events, event.name) || !branchMatches(h.branch_filter, event)) return false;
  // Gitea spares chat kinds a "0 new commits" message; gitea and gogs still get the push.
  const commits = event.payload.commits;
  return !(event.name === 'push' && h.type !== 'gitea' && h.type !== 'gogs' && Array.isArray(commits) && commits.length === 0);
}

type HookPlace = 'repo' | 'owner' | 'system';

/** Where a hook stands for an event of `repoId` owned by `ownerId` (Gitea's order: repo, owner, system), or null. */
function placeOf(h: Readonly<HookRecord>, repoId: number | null, ownerId: number): HookPlace | null {
  if (h.repo_id !== 0) return repoId !== null && h.repo_id === repoId ? 'repo' : null;
  if (h.owner_id !== 0) return h.owner_id === ownerId ? 'owner' : null;
  return h.is_system_webhook ? 'system' : null;
}

/** Whether a hook of the repository, its owner or the system would take an event of that name at all (branch filter aside). */
export async function anyHookFor(app: AppContext, scope: EventScope): Promise<boolean> {
  const hooks = await hookStore.peekList(app.store, (h) => h.active && hasEvent(h.events, scope.name) && placeOf(h, scope.repoId, scope.ownerId) !== null);
  return hooks.length > 0;
}

/** The hooks an event goes to, in Gitea's order. */
export async function hooksFor(app: AppContext, event: HookEvent): Promise<Readonly<HookRecord>[]> {
  const all = await hookStore.peekList(app.store, (h) => h.active);
  const at = (place: HookPlace) => all.filter((h) => placeOf(h, event.repoId, event.ownerId) === place);
  return [...at('repo'), ...at('owner'), ...at('system')].filter((h) => wants(h, event));
}

/** Stores one task for the hook, then tells the bus (the dispatcher queues it when delivery runs). */
export async function storeTask(app: AppContext, hookId: number, fields: Pick<HookTaskRecord, 'event_type' | 'payload_content' | 'payload_version' | 'is_test'>): Promise<HookTaskRecord> {
  const task = await taskStore.insert(app.store, hookId, (id) => ({
    id, hook_id: hookId, uuid: randomUUID(), ...fields, is_delivered: false, delivered: Date.now(), is_succeed: false, request_content: null, response_content: null,
  }));
  await app.bus.publish('hook_task.stored', { hookId, id: task.id });
  return task;
}

/** The event listener: persists a task per interested hook; resolves once all are on disk. */
export async function prepareEvent(app: AppContext, event: HookEvent): Promise<void> {
  const hooks = await hooksFor(app, event);
  if (hooks.length === 0) return;
  const payload = JSON.stringify(event.payload, null, 2);
  await Promise.all(hooks.map((h) => storeTask(app, h.id, { event_type: event.name, payload_content: payload, payload_version: 2 })));
}
