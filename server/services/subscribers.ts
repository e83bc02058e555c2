/**
 * The features that subscribe to the domain-event bus, in the order they hear each event (Gitea's notifier
 * order after a push: webhooks, then the pusher's auto-watch, then the push mirrors that follow commits).
 * Runtimes that need the worker (webhook delivery, the mirror schedule) subscribe when they start.
 */
import type { AppContext } from './context.ts';
import { subscribeWebhooks } from './webhook/subscriber.ts';
import { subscribeWatches } from './repository/watch.ts';
import { subscribeMirrors } from './mirror/subscriber.ts';
import { subscribeHousekeeping } from './housekeeping/index.ts';
import { subscribeIssues } from './issue/label-templates.ts';
import { subscribePackages } from './packages/events.ts';
import { subscribeCommitStatuses } from './repository/commit-status.ts';
import { subscribeReleases } from './release/tag-sync.ts';
import { subscribeTagProtection } from './repository/tag-protection.ts';
import { subscribePulls } from './pull/subscriber.ts';
import { subscribeReviews } from './review/subscriber.ts';
import { subscribeActionSecrets } from './actions/secret-cleanup.ts';
import { subscribeCommitReferences } from './issue/commit-refs.ts';
import { subscribeMergeReferences } from './issue/merge-refs.ts';
import { subscribeRunners } from './actions/runner-subscriber.ts';
import { subscribeActions } from './actions/index.ts';
import { subscribeAvatars } from './avatar/avatars.ts';
import { subscribeNotifications } from './notification/subscriber.ts';
import { subscribeFeed } from './feed/record.ts';

/** Subscribes every feature of a host (or a command-line context) to its bus; call once, right after the context exists. */
export function subscribeFeatures(app: AppContext): void {
  subscribeWebhooks(app);
  subscribeWatches(app);
  subscribeMirrors(app);
  subscribeHousekeeping(app);
  subscribeIssues(app);
  subscribePackages(app);
  subscribeCommitStatuses(app);
  subscribeReleases(app);
  subscribeTagProtection(app);
  subscribePulls(app);
  subscribeReviews(app);
  subscribeActionSecrets(app);
  subscribeCommitReferences(app);
  subscribeMergeReferences(app);
  subscribeRunners(app);
  subscribeActions(app);
  subscribeAvatars(app);
  subscribeNotifications(app);
  subscribeFeed(app);
}
