/** What a release answer needs besides the record: its publisher and its files; and Gitea's release hook payload. */
import type { AppContext } from '../context.ts';
import type { DomainEvents } from '../events/domain.ts';
import type { UserRecord } from '../../store/records.ts';
import type { ReleaseRecord } from '../../store/releases.ts';
import type { ReleaseAssetRecord } from '../../store/release-assets.ts';
import { userOrGhost } from '../issue/view.ts';
import { assetsOf } from './assets.ts';
import { toRelease } from '../../convert/release.ts';
import { eventBaseUrl, payloadRepo, payloadUser, type PayloadBase } from '../repository/payloads.ts';

export interface ReleaseView {
  release: ReleaseRecord;
  publisher: UserRecord;
  assets: ReleaseAssetRecord[];
}

/** The views of some releases, in the order given. */
export async function releaseViews(app: AppContext, releases: ReleaseRecord[]): Promise<ReleaseView[]> {
  const assets = await assetsOf(app, releases.map((r) => r.id));
  const users = new Map<number, UserRecord>();
  const out: ReleaseView[] = [];
  for (const r of releases) {
    if (!users.has(r.publisher_id)) users.set(r.publisher_id, await userOrGhost(app, r.publisher_id));
    out.push({ release: r, publisher: users.get(r.publisher_id)!, assets: assets.get(r.id) ?? [] });
  }
  return out;
}

/** Gitea's ReleasePayload: action, release, repository, sender. */
export async function releasePayload(app: AppContext, e: DomainEvents['release.changed']): Promise<Record<string, unknown>> {
  const base: PayloadBase = { baseUrl: eventBaseUrl(app), repo: e.repo, owner: e.owner, sender: e.doer };
  const [v] = await releaseViews(app, [e.release]);
  return {
    action: e.action, release: toRelease(e.release, v!.publisher, v!.assets, e.owner, e.repo, null, base.baseUrl),
    repository: payloadRepo(base), sender: payloadUser(base, e.doer),
  };
}
