/** What a pull request's answer shows besides its records: both repositories as the viewer sees them, merger, gate. */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import type { PullParts } from '../../convert/pull.ts';
import { toRepo } from '../../convert/repo.ts';
import { apiPermission, viewOf } from '../repository/repos.ts';
import { issueView } from '../issue/view.ts';
import { branchHead } from './sync.ts';
import { mergeBlockers } from './merge-gate.ts';
import { requestedReviewersOf } from './review-requests-view.ts';
import type { Pull } from './pulls.ts';

async function repoFor(app: AppContext, viewer: UserRecord | null, repo: RepoRecord | undefined, baseUrl: string) {
  if (!repo) return null;
  const v = await viewOf(app, viewer, repo);
  return v ? toRepo(v.repo, v.owner, { permission: apiPermission(v.perm), viewer, baseUrl, branchCount: v.branchCount, watchersCount: v.watchers, starsCount: v.stars, openIssues: v.openIssues }) : null;
}

const FULL = { admin: true, push: true, pull: true };

/**
 * Loads what the answer about `p` in `repo` shows to `viewer`; `system` shows both repositories with owner
 * access, as webhook payloads do.
 */
export async function pullView(app: AppContext, repo: RepoRecord, owner: UserRecord, p: Pull, viewer: UserRecord | null, baseUrl: string, system = false): Promise<PullParts> {
  const headRecord = p.pr.head_repo_id === repo.id ? repo : await repoStore.getById(app.store, p.pr.head_repo_id);
  const headOwner = headRecord ? (headRecord.owner_id === owner.id ? owner : await userStore.getById(app.store, headRecord.owner_id)) : undefined;
  const base = system ? null : await repoFor(app, viewer, repo, baseUrl);
  const fallback = toRepo(repo, owner, { permission: system ? FULL : { admin: false, push: false, pull: true }, viewer, baseUrl });
  const head = system
    ? (headRecord && headOwner ? toRepo(headRecord, headOwner, { permission: FULL, viewer: null, baseUrl }) : null)
    : await repoFor(app, viewer, headRecord, baseUrl);
  return {
    issue: await issueView(app, repo, owner, p.issue), pr: p.pr, baseRepo: base ?? fallback,
    headRepo: head, headOwnerName: headOwner?.name ?? '',
    baseSha: (await branchHead(app, repo, p.pr.base_branch)) ?? '',
    merger: p.pr.merger_id ? ((await userStore.getById(app.store, p.pr.merger_id)) ?? null) : null,
    requested: await requestedReviewersOf(app, p.pr),
    blockers: !system && !p.pr.has_merged && !p.issue.is_closed ? await mergeBlockers(app, repo, p.pr, viewer) : [],
  };
}
