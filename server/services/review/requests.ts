/**
 * Review requests (Gitea's CreatePullReviewRequests / DeletePullReviewRequests): a request is a review record of
 * type REQUEST_REVIEW; a user's later review answers it. Each request and removal is published for the webhooks,
 * a team's once per member as Gitea does.
 */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import type { TeamRecord } from '../../store/teams.ts';
import type { IssueScope } from '../issue/issues.ts';
import type { ReviewRecord } from '../../store/reviews.ts';
import * as reviewStore from '../../store/reviews.ts';
import * as userStore from '../../store/users.ts';
import * as teamStore from '../../store/teams.ts';
import { ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { atLeast, repoPermission, unitMode } from '../permission/permissions.ts';
import { teamHasRepo } from '../org/teams.ts';
import { getPull, type Pull } from '../pull/pulls.ts';

/** Each user's latest review record of the pull request (pending reviews left out), by user id. */
export function latestByUser(reviews: ReviewRecord[]): Map<number, ReviewRecord> {
  const out = new Map<number, ReviewRecord>();
  for (const r of reviews) if (r.reviewer_id && r.type !== 'PENDING') out.set(r.reviewer_id, r);
  return out;
}

/** The users and teams whose review of the pull request is requested and not yet given. */
export async function requestedOf(app: AppContext, repoId: number, index: number): Promise<{ users: UserRecord[]; teams: TeamRecord[] }> {
  const reviews = await reviewStore.listByPull(app.store, repoId, index);
  const userIds = [...latestByUser(reviews).values()].filter((r) => r.type === 'REQUEST_REVIEW').map((r) => r.reviewer_id);
  const teamIds = reviews.filter((r) => r.type === 'REQUEST_REVIEW' && r.reviewer_team_id).map((r) => r.reviewer_team_id);
  const users = (await Promise.all(userIds.map((id) => userStore.getById(app.store, id)))).filter((u): u is UserRecord => !!u);
  const teams = (await Promise.all(teamIds.map((id) => teamStore.getById(app.store, id)))).filter((t): t is TeamRecord => !!t);
  return { users, teams };
}

/** Gitea's IsValidReviewRequest, simplified: the doer writes pull requests or posted this one; the reviewer may read them and is not the poster. */
async function checkRequest(app: AppContext, s: IssueScope, p: Pull, reviewer: UserRecord): Promise<void> {
  const doerMay = atLeast(unitMode(s.perm, 'repo.pulls'), 'write') || s.doer?.id === p.issue.poster_id;
  if (!doerMay) throw new ForbiddenError('user is not allowed to request or remove reviews on this pull request');
  if (reviewer.id === p.issue.poster_id) throw new ValidationError(`${reviewer.name} is the poster of the pull request and cannot review it`);
  const perm = await repoPermission(app, reviewer, s.repo);
  if (!atLeast(unitMode(perm, 'repo.pulls'), 'read')) throw new ValidationError(`${reviewer.name} cannot read the pull request`);
}

async function usersNamed(app: AppContext, names: string[]): Promise<UserRecord[]> {
  const out: UserRecord[] = [];
  for (const n of names) {
    const u = await userStore.getByName(app.store, n);
    if (!u || u.type !== 'individual') throw new ValidationError(`user does not exist [uid: 0, name: ${n}]`);
    out.push(u);
  }
  return out;
}

async function teamsNamed(app: AppContext, s: IssueScope, names: string[]): Promise<TeamRecord[]> {
  if (names.length && s.owner.type !== 'organization') throw new ValidationError('team reviewers need a repository of an organization');
  const out: TeamRecord[] = [];
  for (const n of names) {
    const t = await teamStore.getByName(app.store, s.owner.id, n);
    if (!t || !(await teamHasRepo(app, t, s.repo))) throw new ValidationError(`team does not exist [org_id: ${s.owner.id}, team_id: 0, name: ${n}]`);
    out.push(t);
  }
  return out;
}

const publish = async (app: AppContext, s: IssueScope, p: Pull, reviewer: UserRecord, removed: boolean): Promise<void> =>
  app.bus.publish('pull.review_requested', { repo: s.repo, owner: s.owner, doer: s.doer!, issue: p.issue, reviewer, removed });

async function membersOf(app: AppContext, team: TeamRecord): Promise<UserRecord[]> {
  const ids = await teamStore.memberIds(app.store, team.id);
  return (await Promise.all(ids.map((id) => userStore.getById(app.store, id)))).filter((u): u is UserRecord => !!u);
}

/** Requests reviews from users and teams; returns the request records made (one already open is not made again). */
export async function requestReviews(app: AppContext, s: IssueScope, index: number, userNames: string[], teamNames: string[]): Promise<ReviewRecord[]> {
  const p = await getPull(app, s.repo.id, index);
  const users = await usersNamed(app, userNames);
  const teams = await teamsNamed(app, s, teamNames);
  for (const u of users) await checkRequest(app, s, p, u);
  if (teams.length && !atLeast(unitMode(s.perm, 'repo.pulls'), 'write') && s.doer?.id !== p.issue.poster_id) throw new ForbiddenError('user is not allowed to request reviews');
  const made: ReviewRecord[] = [];
  const now = new Date().toISOString();
  const base = { repo_id: s.repo.id, index, type: 'REQUEST_REVIEW' as const, body: '', commit_id: p.pr.head_sha, official: false, stale: false, dismissed: false, comments: [], created: now, updated: now };
  for (const u of users) {
    const latest = latestByUser(await reviewStore.listByPull(app.store, s.repo.id, index)).get(u.id);
    if (latest?.type === 'REQUEST_REVIEW') continue;
    made.push(await reviewStore.insert(app.store, (id) => ({ id, ...base, reviewer_id: u.id, reviewer_team_id: 0 })));
    await publish(app, s, p, u, false);
  }
  for (const t of teams) {
    const open = (await reviewStore.listByPull(app.store, s.repo.id, index)).some((r) => r.type === 'REQUEST_REVIEW' && r.reviewer_team_id === t.id);
    if (open) continue;
    made.push(await reviewStore.insert(app.store, (id) => ({ id, ...base, reviewer_id: 0, reviewer_team_id: t.id })));
    for (const m of await membersOf(app, t)) if (m.id !== s.doer?.id) await publish(app, s, p, m, false);
  }
  return made;
}

/** Removes review requests of users and teams (those not requested are skipped). */
export async function removeReviewRequests(app: AppContext, s: IssueScope, index: number, userNames: string[], teamNames: string[]): Promise<void> {
  const p = await getPull(app, s.repo.id, index);
  const users = await usersNamed(app, userNames);
  const teams = await teamsNamed(app, s, teamNames);
  for (const u of users) await checkRequest(app, s, p, u);
  if (teams.length && !atLeast(unitMode(s.perm, 'repo.pulls'), 'write') && s.doer?.id !== p.issue.poster_id) throw new ForbiddenError('user is not allowed to remove review requests');
  for (const u of users) {
    const latest = latestByUser(await reviewStore.listByPull(app.store, s.repo.id, index)).get(u.id);
    if (latest?.type !== 'REQUEST_REVIEW') continue;
    await reviewStore.remove(app.store, latest.id);
    await publish(app, s, p, u, true);
  }
  for (const t of teams) {
    const open = (await reviewStore.listByPull(app.store, s.repo.id, index)).find((r) => r.type === 'REQUEST_REVIEW' && r.reviewer_team_id === t.id);
    if (!open) continue;
    await reviewStore.remove(app.store, open.id);
    for (const m of await membersOf(app, t)) if (m.id !== s.doer?.id) await publish(app, s, p, m, true);
  }
}
