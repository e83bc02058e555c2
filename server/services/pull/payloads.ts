/** Gitea's webhook payloads of pull-request events (PullRequestPayload), from the bus's issue events of pull requests. */
import type { AppContext } from '../context.ts';
import type { DomainEvents } from '../events/domain.ts';
import type { HookEventName } from '../events/bus.ts';
import * as pullStore from '../../store/pulls.ts';
import { toPull } from '../../convert/pull.ts';
import { eventBaseUrl, payloadRepo, payloadUser, type PayloadBase } from '../repository/payloads.ts';
import { pullView } from './view.ts';

/** The hook event of a pull request's issue event (Gitea's pull_request, pull_request_assign, ...). */
export function pullEventName(kind: DomainEvents['issue.changed']['kind']): HookEventName {
  switch (kind) {
    case 'issue_assign': return 'pull_request_assign';
    case 'issue_label': return 'pull_request_label';
    case 'issue_milestone': return 'pull_request_milestone';
    case 'pull_request_sync': return 'pull_request_sync';
    default: return 'pull_request';
  }
}

/** Gitea's PullRequestPayload: action, number, changes, pull_request, requested_reviewer, repository, sender, commit_id, review. */
export async function pullPayload(app: AppContext, e: DomainEvents['issue.changed']): Promise<Record<string, unknown> | null> {
  const pr = await pullStore.getByIndex(app.store, e.repo.id, e.issue.index);
  if (!pr) return null;
  const base: PayloadBase = { baseUrl: eventBaseUrl(app), repo: e.repo, owner: e.owner, sender: e.doer };
  const parts = await pullView(app, e.repo, e.owner, { issue: e.issue, pr }, null, base.baseUrl, true);
  return {
    action: e.action, number: e.issue.index, ...(e.changes ? { changes: e.changes } : {}),
    pull_request: toPull(parts, null, base.baseUrl), requested_reviewer: null,
    repository: payloadRepo(base), sender: payloadUser(base, e.doer), commit_id: e.kind === 'pull_request_sync' ? pr.head_sha : '', review: null,
  };
}
