/**
 * Reading activity feeds (Gitea's GetFeeds, models/activities/action.go activityQueryCondition): a user's or an
 * organization's feed, a team's (its organization's feed limited to the team's repositories), or a repository's own
 * actions. What the viewer may read is decided now, not when the action was recorded: the repository must be
 * readable, the actor visible with its activity not kept private, and private repositories' actions appear only where
 * the route allows them.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { TeamRecord } from '../../store/teams.ts';
import * as feedStore from '../../store/feed-actions.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import * as teamStore from '../../store/teams.ts';
import * as orgMemberStore from '../../store/org-members.ts';
import * as commentStore from '../../store/issue-comments.ts';
import { userOrGhost } from '../issue/view.ts';
import type { ActivityParts } from '../../convert/activity.ts';
import { atLeast, canReadAny, repoPermission, unitMode, type Permission } from '../permission/permissions.ts';
import { unitOfOp } from './record.ts';

export interface FeedRequest {
  viewer: UserRecord | null;
  /** The viewer's token reaches public data only. */
  publicOnly: boolean;
  /** Actions of private repositories are listed (the route's IncludePrivate). */
  includePrivate: boolean;
  /** Gitea's `date` (YYYY-MM-DD): only that day's actions; anything else is ignored, as Gitea's. */
  date?: string | undefined;
  onlyPerformedBy?: boolean | undefined;
  page: number;
  limit: number;
}

/** Whose feed: a user or organization, a team of an organization, or a repository. */
export type FeedTarget = { user: UserRecord } | { team: TeamRecord; org: UserRecord } | { repo: RepoRecord };

/** A listed action with what its answer needs (the repository, its owner, the actor, the comment) and the viewer's permission. */
export interface FeedItem extends ActivityParts {
  perm: Permission;
}

export interface FeedPage {
  items: FeedItem[];
  total: number;
}

interface Readable {
  repo: RepoRecord;
  owner: UserRecord;
  perm: Permission;
  /** The units this viewer may read, as asked (one permission check per unit and page). */
  units: Map<string, boolean>;
}

/** The day of `date` in the host's time zone (Gitea's DefaultUILocation), or null when it is not YYYY-MM-DD. */
function dayRange(date: string | undefined): [number, number] | null {
  const m = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!m) return null;
  const low = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (Number.isNaN(low.getTime()) || low.getDate() !== Number(m[3])) return null;
  const start = Math.floor(low.getTime() / 1000);
  return [start, start + 86_399];
}

const FULL: Permission = Object.freeze({ mode: 'owner', units: Object.freeze({}) }) as Permission;

/** The repositories of `ids` the viewer may read now, with their owners and the viewer's permission. */
async function readableRepos(app: AppContext, ids: Set<number>, r: FeedRequest, only: Set<number> | null): Promise<Map<number, Readable>> {
  const out = new Map<number, Readable>();
  for (const repo of await repoStore.peekMany(app.store, [...ids].filter((id) => !only || only.has(id)))) {
    if (!r.includePrivate && repo.is_private) continue;
    const owner = await userStore.peekById(app.store, repo.owner_id);
    if (!owner) continue;
    if (r.publicOnly && (repo.is_private || owner.visibility !== 'public')) continue;
    const perm = r.viewer?.is_admin ? FULL : await repoPermission(app, r.viewer, repo, owner);
    if (r.viewer?.is_admin || canReadAny(perm)) out.set(repo.id, { repo, owner, perm, units: new Map() });
  }
  return out;
}

/**
 * The actors whose actions the viewer may see: public ones with visible activity to everyone; limited ones too when
 * signed in; the viewer itself; on an organization's feed the organization; on a user's feed that user's organizations.
 */
async function visibleActors(app: AppContext, ids: Set<number>, r: FeedRequest, feedOwner: UserRecord | null): Promise<Map<number, UserRecord>> {
  const out = new Map<number, UserRecord>();
  const signedIn = r.viewer && !r.publicOnly ? r.viewer : null;
  const orgsOfOwner = signedIn && feedOwner?.type === 'individual'
    ? new Set((await orgMemberStore.listByUser(app.store, feedOwner.id)).map((m) => m.org_id)) : new Set<number>();
  for (const id of ids) {
    const u = await userStore.peekById(app.store, id);
    if (!u) continue;
    const open = !u.hide_activity && (u.visibility === 'public' || (!!signedIn && u.visibility === 'limited'));
    const own = !!signedIn && (signedIn.is_admin || u.id === signedIn.id || (feedOwner?.type === 'organization' && u.id === feedOwner.id) || (u.type === 'organization' && orgsOfOwner.has(u.id)));
    if (open || own) out.set(id, u);
  }
  return out;
}

/** Whether the viewer may read the unit an action concerns (an issue's title, a comment, a push), as of now. */
function unitReadable(readable: Readable, op: feedStore.FeedOpType): boolean {
  const unit = unitOfOp(op);
  if (!unit || readable.perm === FULL) return true;
  let known = readable.units.get(unit);
  if (known === undefined) readable.units.set(unit, (known = atLeast(unitMode(readable.perm, unit), 'read')));
  return known;
}

/** The repositories a team may see in its organization's feed. */
async function teamRepoIds(app: AppContext, team: TeamRecord): Promise<Set<number>> {
  if (team.includes_all_repositories) return new Set((await repoStore.listByOwner(app.store, team.org_id)).map((x) => x.id));
  return new Set(await teamStore.repoIds(app.store, team.id));
}

/** One page of a feed as the viewer may see it, newest first, with the total. */
export async function listFeed(app: AppContext, target: FeedTarget, r: FeedRequest): Promise<FeedPage> {
  const feedOwner = 'user' in target ? target.user : 'org' in target ? target.org : null;
  const source: feedStore.FeedSource = feedOwner ? { userId: feedOwner.id } : { repoId: (target as { repo: RepoRecord }).repo.id };
  const parties = await feedStore.partiesOf(app.store, source);
  const only = 'team' in target ? await teamRepoIds(app, target.team) : null;
  const repos = await readableRepos(app, parties.repoIds, r, only);
  const actors = await visibleActors(app, parties.actorIds, r, feedOwner);
  const day = dayRange(r.date);
  const performer = r.onlyPerformedBy && feedOwner ? feedOwner.id : 0;
  const found = await feedStore.page(app.store, source, (repoId, actorId, at, op) =>
    repos.has(repoId) && actors.has(actorId) && (!performer || actorId === performer) && (!day || (at >= day[0] && at <= day[1]))
    && unitReadable(repos.get(repoId)!, op), { page: r.page, limit: r.limit });
  const items: FeedItem[] = [];
  for (const action of found.rows) {
    const c = action.comment_id ? await commentStore.get(app.store, action.comment_id) : undefined;
    const comment = c && c.repo_id === action.repo_id ? { record: c, poster: await userOrGhost(app, c.poster_id) } : undefined;
    items.push({ action, ...repos.get(action.repo_id)!, actor: actors.get(action.act_user_id)!, comment });
  }
  return { items, total: found.total };
}

/** Whether the viewer sees private actions on an organization's feed (Gitea: site admins and members). */
export async function orgFeedIncludesPrivate(app: AppContext, org: UserRecord, viewer: UserRecord | null): Promise<boolean> {
  if (!viewer) return false;
  return viewer.is_admin || orgMemberStore.isMember(app.store, org.id, viewer.id);
}

