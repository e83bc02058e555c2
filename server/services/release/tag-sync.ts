/**
 * Keeps releases in step with the repository's tags (Gitea's pushUpdateAddTags / pushDeleteTags): a tag that
 * appears gets a tag-only release (title the message's first line, note the rest, publisher the tagger's
 * account) unless it has a release, whose commit is then updated; a tag that goes takes its tag-only release
 * with it and turns a real release into a draft. No release hook event is sent for any of this, as in Gitea.
 */
import type { AppContext } from '../context.ts';
import type { DomainEvents } from '../events/domain.ts';
import type { RepoRecord } from '../../store/records.ts';
import * as releaseStore from '../../store/releases.ts';
import * as userStore from '../../store/users.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as repoStore from '../../store/repos.ts';
import { getTag, listTags } from '../repository/tags.ts';
import { deferRecordSaves } from '../repository/deferred-records.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { removeRepoAssets } from './assets.ts';

const TAGS = 'refs/tags/';
const isZero = (sha: string): boolean => /^0+$/.test(sha);

/** `defer`: an API write; a new tag-only release reaches the disk after the answer (the journal marks the repository). */
async function tagAdded(app: AppContext, repo: RepoRecord, name: string, defer = false): Promise<void> {
  let info;
  try {
    info = await getTag(app, repo, name);
  } catch (err) {
    if (err instanceof NotFoundError) return; // not a commit's tag (a tag of a tree or blob)
    throw err;
  }
  const existing = await releaseStore.getByTag(app.store, repo.id, name);
  const [title = '', ...rest] = info.message.split('\n');
  const publisher = await userStore.getByEmail(app.store, info.tagger.email);
  const created = new Date(info.tagger.unix * 1000).toISOString();
  if (existing) {
    await releaseStore.update(app.store, existing.id, (r) => {
      r.sha1 = info.commit.id;
      if (!r.is_tag) return;
      r.created = created;
      r.title = title;
      r.note = rest.join('\n');
      if (publisher) r.publisher_id = publisher.id;
    });
    return;
  }
  try {
    const staged = await releaseStore.insertStaged(app.store, (id) => ({
      id, repo_id: repo.id, publisher_id: publisher?.id ?? 0, tag_name: name, lower_tag_name: name.toLowerCase(), target: '', title,
      note: rest.join('\n'), sha1: info.commit.id, is_draft: false, is_prerelease: false, is_tag: true, created,
    }));
    // after a kill, the start-up rebuild of the repository's records adds it again from the tag (syncTagOnlyReleases)
    if (defer) await deferRecordSaves(app, repo.id, staged.saved, app.point.hold(), (a) => syncTagOnlyReleases(a, repo.id));
    else await staged.saved;
  } catch (err) {
    // a release written for this tag meanwhile wins
    if (!isUniqueViolation(err)) throw err;
  }
}

async function tagDeleted(app: AppContext, repo: RepoRecord, name: string): Promise<void> {
  const r = await releaseStore.getByTag(app.store, repo.id, name);
  if (!r) return;
  if (r.is_tag) await releaseStore.remove(app.store, r.id);
  else await releaseStore.update(app.store, r.id, (x) => { x.is_draft = true; x.sha1 = ''; });
}

/** Applies one ref update's effect on releases. */
export async function syncTagReleases(app: AppContext, e: DomainEvents['ref.updated']): Promise<void> {
  for (const u of e.updates) {
    if (!u.ref.startsWith(TAGS)) continue;
    const name = u.ref.slice(TAGS.length);
    if (isZero(u.newSha)) await tagDeleted(app, e.repo, name);
    else await tagAdded(app, e.repo, name, e.deferRecords === true);
  }
}

/**
 * Brings a repository's tag-only releases in step with its tags, as Gitea's SyncReleasesWithTags: a tag with no
 * release gets its tag-only release, a tag-only release whose tag is gone goes. Run at start for a repository whose
 * records may lag its refs.
 */
export async function syncTagOnlyReleases(app: AppContext, repoId: number): Promise<void> {
  const repo = await repoStore.getById(app.store, repoId);
  if (!repo || !existsSync(path.join(repoStore.gitDirOf(app.store, repo), 'HEAD'))) return;
  const tags = await listTags(app, repo);
  const names = new Set(tags.map((t) => t.name.toLowerCase()));
  for (const r of await releaseStore.listAll(app.store, repo.id, (x) => x.is_tag)) {
    if (!names.has(r.lower_tag_name)) await releaseStore.remove(app.store, r.id);
  }
  for (const t of tags) if (!(await releaseStore.getByTag(app.store, repo.id, t.name))) await tagAdded(app, repo, t.name);
}

/** Subscribes releases to the bus: tags that move, repositories that go. */
export function subscribeReleases(app: AppContext): void {
  app.bus.subscribe('ref.updated', 'releases', (e) => syncTagReleases(app, e));
  app.bus.subscribe('repo.deleted', 'releases', async (e) => {
    await removeRepoAssets(app, e.repo.id);
    await releaseStore.removeByRepo(app.store, e.repo.id);
  });
}
