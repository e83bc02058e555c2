/**
 * Releases (Gitea's services/release/release.go and routers/api/v1/repo/release.go): a release names a tag;
 * creating one makes the tag at its target when the tag does not exist (not for drafts: a draft's tag is made
 * when it is published). Tags pushed with git are tag-only releases (tag-sync.ts), hidden by the release API;
 * writing a release for such a tag turns it into a real one. Drafts are seen by release writers only.
 * `release.changed` is published for published, updated and deleted releases, as Gitea's notifier fires them.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as releaseStore from '../../store/releases.ts';
import type { ReleaseRecord } from '../../store/releases.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { atLeast, unitMode, type Permission } from '../permission/permissions.ts';
import { createTag, getTag } from '../repository/tags.ts';
import { refsOf } from '../repository/cache.ts';
import { removeReleaseAssets } from './assets.ts';

export type { ReleaseRecord } from '../../store/releases.ts';

/** The repository, the doer and the doer's permission, as the route guard loaded them. */
export interface ReleaseScope {
  repo: RepoRecord;
  owner: UserRecord;
  perm: Permission;
  doer: UserRecord;
  baseUrl: string;
}

/** Gitea's CreateReleaseOption fields (name → title, body → note, target_commitish → target). */
export interface ReleaseFields {
  tag_name?: string | undefined;
  target_commitish?: string | undefined;
  name?: string | undefined;
  body?: string | undefined;
  draft?: boolean | undefined;
  prerelease?: boolean | undefined;
  tag_message?: string | undefined;
}

/** Whether `perm` may see drafts and write releases. */
export const canWriteReleases = (perm: Permission): boolean => atLeast(unitMode(perm, 'repo.releases'), 'write');

const visible = (perm: Permission) => (r: ReleaseRecord): boolean => !r.is_tag && (!r.is_draft || canWriteReleases(perm));

/** One page of releases (never tag-only ones; drafts only for writers), newest first, filtered by draft and pre-release. */
export function listReleases(app: AppContext, repo: RepoRecord, perm: Permission, q: { draft?: boolean | undefined; prerelease?: boolean | undefined; page: number; limit: number }) {
  const see = visible(perm);
  const where = (r: ReleaseRecord) => see(r) && (q.draft === undefined || r.is_draft === q.draft) && (q.prerelease === undefined || r.is_prerelease === q.prerelease);
  return releaseStore.list(app.store, repo.id, where, q.page, q.limit);
}

/** Every tag-only release and release of a repository, newest first (the tags page). */
export async function listWithTags(app: AppContext, repo: RepoRecord, perm: Permission, page: number, limit: number) {
  const see = (r: ReleaseRecord) => r.is_tag || visible(perm)(r);
  return releaseStore.list(app.store, repo.id, see, page, limit);
}

/** A release by id; 404 for a tag-only release, another repository's, or a draft the viewer may not see. */
export async function getRelease(app: AppContext, repo: RepoRecord, perm: Permission, id: number): Promise<ReleaseRecord> {
  const r = Number.isSafeInteger(id) ? await releaseStore.get(app.store, id) : undefined;
  if (!r || r.repo_id !== repo.id || !visible(perm)(r)) throw new NotFoundError(`release does not exist [id: ${id}]`);
  return r;
}

/** A release by its tag; 404 as getRelease. */
export async function getReleaseByTag(app: AppContext, repo: RepoRecord, perm: Permission, tag: string): Promise<ReleaseRecord> {
  const r = await releaseStore.getByTag(app.store, repo.id, tag);
  if (!r || !visible(perm)(r)) throw new NotFoundError(`release tag does not exist [tag: ${tag}]`);
  return r;
}

/** The newest release that is neither a draft nor a pre-release (Gitea's GetLatestReleaseByRepoID). */
export async function latestRelease(app: AppContext, repo: RepoRecord): Promise<ReleaseRecord> {
  const page = await releaseStore.list(app.store, repo.id, (r) => !r.is_tag && !r.is_draft && !r.is_prerelease, 1, 1);
  const r = page.rows[0];
  if (!r) throw new NotFoundError('release does not exist');
  return r;
}

const tagExists = async (app: AppContext, repo: RepoRecord, tag: string): Promise<boolean> => (await refsOf(app, repo)).byName.has(`refs/tags/${tag}`);

/**
 * Gitea's createTag of a release: nothing for a draft; otherwise makes the tag at the target when it is missing
 * (through the pre-receive rules, so a protected tag is refused) and reads the tag's commit. True when it made the tag.
 */
async function ensureTag(app: AppContext, s: ReleaseScope, r: ReleaseRecord, message: string): Promise<{ created: boolean; sha1: string }> {
  if (r.is_draft) return { created: false, sha1: r.sha1 };
  let created = false;
  if (!(await tagExists(app, s.repo, r.tag_name))) {
    await createTag(app, s.repo, s.doer, { tag_name: r.tag_name, target: r.target || s.repo.default_branch, ...(message ? { message } : {}) }, s.baseUrl);
    created = true;
  }
  return { created, sha1: (await getTag(app, s.repo, r.tag_name)).commit.id };
}

/** 409 for a tag that already has a release, naming the field for forms. */
const releaseTaken = (tag: string): ConflictError =>
  new ConflictError(`release ${tag} already exists`, [{ field: 'tag_name', code: 'invalid_value', message: `the tag ${tag} already has a release` }]);

const lock = <T>(app: AppContext, repo: RepoRecord, fn: () => Promise<T>): Promise<T> => app.locks.run(`releases:${repo.id}`, fn);

/** Creates a release (Gitea's CreateRelease API): 409 when the tag already has a release, tag-only releases are taken over. */
export async function createRelease(app: AppContext, s: ReleaseScope, f: ReleaseFields & { tag_name: string }): Promise<ReleaseRecord> {
  if (s.repo.is_empty) throw new ValidationError('repo is empty');
  const tag = f.tag_name.trim();
  if (!tag) throw new ValidationError('tag_name: Required', [{ field: 'tag_name', code: 'required', message: 'Required' }]);
  const out = await lock(app, s.repo, async () => {
    const existing = await releaseStore.getByTag(app.store, s.repo.id, tag);
    if (existing && !existing.is_tag) throw releaseTaken(tag);
    const draft: ReleaseRecord = {
      id: existing?.id ?? 0, repo_id: s.repo.id, publisher_id: s.doer.id, tag_name: existing?.tag_name ?? tag, lower_tag_name: tag.toLowerCase(),
      target: f.target_commitish || (existing ? '' : s.repo.default_branch), title: f.name ?? '', note: f.body ?? '', sha1: existing?.sha1 ?? '',
      is_draft: f.draft ?? false, is_prerelease: f.prerelease ?? false, is_tag: false, created: existing?.created ?? new Date().toISOString(),
    };
    const t = await ensureTag(app, s, draft, f.tag_message?.trim() ?? '');
    const now = t.created || !existing ? new Date().toISOString() : draft.created;
    // the tag-sync subscriber may have stored a tag-only release for the tag just made: take it over
    const current = existing ?? (await releaseStore.getByTag(app.store, s.repo.id, tag));
    const row = { ...draft, sha1: t.sha1, created: now };
    if (current) return (await releaseStore.update(app.store, current.id, (r) => Object.assign(r, row, { id: current.id, tag_name: current.tag_name })))!;
    return releaseStore.insert(app.store, (id) => ({ ...row, id }));
  });
  if (!out.is_draft) await app.bus.publish('release.changed', { repo: s.repo, owner: s.owner, doer: s.doer, release: out, action: 'published' });
  return out;
}

/** Edits a release (Gitea's EditRelease: empty strings keep the old values); publishing a draft makes its tag. */
export async function editRelease(app: AppContext, s: ReleaseScope, id: number, f: ReleaseFields): Promise<ReleaseRecord> {
  const { out, action } = await lock(app, s.repo, async () => {
    const was = await getRelease(app, s.repo, s.perm, id);
    const next: ReleaseRecord = {
      ...was, tag_name: f.tag_name || was.tag_name, target: f.target_commitish || was.target, title: f.name || was.title,
      note: f.body || was.note, is_draft: f.draft ?? was.is_draft, is_prerelease: f.prerelease ?? was.is_prerelease,
    };
    next.lower_tag_name = next.tag_name.toLowerCase();
    if (next.lower_tag_name !== was.lower_tag_name) {
      const other = await releaseStore.getByTag(app.store, s.repo.id, next.tag_name);
      if (other && !other.is_tag) throw releaseTaken(next.tag_name);
      if (other) await releaseStore.remove(app.store, other.id);
    }
    const t = await ensureTag(app, s, next, '');
    // the tag just made may have been stored as a tag-only release meanwhile
    const shadow = t.created ? await releaseStore.getByTag(app.store, s.repo.id, next.tag_name) : undefined;
    if (shadow && shadow.id !== was.id) await releaseStore.remove(app.store, shadow.id);
    const saved = (await releaseStore.update(app.store, was.id, (r) => Object.assign(r, next, { sha1: t.sha1, ...(t.created ? { created: new Date().toISOString() } : {}) })))!;
    return { out: saved, action: t.created ? 'published' as const : 'updated' as const };
  });
  if (!out.is_draft) await app.bus.publish('release.changed', { repo: s.repo, owner: s.owner, doer: s.doer, release: out, action });
  return out;
}

/**
 * Deletes a release but not its tag (Gitea's DeleteReleaseByID without delTag): a release whose tag exists stays
 * as that tag's tag-only release; its attachments go.
 */
export async function deleteRelease(app: AppContext, s: ReleaseScope, r: ReleaseRecord): Promise<void> {
  await lock(app, s.repo, async () => {
    if (r.sha1 && (await tagExists(app, s.repo, r.tag_name))) {
      await releaseStore.update(app.store, r.id, (x) => { x.is_tag = true; x.is_draft = false; x.is_prerelease = false; });
    } else await releaseStore.remove(app.store, r.id);
    await removeReleaseAssets(app, r.id);
  });
  if (!r.is_draft) await app.bus.publish('release.changed', { repo: s.repo, owner: s.owner, doer: s.doer, release: r, action: 'deleted' });
}

/** Whether a real release (not a tag-only one) is attached to the tag: Gitea refuses deleting such a tag through the API. */
export async function tagHasRelease(app: AppContext, repo: RepoRecord, tag: string): Promise<boolean> {
  const r = await releaseStore.getByTag(app.store, repo.id, tag);
  return !!r && !r.is_tag;
}
