/**
 * The domain-event bus: the code that changes state publishes what happened (`ref.updated`, `repo.created`,
 * ...); each feature (webhooks, watches, mirrors; later pull-request sync and action triggers) subscribes once
 * per host instead of being called directly. `publish` runs the subscribers one after another in the order
 * they subscribed and resolves when every one has finished, so a subscriber that persists (the webhook
 * subscriber stores hook tasks) has done so before the publishing operation answers (ARCHITECTURE decision 5).
 */
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { IssueRecord } from '../../store/issues.ts';
import type { CommentRecord } from '../../store/issue-comments.ts';
import type { PackageRecord, PackageVersionRecord } from '../../store/packages.ts';
import type { CommitStatusRecord } from '../../store/commit-statuses.ts';
import type { ReleaseRecord } from '../../store/releases.ts';
import type { PullRecord } from '../../store/pulls.ts';
import type { ReviewRecord } from '../../store/reviews.ts';
import type { ActionJobRecord, ActionRunRecord } from '../../store/action-runs.ts';

/** Gitea's hook event an issue change belongs to. */
export type IssueHookKind = 'issues' | 'issue_assign' | 'issue_label' | 'issue_milestone' | 'pull_request_sync';

/** One ref a change moved; a zero id on either side means created or deleted. */
export interface RefChange {
  ref: string;
  oldSha: string;
  newSha: string;
}

/** One wiki page created, edited, renamed or deleted: its web path (`sub_url`) and the commit message. */
export interface WikiPageChange {
  action: 'created' | 'edited' | 'renamed' | 'deleted';
  page: string;
  comment: string;
}

/** The events and what each carries. */
export interface DomainEvents {
  /** Refs moved (a push, an API branch or tag write, a mirror sync), after branch records and repository state. */
  'ref.updated': {
    repo: RepoRecord; owner: UserRecord; pusher: UserRecord; updates: RefChange[]; baseUrl: string;
    /** An API write holding a backup point lease: records that follow from the refs may reach the disk after the answer. */
    deferRecords?: boolean;
  };
  /** A repository exists (its bare repository and default hooks included). */
  'repo.created': { repo: RepoRecord; owner: UserRecord; doer: UserRecord; baseUrl: string };
  /** A repository and its records are gone; `repo` is the record as it was (owner null when it is gone too). */
  'repo.deleted': { repo: RepoRecord; owner: UserRecord | null; doer: UserRecord | null; baseUrl: string };
  /**
   * An issue changed (`kind` and `action` as Gitea's hook events; `changes` Gitea's `{title,body}.from`; `commitId` the
   * commit that closed or reopened it; `assigneeId` the user an `issue_assign` event assigned or unassigned).
   */
  'issue.changed': {
    repo: RepoRecord; owner: UserRecord; doer: UserRecord; issue: IssueRecord; kind: IssueHookKind; action: string;
    changes?: Record<string, { from: string }>; commitId?: string; assigneeId?: number;
  };
  /** A comment on an issue was created, edited or deleted. */
  'issue.commented': { repo: RepoRecord; owner: UserRecord; doer: UserRecord; issue: IssueRecord; comment: CommentRecord; action: 'created' | 'edited' | 'deleted'; changes?: Record<string, { from: string }> };
  /** A commit status was stored (`sha` the full commit id); webhooks, required checks and auto-merge hear it. */
  'commit_status.created': { repo: RepoRecord; owner: UserRecord; sha: string; status: CommitStatusRecord; doer: UserRecord; baseUrl: string };
  /** A release was published, updated or deleted (never for tag-only releases of pushed tags; `release` as it was when deleted). */
  'release.changed': { repo: RepoRecord; owner: UserRecord; doer: UserRecord; release: ReleaseRecord; action: 'published' | 'updated' | 'deleted' };
  /** A repository was forked (`repo` is the fork, `source` the repository it was forked from). */
  'repo.forked': { repo: RepoRecord; owner: UserRecord; source: RepoRecord; sourceOwner: UserRecord; doer: UserRecord; baseUrl: string };
  /** A pull request was merged (its issue closed, refs moved); retargeting and other features follow. */
  'pull.merged': { repo: RepoRecord; owner: UserRecord; doer: UserRecord; issue: IssueRecord; pull: PullRecord; deletedHead: boolean };
  /** A user's review of a pull request was requested, or the request removed (a team request: once per member, as Gitea). */
  'pull.review_requested': { repo: RepoRecord; owner: UserRecord; doer: UserRecord; issue: IssueRecord; reviewer: UserRecord; removed: boolean };
  /** A review of a pull request was submitted (approved, changes requested, or a comment). */
  'pull.reviewed': { repo: RepoRecord; owner: UserRecord; doer: UserRecord; issue: IssueRecord; review: ReviewRecord };
  /** A hook task is stored and waits for delivery. */
  'hook_task.stored': { hookId: number; id: number };
  /** Someone asked for a pull-mirror sync now (the API's mirror-sync). */
  'mirror.sync_requested': { mirrorId: number };
  /** Someone asked for a push-mirror run now (push_mirrors-sync, or sync on commit). */
  'push_mirror.sync_requested': { pushMirrorId: number };
  /** Someone asked for a cron task now (the admin's POST /admin/cron/{task}). */
  'cron.run_requested': { task: string };
  /** Git reported what looks like damaged files while serving a repository. */
  'repo.damage_suspected': { repoId: number };
  /** Wiki pages changed (the API, the UI or a push to the wiki): one entry per page, Gitea's wiki hook actions plus `renamed`. */
  'wiki.changed': { repo: RepoRecord; owner: UserRecord; doer: UserRecord; changes: WikiPageChange[]; baseUrl: string };
  /** A repository's settings changed (name, default branch, units, archiving); `before` is the record as it was, `doer` who changed them through the API. */
  'repo.settings_changed': { before: RepoRecord; repo: RepoRecord; doer?: UserRecord };
  /** A repository moved to another owner (`owner` the new one). */
  'repo.transferred': { repo: RepoRecord; owner: UserRecord; oldOwnerName: string; doer: UserRecord };
  /** An action job changed status (`run` as it is after the change); webhooks send workflow_job. */
  'action_job.changed': { repo: RepoRecord; owner: UserRecord; run: ActionRunRecord; job: ActionJobRecord; sender: UserRecord | null };
  /** An action run changed status; webhooks send workflow_run. */
  'action_run.changed': { repo: RepoRecord; owner: UserRecord; run: ActionRunRecord; sender: UserRecord | null };
  /** A package version was published (`created`) or removed (`deleted`, the records as they were). */
  'package.changed': { action: 'created' | 'deleted'; owner: UserRecord; doer: UserRecord; pkg: PackageRecord; version: PackageVersionRecord };
}

export type DomainEventName = keyof DomainEvents;

/** A subscriber of one event. */
export type Subscriber<N extends DomainEventName> = (event: DomainEvents[N]) => Promise<void> | void;

interface Entry {
  feature: string;
  fn: (event: never) => Promise<void> | void;
}

/** One bus per host; never a module global (several hosts share a process in tests). */
export class DomainBus {
  private readonly subs = new Map<DomainEventName, Entry[]>();

  /** Subscribes `feature` to `name`; returns the function that unsubscribes (for a feature that stops). */
  subscribe<N extends DomainEventName>(name: N, feature: string, fn: Subscriber<N>): () => void {
    const entry: Entry = { feature, fn: fn as Entry['fn'] };
    this.subs.set(name, [...(this.subs.get(name) ?? []), entry]);
    return () => {
      this.subs.set(name, (this.subs.get(name) ?? []).filter((e) => e !== entry));
    };
  }

  /**
   * Runs every subscriber of the event in subscription order and waits for each. A failing subscriber does not
   * keep the others from running; the failure is then passed on to the publisher (all of them, when several).
   */
  async publish<N extends DomainEventName>(name: N, event: DomainEvents[N]): Promise<void> {
    const errors: unknown[] = [];
    for (const e of this.subs.get(name) ?? []) {
      try {
        await (e.fn as Subscriber<N>)(event);
      } catch (err) {
        errors.push(err instanceof Error ? Object.assign(err, { feature: e.feature }) : err);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, `${errors.length} subscribers of ${name} failed`);
  }

  /** The features subscribed to `name`, in order (for tests and the docs). */
  subscribers(name: DomainEventName): string[] {
    return (this.subs.get(name) ?? []).map((e) => e.feature);
  }
}
