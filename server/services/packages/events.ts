/**
 * The packages feature on the bus: Gitea's `package` hook event for each version published or removed (the
 * payload has no repository, so owner and system hooks get it; a linked repository's hooks too), and links to
 * a deleted repository dropped.
 */
import type { AppContext } from '../context.ts';
import type { DomainEvents } from '../events/domain.ts';
import * as pkgStore from '../../store/packages.ts';
import * as userStore from '../../store/users.ts';
import { toPackage } from '../../convert/package.ts';
import { toUser } from '../../convert/user.ts';
import { eventBaseUrl } from '../repository/payloads.ts';

/** Gitea's PackagePayload: action, the package version as its owner sees it, no repository, the sender. */
export async function packagePayload(app: AppContext, e: DomainEvents['package.changed']): Promise<Record<string, unknown>> {
  const baseUrl = eventBaseUrl(app);
  const creator = (await userStore.getById(app.store, e.version.creator_id)) ?? null;
  const pkg = toPackage({ pkg: e.pkg, version: e.version, owner: e.owner, creator, repo: null }, null, baseUrl);
  return { action: e.action, repository: null, package: pkg, organization: null, sender: toUser(e.doer, null, baseUrl) };
}

async function packageChanged(app: AppContext, e: DomainEvents['package.changed']): Promise<void> {
  await app.events.emit({ name: 'package', repoId: e.pkg.repo_id || null, ownerId: e.owner.id, payload: await packagePayload(app, e) });
}

/** Subscribes the package hook event (under `webhooks`) and the unlinking of deleted repositories. */
export function subscribePackages(app: AppContext): void {
  app.bus.subscribe('package.changed', 'webhooks', (e) => packageChanged(app, e));
  app.bus.subscribe('repo.deleted', 'packages', async (e) => {
    for (const p of await pkgStore.packagesOfRepo(app.store, e.repo.id)) await pkgStore.updatePackage(app.store, p.id, (r) => { r.repo_id = 0; });
  });
}
