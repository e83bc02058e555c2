/**
 * Cross references (Gitea's xref comments): `#n` and `owner/repo#n` in an issue's title and body or in a comment
 * record an `issue_ref` or `comment_ref` event on the issue they name, once per referencing issue or comment.
 * Only issues the doer may read are referenced; the event is shown to viewers of the referencing repository only
 * (the timeline checks it). Closing keywords (`fixes #n`) act on pull requests and wait for them.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { IssueRecord } from '../../store/issues.ts';
import * as commentStore from '../../store/issue-comments.ts';
import * as issueStore from '../../store/issues.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import { canReadIssuesOf } from './view.ts';
import { recordEvent } from './timeline.ts';

/** At most this many issues are referenced from one text. */
const MAX_REFS = 50;

/** A reference as written: its repository (null: the same) and index. */
export interface WrittenRef { owner: string | null; repo: string | null; index: number }

/** `#n` and `owner/repo#n` outside code spans and fenced blocks, as Gitea's issue reference pattern finds them. */
export function findReferences(text: string): WrittenRef[] {
  const plain = text.replace(/```[\s\S]*?```/g, ' ').replace(/`[^`\n]*`/g, ' ');
  const out: WrittenRef[] = [];
  const seen = new Set<string>();
  for (const m of plain.matchAll(/(?:^|[\s([{,;])(?:([\w.-]+)\/([\w.-]+))?#(\d{1,9})(?=$|[\s)\]}.,;:!?'"])/g)) {
    const ref = { owner: m[1] ?? null, repo: m[2] ?? null, index: Number(m[3]) };
    const key = `${ref.owner}/${ref.repo}#${ref.index}`;
    if (ref.index > 0 && !seen.has(key)) { seen.add(key); out.push(ref); }
    if (out.length >= MAX_REFS) break;
  }
  return out;
}

/** The issue a reference names, if it exists and the doer may read it. */
async function target(app: AppContext, doer: UserRecord, here: RepoRecord, r: WrittenRef): Promise<IssueRecord | undefined> {
  let repo: RepoRecord | undefined = here;
  if (r.owner && r.repo) {
    const owner = await userStore.getByName(app.store, r.owner);
    repo = owner ? await repoStore.getByOwnerAndName(app.store, owner.id, r.repo) : undefined;
  }
  if (!repo || !(await canReadIssuesOf(app, doer, repo))) return undefined;
  return issueStore.get(app.store, repo.id, r.index);
}

/** Records the references `text` of issue `from` (or of its comment `commentId`) makes to other issues. */
export async function recordReferences(app: AppContext, s: { repo: RepoRecord; doer: UserRecord | null }, from: IssueRecord, text: string, commentId = 0): Promise<void> {
  if (!s.doer) return;
  for (const r of findReferences(text)) {
    const to = await target(app, s.doer, s.repo, r);
    if (!to || (to.repo_id === from.repo_id && to.index === from.index)) continue;
    const known = await commentStore.listTimeline(app.store, to.repo_id, to.index);
    const dup = known.some((c) => c.meta?.ref_repo_id === from.repo_id && c.meta.ref_issue_index === from.index && (c.meta.ref_comment_id ?? 0) === commentId);
    if (dup) continue;
    await recordEvent(app, to.repo_id, to.index, s.doer.id, commentId ? 'comment_ref' : 'issue_ref', {
      ref_repo_id: from.repo_id, ref_issue_index: from.index, ref_comment_id: commentId, ref_action: 'none',
    });
  }
}
