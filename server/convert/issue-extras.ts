/** Maps reactions, timeline entries and attachments to Gitea's `Reaction`, `TimelineComment` and `Attachment`. */
import type { RepoRecord, UserRecord } from '../store/records.ts';
import type { ReactionRecord } from '../store/issue-reactions.ts';
import type { AttachmentRecord } from '../store/attachments.ts';
import type { CommentRecord } from '../store/issue-comments.ts';
import type { Attachment, Reaction, TimelineComment } from '../structs/issue-extras.ts';
import type { Issue } from '../structs/issue.ts';
import type { Label, Milestone } from '../structs/issue-label.ts';
import type { Comment } from '../structs/issue.ts';
import { repoUrls } from './repo.ts';
import { toUser } from './user.ts';

/** Gitea's `Reaction`. */
export function toReaction(r: ReactionRecord, user: UserRecord, viewer: UserRecord | null, baseUrl: string): Reaction {
  return { user: toUser(user, viewer, baseUrl), content: r.content, created_at: r.created };
}

/** Gitea's `Attachment`; it downloads from the browser address `/attachments/{uuid}`. */
export function toAttachment(a: AttachmentRecord, baseUrl: string): Attachment {
  return { id: a.id, name: a.name, size: a.size, download_count: a.download_count, created_at: a.created, uuid: a.uuid, browser_download_url: `${baseUrl}/attachments/${a.uuid}` };
}

/** The parts of a timeline entry, already converted. */
export interface TimelineParts {
  c: CommentRecord;
  user: UserRecord;
  label: Label | null;
  milestone: Milestone | null;
  oldMilestone: Milestone | null;
  assignee: UserRecord | null;
  refIssue: Issue | null;
  refComment: Comment | null;
  dependent: Issue | null;
}

/** Gitea's `TimelineComment` of an entry of the issue's timeline in `repo`. */
export function toTimelineComment(p: TimelineParts, owner: UserRecord, repo: RepoRecord, viewer: UserRecord | null, baseUrl: string): TimelineComment {
  const { c } = p;
  const issueHtml = `${repoUrls(owner, repo, baseUrl).html}/issues/${c.issue_index}`;
  const m = c.meta ?? {};
  return {
    id: c.id, type: c.type ?? 'comment', html_url: `${issueHtml}#issuecomment-${c.id}`, issue_url: issueHtml, pull_request_url: '',
    user: toUser(p.user, viewer, baseUrl), body: c.body, created_at: c.created, updated_at: c.updated,
    old_project_id: 0, project_id: 0, old_title: m.old_title ?? '', new_title: m.new_title ?? '', old_ref: '', new_ref: '',
    old_milestone: p.oldMilestone, milestone: p.milestone, label: p.label,
    assignee: p.assignee ? toUser(p.assignee, viewer, baseUrl) : null, assignee_team: null, removed_assignee: m.removed_assignee ?? false, resolve_doer: null,
    ref_action: m.ref_action ?? '', ref_commit_sha: m.commit_sha ?? '', ref_issue: p.refIssue, ref_comment: p.refComment, dependent_issue: p.dependent, review_id: 0, tracked_time: null,
  };
}
