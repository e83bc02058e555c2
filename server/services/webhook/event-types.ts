/** Gitea's webhook event names (modules/webhook/type.go), the API's aliases, and how a hook chooses events. */

/** The keys of a hook's events map, in the order the API lists them. */
export const HOOK_EVENT_KEYS = [
  'create', 'delete', 'fork', 'push', 'issues', 'issue_assign', 'issue_label', 'issue_milestone', 'issue_comment',
  'pull_request', 'pull_request_assign', 'pull_request_label', 'pull_request_milestone', 'pull_request_comment',
  'pull_request_review', 'pull_request_sync', 'pull_request_review_request', 'wiki', 'repository', 'release',
  'package', 'status', 'workflow_run', 'workflow_job',
] as const;

const DIRECT = ['create', 'delete', 'fork', 'push', 'wiki', 'repository', 'release', 'package', 'status', 'workflow_run', 'workflow_job'];
const ISSUE_KEYS = ['issue_assign', 'issue_label', 'issue_milestone', 'issue_comment'];
const PULL_KEYS = ['pull_request_assign', 'pull_request_label', 'pull_request_milestone', 'pull_request_comment', 'pull_request_review', 'pull_request_review_request', 'pull_request_sync'];
const REVIEW_TYPES = new Set(['pull_request_review_approved', 'pull_request_review_rejected', 'pull_request_review_comment']);

/**
 * The events map keys a hook gets from the API's `events` list (api/v1/utils/hook.go): direct names, `issues`
 * (or `issues_only`) and `pull_request` (or `pull_request_only`) and their groups. An empty list means push.
 * Names Gitea does not know are ignored, as Gitea does.
 */
export function chooseEvents(events: readonly string[] | undefined): string[] {
  const given = new Set((events?.length ? events : ['push']).map((e) => e.trim().toLowerCase()));
  const chosen = new Set<string>(DIRECT.filter((e) => given.has(e)));
  if (given.has('issues') || given.has('issues_only')) chosen.add('issues');
  for (const k of ISSUE_KEYS) if (given.has(k) || given.has('issues')) chosen.add(k);
  if (given.has('pull_request') || given.has('pull_request_only')) chosen.add('pull_request');
  for (const k of PULL_KEYS) if (given.has(k) || given.has('pull_request')) chosen.add(k);
  return HOOK_EVENT_KEYS.filter((k) => chosen.has(k));
}

/** Whether a hook with these chosen events receives the event type (Gitea's HasEvent). */
export function hasEvent(chosen: readonly string[], eventType: string): boolean {
  if (REVIEW_TYPES.has(eventType)) return chosen.includes('pull_request_review');
  return chosen.includes(eventType);
}

/** The grouped name sent in X-Gitea-Event (Gitea's HookEventType.Event()). */
export function groupedEvent(eventType: string): string {
  switch (eventType) {
    case 'issues': case 'issue_assign': case 'issue_label': case 'issue_milestone': return 'issues';
    case 'pull_request': case 'pull_request_assign': case 'pull_request_label': case 'pull_request_milestone':
    case 'pull_request_sync': case 'pull_request_review_request': return 'pull_request';
    case 'issue_comment': case 'pull_request_comment': return 'issue_comment';
    case 'pull_request_review_approved': return 'pull_request_approved';
    case 'pull_request_review_rejected': return 'pull_request_rejected';
    case 'pull_request_review_comment': return 'pull_request_comment';
    default: return eventType;
  }
}
