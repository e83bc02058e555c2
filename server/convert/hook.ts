/** Hooks and their deliveries as the API returns them (Gitea's api.Hook; deliveries are a Homeforge extension). */
import type { HookRecord } from '../store/hooks.ts';
import type { HookTaskRecord } from '../store/hook-tasks.ts';
import type { Hook, HookDelivery } from '../structs/hook.ts';

const SLACK_KEYS = ['channel', 'username', 'icon_url', 'color'];

/** Gitea's Hook. The secret and the authorization header are write-only and never returned. */
export function toHook(h: HookRecord): Hook {
  const config: Record<string, string> = { url: h.url, content_type: h.content_type };
  if (h.type === 'slack') for (const k of SLACK_KEYS) config[k] = h.meta[k] ?? '';
  if (h.repo_id === 0 && h.owner_id === 0) config.is_system_webhook = String(h.is_system_webhook);
  return {
    id: h.id,
    type: h.type,
    name: h.name,
    branch_filter: h.branch_filter,
    config,
    events: h.events,
    authorization_header: '',
    active: h.active,
    updated_at: h.updated,
    created_at: h.created,
  };
}

const GROUPS: Record<string, string> = {
  issue_assign: 'issues', issue_label: 'issues', issue_milestone: 'issues', pull_request_assign: 'pull_request',
  pull_request_label: 'pull_request', pull_request_milestone: 'pull_request', pull_request_sync: 'pull_request',
  pull_request_review_request: 'pull_request', pull_request_comment: 'issue_comment',
  pull_request_review_approved: 'pull_request_approved', pull_request_review_rejected: 'pull_request_rejected',
  pull_request_review_comment: 'pull_request_comment',
};

/** One delivery (hook task): what was sent and what came back; the payload only when `withPayload`. */
export function toHookDelivery(t: HookTaskRecord, withPayload = false): HookDelivery {
  return {
    id: t.id,
    uuid: t.uuid,
    hook_id: t.hook_id,
    event: GROUPS[t.event_type] ?? t.event_type,
    event_type: t.event_type,
    payload_version: t.payload_version,
    is_delivered: t.is_delivered,
    is_succeed: t.is_succeed,
    is_test: !!t.is_test,
    delivered: new Date(t.delivered).toISOString(),
    request: t.request_content,
    response: t.response_content,
    // tasks stored before retries existed carry no count: a delivered one was sent once
    attempt: t.attempt ?? (t.is_delivered ? 1 : 0),
    next_retry: t.next_retry ? new Date(t.next_retry).toISOString() : null,
    ...(withPayload ? { payload_content: t.payload_content } : {}),
  };
}
