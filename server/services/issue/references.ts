/**
 * Cross references (Gitea's xref comments): `#n` and `owner/repo#n` in an issue's title and body or in a comment
 * record an `issue_ref`, `pull_ref` or `comment_ref` event on the issue they name, once per referencing issue or
 * comment. Only issues the doer may read are referenced; the event is shown to viewers of the referencing
 * repository only (the timeline checks it). A closing or reopening keyword (`fixes #n`) in a pull request gives
 * the event its action, kept when the doer could close the issue by hand (Gitea's verifyReferencedIssue); the merge
 * then applies it (`merge-refs.ts`). A reference that leaves the text, or whose comment is deleted, is neutered.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { IssueRecord } from '../../store/issues.ts';
import type { CommentRecord } from '../../store/issue-comments.ts';
import * as commentStore from '../../store/issue-comments.ts';
import * as issueStore from '../../store/issues.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import type { Settings } from '../../lib/settings.ts';
import { atLeast, repoPermission, unitMode } from '../permission/permissions.ts';
import { canReadIssuesOf } from './view.ts';
import { recordEvent } from './timeline.ts';
import { actionBefore, type RefAction } from './keywords.ts';

/** At most this many issues are referenced from one text. */
const MAX_REFS = 50;

/** A reference as written: its repository (null: the same), index and keyword action. */
export interface WrittenRef { owner: string | null; repo: string | null; index: number; action: RefAction }

/**
 * `#n` and `owner/repo#n` outside code spans and fenced blocks, as Gitea's issue reference pattern finds them, each
 * once; with `settings`, a closing or reopening keyword right before a reference gives it its action.
 */
export function findReferences(text: string, settings?: Settings): WrittenRef[] {
  const plain = text.replace(/```[\s\S]*?```/g, ' ').replace(/`[^`\n]*`/g, ' ');
  const out: WrittenRef[] = [];
  const seen = new Map<string, WrittenRef>();
  for (const m of plain.matchAll(/(?:^|[\s([{,;])(?:([\w.-]+)\/([\w.-]+))?#(\d{1,9})(?=$|[\s)\]}.,;:!?'"])/g)) {
    const written = `${m[1] ? `${m[1]}/${m[2]}` : ''}#${m[3]}`;
    const action = settings ? actionBefore(settings, plain, m.index + m[0].length - written.length) : 'none';
    const ref: WrittenRef = { owner: m[1] ?? null, repo: m[2] ?? null, index: Number(m[3]), action };
    const key = `${ref.owner}/${ref.repo}#${ref.index}`.toLowerCase();
    const known = seen.get(key);
    if (known) {
      if (action !== 'none') known.action = action;
      continue;
    }
    if (ref.index > 0 && out.length < MAX_REFS) { seen.set(key, ref); out.push(ref); }
  }
  return out;
}

/** The repository a reference names (`here` when it names none), if it exists. */
export async function refRepo(app: AppContext, here: RepoRecord, r: WrittenRef): Promise<RepoRecord | undefined> {
  if (!r.owner || !r.repo) return here;
  const owner = await userStore.getByName(app.store, r.owner);
  return owner ? repoStore.getByOwnerAndName(app.store, owner.id, r.repo) : undefined;
}

/** The issue a reference names, if it exists and the doer may read it. */
async function target(app: AppContext, doer: UserRecord, here: RepoRecord, r: WrittenRef): Promise<IssueRecord | undefined> {
  const repo = await refRepo(app, here, r);
  if (!repo || !(await canReadIssuesOf(app, doer, repo))) return undefined;
  return issueStore.get(app.store, repo.id, r.index);
}

/**
 * Gitea's verifyReferencedIssue: only a pull request closes or reopens, only issues, and only when the doer may
 * close the issue by hand, except a pull request's own text naming an issue of its repository (the merger decides).
 */
async function allowedAction(app: AppContext, doer: UserRecord, from: IssueRecord, to: IssueRecord, r: WrittenRef, commentId: number): Promise<RefAction> {
  if (r.action === 'none' || to.is_pull || !from.is_pull) return 'none';
  if (to.poster_id === doer.id) return r.action;
  const repo = await repoStore.getById(app.store, to.repo_id);
  const perm = repo ? await repoPermission(app, doer, repo) : null;
  if (perm && atLeast(unitMode(perm, 'repo.issues'), 'write')) return r.action;
  return to.repo_id === from.repo_id && !commentId ? r.action : 'none';
}

/** The events `from` (or its comment `commentId`) made on other issues. */
async function eventsFrom(app: AppContext, from: IssueRecord, commentId: number): Promise<CommentRecord[]> {
  return (await commentStore.listByRef(app.store, from.repo_id, from.index)).filter((c) => (c.meta?.ref_comment_id ?? 0) === commentId);
}

/** Records the references `text` of issue `from` (or of its comment `commentId`) makes to other issues; references it no longer makes are neutered. */
export async function recordReferences(app: AppContext, s: { repo: RepoRecord; doer: UserRecord | null }, from: IssueRecord, text: string, commentId = 0): Promise<void> {
  if (!s.doer) return;
  const earlier = await eventsFrom(app, from, commentId);
  const kept = new Set<number>();
  for (const r of findReferences(text, app.settings)) {
    const to = await target(app, s.doer, s.repo, r);
    if (!to || (to.repo_id === from.repo_id && to.index === from.index)) continue;
    const action = await allowedAction(app, s.doer, from, to, r, commentId);
    const dup = earlier.find((c) => c.repo_id === to.repo_id && c.issue_index === to.index);
    if (dup) {
      kept.add(dup.id);
      if (dup.meta?.ref_action !== action) await commentStore.update(app.store, dup.id, (c) => { c.meta = { ...c.meta, ref_action: action }; });
      continue;
    }
    const type = commentId ? 'comment_ref' : from.is_pull ? 'pull_ref' : 'issue_ref';
    await recordEvent(app, to.repo_id, to.index, s.doer.id, type, { ref_repo_id: from.repo_id, ref_issue_index: from.index, ref_comment_id: commentId, ref_action: action });
  }
  for (const c of earlier) if (!kept.has(c.id)) await neuter(app, c);
}

async function neuter(app: AppContext, c: CommentRecord): Promise<void> {
  if (c.meta?.ref_action !== 'neutered') await commentStore.update(app.store, c.id, (r) => { r.meta = { ...r.meta, ref_action: 'neutered' }; });
}

/** Neuters the references a deleted comment made (Gitea's neuterCrossReferences): they no longer act or show it. */
export async function neuterCommentReferences(app: AppContext, from: IssueRecord, commentId: number): Promise<void> {
  for (const c of await eventsFrom(app, from, commentId)) await neuter(app, c);
}

/** The issues a merged pull request closes or reopens: its latest active reference to each (Gitea's ResolveCrossReferences). */
export async function resolvingReferences(app: AppContext, pull: IssueRecord): Promise<CommentRecord[]> {
  const latest = new Map<string, CommentRecord>();
  for (const c of await commentStore.listByRef(app.store, pull.repo_id, pull.index)) {
    if (c.meta?.ref_action === 'closes' || c.meta?.ref_action === 'reopens') latest.set(`${c.repo_id}/${c.issue_index}`, c);
  }
  return [...latest.values()];
}
