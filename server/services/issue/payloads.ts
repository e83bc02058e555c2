/** Gitea's webhook payloads of issue events (IssuePayload, IssueCommentPayload), from the bus's issue events. */
import type { AppContext } from '../context.ts';
import type { DomainEvents } from '../events/domain.ts';
import { toComment, toIssue } from '../../convert/issue.ts';
import { eventBaseUrl, payloadRepo, payloadUser, type PayloadBase } from '../repository/payloads.ts';
import { issueView, userOrGhost } from './view.ts';

/** Gitea's IssuePayload: action, number, changes, issue, repository, sender, commit_id. */
export async function issuePayload(app: AppContext, e: DomainEvents['issue.changed']): Promise<Record<string, unknown>> {
  const base: PayloadBase = { baseUrl: eventBaseUrl(app), repo: e.repo, owner: e.owner, sender: e.doer };
  return {
    action: e.action, number: e.issue.index, ...(e.changes ? { changes: e.changes } : {}),
    issue: toIssue(await issueView(app, e.repo, e.owner, e.issue), null, base.baseUrl),
    repository: payloadRepo(base), sender: payloadUser(base, e.doer), commit_id: e.commitId ?? '',
  };
}

/** Gitea's IssueCommentPayload: action, issue, comment, changes, repository, sender, is_pull. */
export async function commentPayload(app: AppContext, e: DomainEvents['issue.commented']): Promise<Record<string, unknown>> {
  const base: PayloadBase = { baseUrl: eventBaseUrl(app), repo: e.repo, owner: e.owner, sender: e.doer };
  return {
    action: e.action, issue: toIssue(await issueView(app, e.repo, e.owner, e.issue), null, base.baseUrl),
    comment: toComment(e.comment, await userOrGhost(app, e.comment.poster_id), e.owner, e.repo, null, base.baseUrl),
    ...(e.changes ? { changes: e.changes } : {}), repository: payloadRepo(base), sender: payloadUser(base, e.doer), is_pull: e.issue.is_pull,
  };
}
