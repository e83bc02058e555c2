/**
 * The webhook feature's subscriber: turns domain events into Gitea's hook events (push, create, delete,
 * repository), which `prepareEvent` stores as hook tasks before the publishing operation answers.
 */
import type { AppContext } from '../context.ts';
import type { DomainEvents } from '../events/domain.ts';
import * as repoStore from '../../store/repos.ts';
import { emitRefEvents } from '../repository/push-events.ts';
import { payloadRepo, payloadUser, repositoryPayload, type PayloadBase } from '../repository/payloads.ts';
import { anyHookFor, prepareEvent } from './prepare.ts';
import type { HookEventName } from '../events/bus.ts';
import { deleteRepoHooks } from './hooks.ts';
import { commentPayload, issuePayload } from '../issue/payloads.ts';
import { statusPayload } from '../repository/status-payload.ts';
import { releasePayload } from '../release/view.ts';
import { pullEventName, pullPayload } from '../pull/payloads.ts';

/** The hook events a ref update can make. */
const REF_EVENT_NAMES: HookEventName[] = ['create', 'push', 'delete'];

async function refsMoved(app: AppContext, e: DomainEvents['ref.updated']): Promise<void> {
  const base: PayloadBase = { baseUrl: e.baseUrl, repo: e.repo, owner: e.owner, sender: e.pusher };
  const gitDir = repoStore.gitDirOf(app.store, e.repo);
  // No hook (and no other listener) would hear them: their payloads, which read commits from git, are not built.
  const scope = { repoId: e.repo.id, ownerId: e.repo.owner_id };
  if (!(await app.events.wants(REF_EVENT_NAMES.map((name) => ({ name, ...scope }))))) return;
  // Ref by ref in the order pushed, as Gitea fires them.
  for (const u of e.updates) await emitRefEvents(app, base, gitDir, u);
}

async function repoCreated(app: AppContext, e: DomainEvents['repo.created']): Promise<void> {
  const base: PayloadBase = { baseUrl: e.baseUrl, repo: e.repo, owner: e.owner, sender: e.doer };
  await app.events.emit({ name: 'repository', repoId: e.repo.id, ownerId: e.owner.id, payload: repositoryPayload(base, 'created') });
}

async function repoDeleted(app: AppContext, e: DomainEvents['repo.deleted']): Promise<void> {
  if (e.owner && e.doer) {
    const base: PayloadBase = { baseUrl: e.baseUrl, repo: e.repo, owner: e.owner, sender: e.doer };
    await app.events.emit({ name: 'repository', repoId: e.repo.id, ownerId: e.repo.owner_id, payload: repositoryPayload(base, 'deleted') });
  }
  // Then the repository's own hooks and their tasks go; owner and system hooks have already stored the event.
  await deleteRepoHooks(app, e.repo.id);
}

/** Subscribes webhooks to the bus, and stores a task per interested hook for every hook event. */
export function subscribeWebhooks(app: AppContext): void {
  app.events.listen((event) => prepareEvent(app, event), (scope) => anyHookFor(app, scope));
  app.bus.subscribe('ref.updated', 'webhooks', (e) => refsMoved(app, e));
  app.bus.subscribe('repo.created', 'webhooks', (e) => repoCreated(app, e));
  app.bus.subscribe('repo.deleted', 'webhooks', (e) => repoDeleted(app, e));
  // Gitea's ForkPayload goes to the hooks of the source repository.
  app.bus.subscribe('repo.forked', 'webhooks', async (e) => {
    const fork: PayloadBase = { baseUrl: e.baseUrl, repo: e.repo, owner: e.owner, sender: e.doer };
    const source: PayloadBase = { baseUrl: e.baseUrl, repo: e.source, owner: e.sourceOwner, sender: e.doer };
    await app.events.emit({ name: 'fork', repoId: e.source.id, ownerId: e.sourceOwner.id, payload: { forkee: payloadRepo(source), repository: payloadRepo(fork), sender: payloadUser(fork, e.doer) } });
  });
  // Issue events go out under their own hook event names (issues, issue_assign, issue_label, issue_milestone, issue_comment).
  // Those of pull requests under the pull_request names, with Gitea's PullRequestPayload.
  app.bus.subscribe('issue.changed', 'webhooks', async (e) => {
    const pull = e.issue.is_pull ? await pullPayload(app, e) : null;
    if (pull) await app.events.emit({ name: pullEventName(e.kind), repoId: e.repo.id, ownerId: e.owner.id, payload: pull });
    else if (e.kind !== 'pull_request_sync') await app.events.emit({ name: e.kind, repoId: e.repo.id, ownerId: e.owner.id, payload: await issuePayload(app, e) });
  });
  app.bus.subscribe('issue.commented', 'webhooks', async (e) => {
    await app.events.emit({ name: e.issue.is_pull ? 'pull_request_comment' : 'issue_comment', repoId: e.repo.id, ownerId: e.owner.id, payload: await commentPayload(app, e) });
  });
  // One `wiki` hook event per page change, in Gitea's WikiPayload shape.
  app.bus.subscribe('wiki.changed', 'webhooks', async (e) => {
    const base: PayloadBase = { baseUrl: e.baseUrl, repo: e.repo, owner: e.owner, sender: e.doer };
    for (const c of e.changes) {
      const payload = { action: c.action, repository: payloadRepo(base), sender: payloadUser(base, e.doer), page: c.page, comment: c.comment };
      await app.events.emit({ name: 'wiki', repoId: e.repo.id, ownerId: e.owner.id, payload });
    }
  });
  app.bus.subscribe('release.changed', 'webhooks', async (e) => {
    await app.events.emit({ name: 'release', repoId: e.repo.id, ownerId: e.owner.id, payload: await releasePayload(app, e) });
  });
  app.bus.subscribe('commit_status.created', 'webhooks', async (e) => {
    await app.events.emit({ name: 'status', repoId: e.repo.id, ownerId: e.owner.id, payload: await statusPayload(app, e) });
  });
}
