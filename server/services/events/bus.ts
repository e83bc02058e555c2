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

/** Where an event would happen: a listener's `interest` answers whether it could want such an event at all. */
export interface EventScope {
  name: HookEventName;
  repoId: number | null;
  ownerId: number;
}

/** False when the listener would ignore every event of that scope (it may say true and ignore it still). */
export type EventInterest = (scope: EventScope) => boolean | Promise<boolean>;

/** Fans an event out to the registered listeners and waits until each has persisted it. */
export class EventSink {
  private readonly listeners: { listener: EventListener; interest: EventInterest | null }[] = [];

  /** Registers a listener (the webhook service does at start); without `interest` it hears every event. */
  listen(listener: EventListener, interest?: EventInterest): void {
    this.listeners.push({ listener, interest: interest ?? null });
  }

  /**
   * Whether any listener could want one of these events: when none could, the emitter may skip building their
   * payloads (a push payload reads commits from git; an API branch write with no hook to hear it need not).
   */
  async wants(scopes: readonly EventScope[]): Promise<boolean> {
    for (const { interest } of this.listeners) {
      if (!interest) return true;
      for (const s of scopes) if (await interest(s)) return true;
    }
    return false;
  }

  /** Delivers the event to every listener; resolves when all have stored it. */
  async emit(event: HookEvent): Promise<void> {
    for (const { listener } of this.listeners) await listener(event);
  }
}
