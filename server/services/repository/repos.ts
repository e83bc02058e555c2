/** Repositories: finding, listing and deleting them. Creation is in repo-create.ts, editing in repo-edit.ts. */
import { rm } from 'node:fs/promises';
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as issueStore from '../../store/issues.ts';
import * as repoStore from '../../store/repos.ts';
import * as branchStore from '../../store/branches.ts';
import * as userStore from '../../store/users.ts';
import * as collaboratorStore from '../../store/collaborators.ts';
import * as watchStore from '../../store/watches.ts';
import * as starStore from '../../store/stars.ts';
import { invalidateRepo } from './cache.ts';
import * as transferStore from '../../store/repo-transfers.ts';
import * as protectedBranchStore from '../../store/protected-branches.ts';
import * as reviewStore from '../../store/reviews.ts';
import * as teamStore from '../../store/teams.ts';
import type { TeamRecord } from '../../store/teams.ts';
import { repoAdminChangeTeamAccess } from '../org/orgs.ts';
import { dropRepoAccess } from './collaborators.ts';
import { eventBaseUrl } from './payloads.ts';
import { withRepoLock } from './locks.ts';
import { repoPermission, atLeast, unitMode, ownerVisible, type Permission } from '../permission/permissions.ts';
import type { Permission as WirePermission } from '../../structs/repo.ts';
import { NotFoundError, ValidationError, userNotFound } from '../../lib/errors.ts';
import { limitedToPublic, requireWithinReach } from '../auth/token-reach.ts';
import { isActionsUser } from '../auth/actions-token.ts';
import { keptRead } from '../kept-reads.ts';
import { dropRedirectsTo } from './redirects.ts';
import { listRule, type ListRule, type ReadRule } from './list-access.ts';
import { SORTS, matcher, orderedWalk, type RepoSearch } from './search-filter.ts';

export type { ReadRule } from './list-access.ts';
export type { RepoSearch } from './search-filter.ts';

/** A repository with what a response about it needs: its owner, the viewer's permission, its branch count. */
export interface RepoView {
  repo: RepoRecord;
  owner: UserRecord;
  perm: Permission;
  branchCount: number;
  watchers: number;
  stars: number;
  openIssues: number;
  openPulls: number;
  forks: number;
  /** A fork's source, when the viewer may read it (set by viewOf, which knows the viewer). */
  parent?: RepoView | null;
  /** The transfer waiting for its recipient, with the named teams and their organizations (Gitea's `repo_transfer`). */
  transfer?: ViewTransfer | undefined;
}

/** A pending transfer as a repository response shows it. */
export interface ViewTransfer {
  doer: UserRecord;
  recipient: UserRecord;
  teams: { team: TeamRecord; org: UserRecord; repoAdminChangeTeamAccess: boolean }[];
}

/** A pending transfer with its people, teams and organizations loaded for the repository's response. */
async function viewTransfer(app: AppContext, t: Readonly<transferStore.RepoTransferRecord>): Promise<ViewTransfer | undefined> {
  const [doer, recipient] = [await userStore.getById(app.store, t.doer_id), await userStore.getById(app.store, t.recipient_id)];
  if (!doer || !recipient) return undefined;
  const teams: ViewTransfer['teams'] = [];
  for (const id of t.team_ids) {
    const team = await teamStore.getById(app.store, id);
    const org = team ? await userStore.getById(app.store, team.org_id) : undefined;
    if (team && org) teams.push({ team, org, repoAdminChangeTeamAccess: await repoAdminChangeTeamAccess(app, org) });
  }
  return { doer, recipient, teams };
}

/** Gitea's `permissions` object of a repository response. */
export function apiPermission(perm: Permission): WirePermission {
  return {
    admin: atLeast(perm.mode, 'admin'),
    push: atLeast(unitMode(perm, 'repo.code'), 'write'),
    pull: atLeast(unitMode(perm, 'repo.code'), 'read'),
  };
}

/** The view of `repo` for `viewer`, or null when the viewer may not read it. */
export async function viewOf(app: AppContext, viewer: UserRecord | null, repo: RepoRecord, owner?: UserRecord): Promise<RepoView | null> {
  const o = owner ?? (await userStore.getById(app.store, repo.owner_id));
  if (!o || !(await ownerVisible(app, o, viewer))) return null;
  const perm = await repoPermission(app, viewer, repo);
  if (!atLeast(perm.mode, 'read')) return null;
  return viewOfChecked(app, repo, o, perm, viewer);
}

/** The view of a repository already loaded and checked by the route guard. */
export async function viewOfChecked(app: AppContext, repo: RepoRecord, owner: UserRecord, perm: Permission, viewer?: UserRecord | null): Promise<RepoView> {
  return (await viewsOfChecked(app, [{ repo, owner, perm }], viewer))[0]!;
}

/** A repository already loaded, with its owner and the viewer's permission on it (checked). */
export interface CheckedRepo {
  repo: RepoRecord;
  owner: UserRecord;
  perm: Permission;
}

/**
 * The views of repositories already loaded and checked, in their order. Each store read (issue counters, branch
 * count, watchers, stars, forks, pending transfer) is done once for all of them: a page of ten costs six awaits, not
 * sixty. A fork's parent and a transfer's people are read per repository (few have them).
 */
export async function viewsOfChecked(app: AppContext, items: readonly CheckedRepo[], viewer?: UserRecord | null): Promise<RepoView[]> {
  const ids = items.map((i) => i.repo.id);
  // One after the other: the documents are in memory, and Promise.all would only add its own promises.
  const counters = await issueStore.countersEach(app.store, ids);
  const branches = await branchStore.countEach(app.store, ids);
  const watchers = await watchStore.countByRepoEach(app.store, ids);
  const stars = await starStore.countByRepoEach(app.store, ids);
  const forks = await repoStore.countForksEach(app.store, ids);
  const transfers = await transferStore.peekByRepoEach(app.store, ids);
  const views: RepoView[] = [];
  for (let i = 0; i < items.length; i++) {
    const { repo, owner, perm } = items[i]!;
    const source = repo.is_fork && viewer !== undefined ? await repoStore.getById(app.store, repo.fork_id) : undefined;
    const pending = transfers[i];
    views.push({
      repo, owner, perm, branchCount: branches[i]!, watchers: watchers[i]!, stars: stars[i]!,
      openIssues: counters[i]!.open_issues, openPulls: counters[i]!.open_pulls, forks: forks[i]!,
      transfer: pending ? await viewTransfer(app, pending) : undefined,
      ...(source ? { parent: await viewOf(app, viewer ?? null, source) } : {}),
    });
  }
  return views;
}

/** The user or organization named `name`, or 404 (an admin creating a repository for someone). */
export async function getOwnerOrThrow(app: AppContext, name: string): Promise<UserRecord> {
  const u = await userStore.getByName(app.store, name);
  if (!u) throw new NotFoundError(`The user ${name} does not exist.`);
  return u;
}

/** GET /repositories/{id}: 404 when missing or not readable by `viewer`. */
export async function getRepositoryById(app: AppContext, viewer: UserRecord | null, id: number): Promise<RepoView> {
  const repo = await repoStore.getById(app.store, id);
  const owner = repo ? await userStore.getById(app.store, repo.owner_id) : undefined;
  if (repo && owner) await requireWithinReach(repo, owner, async () => !!(await viewOf(app, viewer, repo)));
  const view = repo ? await viewOf(app, viewer, repo) : null;
  if (!view) throw new NotFoundError(`The repository with id ${id} does not exist.`);
  return view;
}

/** One page of repository views and how many the viewer may read in all. */
export interface RepoPage {
  views: RepoView[];
  total: number;
}

/** Which page to build (1-based); limit 0 builds every readable repository. */
export interface PageRequest {
  page: number;
  limit: number;
}

const ALL: PageRequest = { page: 1, limit: 0 };

/** The rows a list pages through, in order: the next one each call, undefined after the last. */
export type KeyWalk = () => Readonly<repoStore.RepoKey> | undefined;

/** A KeyWalk over an array of keys. */
function walkOf(keys: readonly Readonly<repoStore.RepoKey>[]): KeyWalk {
  let i = 0;
  return () => keys[i++];
}

/**
 * Checks access on every key, counts the readable ones, and builds the full views (viewsOfChecked) for the
 * requested page only. With a ListRule, rows outside the page whose flags show them readable are counted, and
 * page rows whose flags settle the permission are taken, without a lookup or an await. `keys` is an array or a
 * KeyWalk (a search walks the store's kept order, so no row is copied before the page is cut).
 */
export async function pageReadable(
  app: AppContext, keys: readonly Readonly<repoStore.RepoKey>[] | KeyWalk, paging: PageRequest, rule: ReadRule | ListRule,
): Promise<RepoPage> {
  const { exact, quick, meet } = typeof rule === 'function' ? { exact: rule, quick: undefined, meet: undefined } : rule;
  const next = typeof keys === 'function' ? keys : walkOf(keys);
  const owners = new Map<number, UserRecord | undefined>();
  const start = paging.limit > 0 ? (Math.max(1, paging.page) - 1) * paging.limit : 0;
  const end = paging.limit > 0 ? start + paging.limit : Infinity;
  const picked: { id: number; owner: UserRecord; perm: Permission }[] = [];
  let total = 0;
  for (let key = next(); key; key = next()) {
    let owner = owners.get(key.owner_id);
    if (owner === undefined && !owners.has(key.owner_id)) {
      owners.set(key.owner_id, (owner = await userStore.peekById(app.store, key.owner_id)));
      if (owner && meet) await meet(owner);
    }
    if (!owner) continue;
    // A readable row lands at position `total`: only rows of the requested page need their exact permission.
    const inPage = total >= start && total < end;
    const flags = quick?.(key, owner);
    if (flags === null) continue;
    const readable = flags && atLeast(flags.perm.mode, 'read');
    if (flags?.settled && !readable) continue;
    if (readable && !inPage) {
      total += 1;
      continue;
    }
    // A page row the flags settle takes its permission from them; a collaboration or a team may raise the others'.
    const perm = flags?.settled ? flags.perm : await exact(key, owner, inPage);
    if (!perm) continue;
    if (inPage) picked.push({ id: key.id, owner, perm });
    total += 1;
  }
  const records = new Map((await repoStore.peekMany(app.store, picked.map((p) => p.id))).map((r) => [r.id, r]));
  const checked = picked.flatMap((p) => {
    const repo = records.get(p.id);
    return repo ? [{ repo, owner: p.owner, perm: p.perm }] : [];
  });
  return { views: await viewsOfChecked(app, checked), total };
}

/** The repositories of `ids` that `viewer` may read, in the order of `ids` (missing ones left out), one page. */
export async function pageReadableIds(app: AppContext, viewer: UserRecord | null, ids: number[], paging: PageRequest): Promise<RepoPage> {
  return pageReadable(app, await repoStore.peekMany(app.store, ids), paging, await listRule(app, viewer));
}

/** The repositories of `ownerName` that `viewer` may read (GET /users/{username}/repos), one page. */
export async function listUserRepositories(app: AppContext, viewer: UserRecord | null, ownerName: string, paging: PageRequest = ALL): Promise<RepoPage> {
  const owner = await userStore.getByName(app.store, ownerName);
  if (!owner || !(await ownerVisible(app, owner, viewer))) throw userNotFound(ownerName);
  return pageReadable(app, await repoStore.keysByOwner(app.store, owner.id), paging, await listRule(app, viewer));
}

/** The doer's own repositories (GET /user/repos), one page. */
export async function listOwnRepositories(app: AppContext, doer: UserRecord, paging: PageRequest = ALL): Promise<RepoPage> {
  return pageReadable(app, await repoStore.keysByOwner(app.store, doer.id), paging, await listRule(app, doer));
}

/**
 * GET /repos/search: one page of the matching repositories `viewer` may read, sorted (default by name), with the
 * priority owner first, and how many match in all. The sort order is kept by the store between searches, and the
 * page itself between identical searches of the same viewer while nothing changed (services/kept-reads.ts).
 */
export function searchRepositories(app: AppContext, viewer: UserRecord | null, o: RepoSearch, paging: PageRequest = ALL): Promise<RepoPage> {
  // A running task's token reads with its task's grant, which the key would not name: never kept.
  const key = isActionsUser(viewer) ? null : `search|${viewer?.id ?? 0}|${limitedToPublic()}|${paging.page}|${paging.limit}|${JSON.stringify(o)}`;
  return keptRead(app, key, () => buildSearch(app, viewer, o, paging));
}

async function buildSearch(app: AppContext, viewer: UserRecord | null, o: RepoSearch, paging: PageRequest): Promise<RepoPage> {
  const order = o.order || 'asc';
  if (order !== 'asc' && order !== 'desc') throw new ValidationError(`Invalid sort order: "${order}"`);
  const name = o.sort || 'alpha';
  const sort = SORTS[name];
  if (!sort) throw new ValidationError(`Invalid sort mode: "${o.sort ?? ''}"`);
  const collaborations = new Set(o.uid ? (await collaboratorStore.listByUser(app.store, o.uid)).map((c) => c.repo_id) : []);
  const rule = await listRule(app, viewer);
  const rows = await repoStore.ordered(app.store, name, sort);
  const match = matcher(o, collaborations);
  const desc = order === 'desc';
  if (name !== 'stars') return pageReadable(app, orderedWalk(rows, desc, match, o.priority_owner_id), paging, rule);
  const byCount = await byStars(app, collect(orderedWalk(rows, desc, match)), desc);
  return pageReadable(app, orderedWalk(byCount, false, null, o.priority_owner_id), paging, rule);
}

/** Every row a walk gives, in its order (references to the shared rows, not copies). */
function collect<K>(walk: () => K | undefined): K[] {
  const out: K[] = [];
  for (let r = walk(); r; r = walk()) out.push(r);
  return out;
}

/**
 * `keys` (in SORTS.stars' id order, reversed for desc) sorted by star count: the counts come from the stars' repository
 * index, and a stable sort keeps the id order among equal counts, so desc stays the exact reverse of asc.
 */
async function byStars<K extends { id: number }>(app: AppContext, keys: K[], desc: boolean): Promise<K[]> {
  const counts = await starStore.countByRepoEach(app.store, keys.map((k) => k.id));
  const order = keys.map((_, i) => i).sort((a, b) => (desc ? counts[b]! - counts[a]! : counts[a]! - counts[b]!));
  return order.map((i) => keys[i]!);
}

/**
 * Deletes a repository: its record, its branch records and its bare repository directory, then fires the
 * `repository` deleted event. `doer` is the sender of the event (the owner when not given).
 */
export async function deleteRepository(app: AppContext, repo: RepoRecord, doer?: UserRecord, opts: { baseUrl?: string } = {}): Promise<void> {
  const owner = await userStore.getById(app.store, repo.owner_id);
  const gitDir = repoStore.gitDirOf(app.store, repo);
  // A backup's snapshot point sees the record and the files gone together, or both there.
  const lease = await app.point.enter();
  try {
    await withRepoLock(app, repo.id, async () => {
      // 1 - the record first: from here on nobody finds the repository
      await repoStore.remove(app.store, repo.id);
      // 2 - its branch records, watches, stars, collaborators and team grants
      await branchStore.removeAll(app.store, repo.id);
      await watchStore.removeByRepo(app.store, repo.id);
      await starStore.removeByRepo(app.store, repo.id);
      await dropRepoAccess(app, repo.id);
      await transferStore.removeByRepo(app.store, repo.id);
      await protectedBranchStore.removeByRepo(app.store, repo.id);
      await reviewStore.removeByRepo(app.store, repo.id);
      await dropRedirectsTo(app, repo.id);
      // 3 - the cached reads and the object reader (an open reader would hold the files on some systems), then the files
      invalidateRepo(app, repo.id);
      await app.point.removeDir(gitDir, () => rm(gitDir, { recursive: true, force: true, maxRetries: 3 }));
      // its wiki repository beside it, when there is one
      const wikiDir = repoStore.wikiGitDirOf(app.store, repo);
      await app.point.removeDir(wikiDir, () => rm(wikiDir, { recursive: true, force: true, maxRetries: 3 }));
    });
  } finally {
    lease();
  }
  // 4 - the features that follow (the `repository` deleted hook event, then the repository's own hooks; mirror records)
  await app.bus.publish('repo.deleted', { repo, owner: owner ?? null, doer: doer ?? owner ?? null, baseUrl: eventBaseUrl(app, opts.baseUrl) });
}
