/**
 * Issue references in pushed commits (Gitea's UpdateIssuesCommit): each commit that names an issue (`#n`,
 * `owner/repo#n`) the pusher may read adds a `commit_ref` event to it, once per commit; a closing or reopening
 * keyword (`fixes #n`, `reopens #n`) closes or reopens the issue when the commit lands on the default branch (or
 * the branch the issue names in its `ref`) and the pusher could do so by hand. Pull requests are referenced only.
 */
import type { AppContext } from '../context.ts';
import type { DomainEvents } from '../events/domain.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { IssueRecord } from '../../store/issues.ts';
import * as commentStore from '../../store/issue-comments.ts';
import * as issueStore from '../../store/issues.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import * as refs from '../../git/refs.ts';
import { ServiceError } from '../../lib/errors.ts';
import { atLeast, repoPermission, unitMode, type Permission } from '../permission/permissions.ts';
import { findReferences, refRepo, type WrittenRef } from './references.ts';
import { recordEvent } from './timeline.ts';
import { setState } from './issues.ts';

/** A new branch lists its newest commits only (Gitea's CommitsBeforeLimit(10)); a moved one every new commit, up to this. */
const NEW_BRANCH_COMMITS = 10;
const MOVED_BRANCH_COMMITS = 1000;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Whether the unit an issue belongs to is on and readable or writable with `perm`. */
function unitAllows(repo: RepoRecord, perm: Permission, issue: IssueRecord, need: 'read' | 'write'): boolean {
  const on = issue.is_pull ? repo.units.has_pull_requests : repo.units.has_issues;
  return on && atLeast(unitMode(perm, issue.is_pull ? 'repo.pulls' : 'repo.issues'), need);
}

interface Pushed { repo: RepoRecord; owner: UserRecord; pusher: UserRecord; branch: string; sha: string; message: string }

/** The `commit_ref` event of a commit on an issue, once per commit (Gitea's CreateRefComment). */
async function refComment(app: AppContext, p: Pushed, issue: IssueRecord): Promise<void> {
  const known = await commentStore.listTimeline(app.store, issue.repo_id, issue.index);
  if (known.some((c) => c.type === 'commit_ref' && c.meta?.commit_sha === p.sha)) return;
  const summary = p.message.split('\n', 1)[0] ?? '';
  const link = `/${encodeURIComponent(p.owner.name)}/${encodeURIComponent(p.repo.name)}/commit/${p.sha}`;
  await recordEvent(app, issue.repo_id, issue.index, p.pusher.id, 'commit_ref', { commit_sha: p.sha }, `<a href="${escapeHtml(link)}">${escapeHtml(summary)}</a>`);
}

/** One reference of one commit: the event, then the keyword's action when allowed. */
async function applyRef(app: AppContext, p: Pushed, r: WrittenRef): Promise<void> {
  const repo = await refRepo(app, p.repo, r);
  const issue = repo ? await issueStore.get(app.store, repo.id, r.index) : undefined;
  const owner = repo ? await userStore.getById(app.store, repo.owner_id) : undefined;
  if (!repo || !issue || !owner) return;
  const perm = await repoPermission(app, p.pusher, repo, owner);
  const canClose = atLeast(perm.mode, 'admin') || unitAllows(repo, perm, issue, 'write') || issue.poster_id === p.pusher.id;
  if (!canClose && !unitAllows(repo, perm, issue, 'read')) return;
  await refComment(app, p, issue);
  if (issue.is_pull || !canClose || r.action === 'none') return;
  const branch = issue.ref ? issue.ref.replace(/^refs\/heads\//, '') : repo.default_branch;
  if (p.branch !== branch) return;
  const current = (await issueStore.get(app.store, repo.id, issue.index)) ?? issue;
  const state = r.action === 'closes' ? 'closed' : 'open';
  if ((state === 'closed') === current.is_closed) return;
  try {
    await setState(app, { repo, owner, perm, doer: p.pusher }, current, state, p.sha);
  } catch (err) {
    // An issue with open blockers stays open, as Gitea leaves it after logging ErrDependenciesLeft.
    if (!(err instanceof ServiceError && err.status === 412)) throw err;
  }
}

/** The references of the commits a push brought to its branches, oldest commit first. */
export async function referencesOfPush(app: AppContext, e: DomainEvents['ref.updated']): Promise<void> {
  if (e.repo.is_mirror) return;
  const gitDir = repoStore.gitDirOf(app.store, e.repo);
  for (const u of e.updates) {
    if (!u.ref.startsWith('refs/heads/') || refs.zeroId(u.newSha)) continue;
    const isNew = refs.zeroId(u.oldSha);
    const ids = await refs.commitIdsOf(gitDir, isNew ? [u.newSha] : [u.newSha, `^${u.oldSha}`], isNew ? NEW_BRANCH_COMMITS : MOVED_BRANCH_COMMITS);
    const messages = await refs.commitMessages(gitDir, ids);
    for (const sha of ids) {
      const message = messages.get(sha) ?? '';
      if (!message.includes('#')) continue;
      const p: Pushed = { repo: e.repo, owner: e.owner, pusher: e.pusher, branch: u.ref.slice('refs/heads/'.length), sha, message };
      const seen = new Set<string>();
      for (const r of findReferences(message, app.settings)) {
        const key = `${r.owner}/${r.repo}#${r.index}:${r.action}`.toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        await applyRef(app, p, r);
      }
    }
  }
}

/** Subscribes the commit references to pushes. */
export function subscribeCommitReferences(app: AppContext): void {
  app.bus.subscribe('ref.updated', 'issue-commit-refs', (e) => referencesOfPush(app, e));
}
