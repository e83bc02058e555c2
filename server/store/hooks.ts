/**
 * Webhook records: repository hooks (repo_id), user and organization hooks (owner_id), and admin hooks
 * (neither: a system hook when is_system_webhook, else a default hook copied into new repositories).
 */
import type { Store } from './index.ts';
import { Table } from './engine/table.ts';

export type HookKind = 'gitea' | 'gogs' | 'slack' | 'discord' | 'dingtalk' | 'telegram' | 'msteams' | 'feishu'
  | 'matrix' | 'wechatwork' | 'packagist';

export interface HookRecord {
  id: number;
  /** 0 unless a repository hook. */
  repo_id: number;
  /** 0 unless a user or organization hook. */
  owner_id: number;
  is_system_webhook: boolean;
  type: HookKind;
  name: string;
  url: string;
  http_method: 'POST' | 'PUT' | 'GET';
  content_type: 'json' | 'form';
  /** Signing secret, encrypted with the data dir's key; "" when none. */
  secret: string;
  /** The Authorization header value, encrypted with the data dir's key; "" when none. */
  authorization: string;
  /** Enabled HookEvents keys (Gitea's stored events map, the true ones). */
  events: string[];
  branch_filter: string;
  active: boolean;
  /** Kind-specific settings (slack channel, username, icon_url, color; packagist package_url ...). */
  meta: Record<string, string>;
  /** 0 none yet, 1 last delivery succeeded, 2 it failed (Gitea's HookStatus). */
  last_status: 0 | 1 | 2;
  created: string;
  updated: string;
}

const table = new Table<HookRecord>('hooks', { indexes: [{ name: 'repo', key: (h) => (h.repo_id ? String(h.repo_id) : null) }] });

export const getById = (store: Store, id: number) => table.get(store, id);
/** The hook for read-only use: a frozen copy shared until the hook is written (a new one after each write). */
export const peekById = (store: Store, id: number) => table.peek(store, id);
export const list = (store: Store, where?: (h: HookRecord) => boolean) => table.list(store, where);
/** The hooks matching `where`, for read-only use (see peekById): each event's hook lookup copies no hook. */
export const peekList = (store: Store, where?: (h: Readonly<HookRecord>) => boolean) => table.peekList(store, where);
export const insert = (store: Store, make: (id: number) => HookRecord) => table.insert(store, make);
export const update = (store: Store, id: number, mutate: (h: HookRecord) => void) => table.update(store, id, mutate);
export const remove = (store: Store, id: number) => table.remove(store, id);

/** Removes the hooks matching `where`; returns their ids. */
async function removeMatching(store: Store, where: (h: HookRecord) => boolean): Promise<number[]> {
  const ids = (await table.list(store, where)).map((h) => h.id);
  await table.removeWhere(store, where);
  return ids;
}

/** Removes every hook of a repository (when the repository is deleted); returns their ids. */
export const removeByRepo = (store: Store, repoId: number): Promise<number[]> => removeMatching(store, (h) => h.repo_id === repoId);

/** Removes the user or organization hooks of an owner (when the owner is deleted); returns their ids. */
export const removeByOwner = (store: Store, ownerId: number): Promise<number[]> =>
  removeMatching(store, (h) => h.repo_id === 0 && h.owner_id === ownerId);
