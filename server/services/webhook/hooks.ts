/** Webhook CRUD for repository, user/organization and admin (system or default) hooks, with Gitea's checks. */
import type { AppContext } from '../context.ts';
import * as hookStore from '../../store/hooks.ts';
import * as taskStore from '../../store/hook-tasks.ts';
import type { HookKind, HookRecord } from '../../store/hooks.ts';
import type { RepoRecord } from '../../store/records.ts';
import { BadRequestError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { globProblem } from '../../lib/glob.ts';
import { chooseEvents } from './event-types.ts';
import type { CreateHookOption, EditHookOption } from './options.ts';
import type { HookScope } from './scope.ts';

export type { HookScope } from './scope.ts';

export const HOOK_KINDS: readonly HookKind[] = ['gitea', 'gogs', 'slack', 'discord', 'dingtalk', 'telegram', 'msteams', 'feishu', 'matrix', 'wechatwork', 'packagist'];

export type AdminHookType = 'system' | 'default' | 'all';

/** Config keys that are fields of the hook, not kind settings. */
const FIELD_KEYS = new Set(['url', 'content_type', 'secret', 'http_method', 'is_system_webhook']);
const SLACK_CHANNEL = /^#?[a-z0-9_-]{1,80}$/;

function inScope(h: HookRecord, scope: HookScope): boolean {
  if (scope.kind === 'repo') return h.repo_id === scope.repoId;
  if (scope.kind === 'owner') return h.repo_id === 0 && h.owner_id === scope.ownerId;
  return h.repo_id === 0 && h.owner_id === 0;
}

function checkUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError('Invalid url');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ValidationError('Invalid url');
}

function checkContentType(ct: string): 'json' | 'form' {
  if (ct !== 'json' && ct !== 'form') throw new ValidationError('Invalid content type');
  return ct;
}

function checkBranchFilter(filter: string): void {
  const problem = globProblem(filter);
  if (problem) throw new ValidationError(`Invalid branch filter "${filter}": ${problem}`);
}

function metaOf(kind: HookKind, config: Record<string, string>): Record<string, string> {
  const meta: Record<string, string> = {};
  for (const [k, v] of Object.entries(config)) if (!FIELD_KEYS.has(k)) meta[k] = v;
  if (kind === 'slack') {
    if (meta.channel === undefined) throw new ValidationError('Missing config option: channel');
    meta.channel = meta.channel.trim();
    if (!SLACK_CHANNEL.test(meta.channel)) throw new BadRequestError('Invalid slack channel name');
  }
  return meta;
}

/** Lists the hooks of a scope by id; for admin hooks, `type` picks system, default or both. */
export function listHooks(app: AppContext, scope: HookScope, type: AdminHookType = 'all'): Promise<HookRecord[]> {
  return hookStore.list(app.store, (h) => inScope(h, scope)
    && (scope.kind !== 'admin' || type === 'all' || h.is_system_webhook === (type === 'system')));
}

/** The hook `id` of the scope; 404 when it belongs elsewhere. */
export async function getHook(app: AppContext, scope: HookScope, id: number): Promise<HookRecord> {
  const h = await hookStore.getById(app.store, id);
  if (!h || !inScope(h, scope)) throw new NotFoundError(`webhook ${id} does not exist`);
  return h;
}

/** Creates a hook after Gitea's checks: known type, url and content_type present and valid, a valid glob. */
export async function createHook(app: AppContext, scope: HookScope, opt: CreateHookOption): Promise<HookRecord> {
  if (!HOOK_KINDS.includes(opt.type as HookKind)) throw new ValidationError(`Invalid hook type: ${opt.type}`);
  const kind = opt.type as HookKind;
  for (const name of ['url', 'content_type']) {
    if (opt.config[name] === undefined) throw new ValidationError(`Missing config option: ${name}`);
  }
  const contentType = checkContentType(opt.config.content_type!);
  const url = opt.config.url!;
  checkUrl(url);
  const branchFilter = opt.branch_filter ?? '';
  checkBranchFilter(branchFilter);
  const meta = metaOf(kind, opt.config);
  const now = new Date().toISOString();
  return hookStore.insert(app.store, (id) => ({
    id,
    repo_id: scope.kind === 'repo' ? scope.repoId : 0,
    owner_id: scope.kind === 'owner' ? scope.ownerId : 0,
    is_system_webhook: scope.kind === 'admin' && opt.config.is_system_webhook === 'true',
    type: kind,
    name: opt.name ?? '',
    url,
    http_method: 'POST',
    content_type: contentType,
    secret: opt.config.secret ? app.secrets.encrypt(opt.config.secret) : '',
    authorization: opt.authorization_header ? app.secrets.encrypt(opt.authorization_header) : '',
    events: chooseEvents(opt.events),
    branch_filter: branchFilter,
    active: opt.active ?? false,
    meta,
    last_status: 0,
    created: now,
    updated: now,
  }));
}

function applyConfig(app: AppContext, h: HookRecord, config: Record<string, string>, admin: boolean): void {
  if (config.url !== undefined) {
    checkUrl(config.url);
    h.url = config.url;
  }
  if (config.content_type !== undefined) h.content_type = checkContentType(config.content_type);
  if (config.secret !== undefined) h.secret = config.secret ? app.secrets.encrypt(config.secret) : '';
  if (admin && config.is_system_webhook !== undefined) h.is_system_webhook = config.is_system_webhook === 'true';
  const extra = Object.keys(config).some((k) => !FIELD_KEYS.has(k));
  if (extra) h.meta = { ...h.meta, ...metaOf(h.type, { ...h.meta, ...config }) };
}

/** Changes the fields given; events given as an empty list mean push, as in Gitea. */
export async function editHook(app: AppContext, scope: HookScope, id: number, opt: EditHookOption): Promise<HookRecord> {
  const current = await getHook(app, scope, id);
  if (opt.branch_filter !== undefined) checkBranchFilter(opt.branch_filter);
  const draft = structuredClone(current);
  if (opt.config) applyConfig(app, draft, opt.config, scope.kind === 'admin');
  const updated = await hookStore.update(app.store, id, (h) => {
    Object.assign(h, draft);
    if (opt.events !== undefined) h.events = chooseEvents(opt.events);
    if (opt.branch_filter !== undefined) h.branch_filter = opt.branch_filter;
    if (opt.authorization_header !== undefined) h.authorization = opt.authorization_header ? app.secrets.encrypt(opt.authorization_header) : '';
    if (opt.active !== undefined) h.active = opt.active;
    if (opt.name !== undefined) h.name = opt.name;
    h.updated = new Date().toISOString();
  });
  if (!updated) throw new NotFoundError(`webhook ${id} does not exist`);
  return updated;
}

/** Deletes a hook and its delivery history. */
export async function deleteHook(app: AppContext, scope: HookScope, id: number): Promise<void> {
  await getHook(app, scope, id);
  await hookStore.remove(app.store, id);
  await taskStore.removeHook(app.store, id);
}

/** Deletes every hook of a repository and their history; the repository deletion calls it. */
export async function deleteRepoHooks(app: AppContext, repoId: number): Promise<void> {
  for (const id of await hookStore.removeByRepo(app.store, repoId)) await taskStore.removeHook(app.store, id);
}

/** Deletes the hooks of a user or organization and their history; deleting the owner calls it. */
export async function deleteOwnerHooks(app: AppContext, ownerId: number): Promise<void> {
  for (const id of await hookStore.removeByOwner(app.store, ownerId)) await taskStore.removeHook(app.store, id);
}

/** Copies every default hook into a newly created repository (Gitea's CopyDefaultWebhooksToRepo). */
export async function copyDefaultHooks(app: AppContext, repo: Pick<RepoRecord, 'id'>): Promise<HookRecord[]> {
  const defaults = await hookStore.list(app.store, (h) => h.repo_id === 0 && h.owner_id === 0 && !h.is_system_webhook);
  const now = new Date().toISOString();
  const out: HookRecord[] = [];
  for (const d of defaults) {
    out.push(await hookStore.insert(app.store, (id) => ({ ...d, id, repo_id: repo.id, last_status: 0, created: now, updated: now })));
  }
  return out;
}
