/**
 * The one emitting point for events that webhooks (and later actions) receive. A push, a repository change,
 * an issue... calls `app.events.emit(...)` once; listeners (the webhook service) persist what they need
 * before `emit` resolves, so an acknowledged operation never loses its events (ARCHITECTURE decision 5).
 */

/** Gitea's event names (the `X-Gitea-Event` values), as emitted. */
export type HookEventName =
  | 'create' | 'delete' | 'fork' | 'push' | 'issues' | 'issue_assign' | 'issue_label' | 'issue_milestone'
  | 'issue_comment' | 'pull_request' | 'pull_request_assign' | 'pull_request_label' | 'pull_request_milestone'
  | 'pull_request_comment' | 'pull_request_review_approved' | 'pull_request_review_rejected'
  | 'pull_request_review_comment' | 'pull_request_sync' | 'pull_request_review_request' | 'wiki' | 'repository'
  | 'release' | 'package' | 'status' | 'workflow_run' | 'workflow_job' | 'schedule';

export interface HookEvent {
  name: HookEventName;
  /** The repository the event happened in; null for events without one (an organization's package). */
  repoId: number | null;
  /** The user or organization that owns the repository (or the package). */
  ownerId: number;
  /** For push, create and delete: the branch name, to match against a hook's branch_filter. */
  branch?: string;
  /** Gitea's API payload for the event (PushPayload, CreatePayload, ...): the raw event stored as payload_version 2. */
  payload: Record<string, unknown>;
}

export type EventListener = (event: HookEvent) => Promise<void>;

/** Fans an event out to the registered listeners and waits until each has persisted it. */
export class EventSink {
  private readonly listeners: EventListener[] = [];

  /** Registers a listener (the webhook service does at start). */
  listen(listener: EventListener): void {
    this.listeners.push(listener);
  }

  /** Delivers the event to every listener; resolves when all have stored it. */
  async emit(event: HookEvent): Promise<void> {
    for (const l of this.listeners) await l(event);
  }
}
