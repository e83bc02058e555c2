/**
 * Tags through the API: list (newest first), get, create (lightweight without a message, annotated with one),
 * delete. Writes are followed by processRefUpdates, as for a push of the tag.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { parseTag, zeroId, type Commit, type Signature } from '../../git/objects.ts';
import { isValidRefName } from '../../git/ref-update.ts';
import { tagObjectBody } from '../../git/loose-object.ts';
import { PackBuilder } from '../../git/pack-write.ts';
import type { RefEntry } from '../../git/read.ts';
import { moveRefs, RefMovedError } from './ref-write.ts';
import { knownPeel } from './push-events.ts';
import { cached, gitDirFor, objectsStored, refsOf, rememberWritten } from './cache.ts';
import { readForDisplay, SHARED_READ_MAX } from './capped.ts';
import { notExist, peelToCommit, resolveRef } from './read.ts';
import type { CreateTagOption } from '../../structs/tag.ts';

export interface TagInfo {
  name: string;
  /** The tag object's id for an annotated tag, the commit's id for a lightweight one. */
  id: string;
  message: string;
  commit: Commit;
  /** The tagger (annotated) or the commit's committer (lightweight). */
  tagger: Signature;
}

const TAGS = 'refs/tags/';

async function tagInfo(app: AppContext, repo: RepoRecord, ref: RefEntry): Promise<TagInfo | null> {
  return cached(app, repo, `tag:${ref.name}:${ref.id}`, async () => {
    const name = ref.name.slice(TAGS.length);
    const commit = await peelToCommit(app, repo, ref.id);
    if (!commit) return null;
    if (ref.type !== 'tag') return { name, id: commit.id, message: commit.message, commit, tagger: commit.committer };
    const obj = await readForDisplay(app, repo, ref.id, 'tag');
    const tag = obj ? parseTag(obj.id, obj.data) : null;
    return { name, id: ref.id, message: tag?.message ?? '', commit, tagger: tag?.tagger ?? commit.committer };
  });
}

/** Every tag that points (through tag objects) at a commit, newest first. */
export async function listTags(app: AppContext, repo: RepoRecord): Promise<TagInfo[]> {
  const refs = (await refsOf(app, repo)).refs.filter((r) => r.name.startsWith(TAGS));
  const tags = (await Promise.all(refs.map((r) => tagInfo(app, repo, r)))).filter((t): t is TagInfo => !!t);
  return tags.sort((a, b) => b.tagger.unix - a.tagger.unix || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** One tag; 404 "tag doesn't exist" otherwise. */
export async function getTag(app: AppContext, repo: RepoRecord, name: string): Promise<TagInfo> {
  const ref = (await refsOf(app, repo)).byName.get(TAGS + name);
  const info = ref ? await tagInfo(app, repo, ref) : null;
  if (!info) throw new NotFoundError(`tag doesn't exist: ${name}`);
  return info;
}

/** Gitea's CreateTagOption, parsed. */
export type CreateTagInput = CreateTagOption;

/** Creates a tag at `target` (default: the default branch); annotated when a message is given. */
export async function createTag(app: AppContext, repo: RepoRecord, doer: UserRecord, opt: CreateTagInput, baseUrl: string): Promise<TagInfo> {
  const gitDir = gitDirFor(app, repo);
  const name = opt.tag_name;
  if (!(await isValidRefName(gitDir, TAGS + name))) throw new ValidationError(`tag_name: ${name} is not a valid tag name.`, [{ field: 'tag_name', code: 'invalid_format', message: `${name} is not a valid tag name` }]);
  let commit: Commit;
  try {
    commit = (await resolveRef(app, repo, opt.target || repo.default_branch)).commit;
  } catch (err) {
    if (err instanceof NotFoundError) throw new NotFoundError(notExist(opt.target || repo.default_branch, 'branch, tag or commit'));
    throw err;
  }
  if ((await refsOf(app, repo)).byName.has(TAGS + name)) throw new ConflictError(`tag already exists [name: ${name}]`);
  const message = opt.message?.trim() ?? '';
  let id = commit.id;
  // the tag object is stored with the ref writer's batch (tags made at the same time share a pack); until then
  // the object cache holds it
  const objects = new PackBuilder(repo.object_format);
  if (message) {
    const body = tagObjectBody(name, commit.id, 'commit', message, { name: doer.full_name || doer.name, email: doer.email }, Math.floor(Date.now() / 1000));
    id = objects.add('tag', body);
    rememberWritten(app, repo, id, 'tag', body, true);
    knownPeel(app, repo, id, commit.id);
    // what the answer and the tag's release read back: known from the bytes just written, no object reads
    // (a tag too large to be read whole is read, and cut, as before)
    const tag = parseTag(id, body);
    if (body.length <= SHARED_READ_MAX) void cached(app, repo, `tag:${TAGS}${name}:${id}`, async () => ({ name, id, message: tag.message, commit, tagger: tag.tagger ?? commit.committer }));
  }
  const update = { ref: TAGS + name, oldSha: zeroId(repo.object_format), newSha: id };
  const change = { ref: update.ref, id, type: message ? 'tag' : 'commit', peeled: commit.id, time: message ? Math.floor(Date.now() / 1000) : commit.committer.unix };
  let stored = false;
  try {
    // a tag object is a few hundred bytes: the recorded size (KiB) stays until the next push
    await moveRefs(app, repo, doer, gitDir, [update], { baseUrl, heads: [], changes: [change], sameSize: true, objects });
    stored = true;
  } catch (err) {
    if (err instanceof RefMovedError) throw new ConflictError(`tag already exists [name: ${name}]`);
    throw err;
  } finally {
    objectsStored(app, repo, objects.ids, stored);
  }
  return getTag(app, repo, name);
}

/** Deletes a tag; 404 when it does not exist. */
export async function deleteTag(app: AppContext, repo: RepoRecord, doer: UserRecord, name: string, baseUrl: string): Promise<void> {
  const ref = (await refsOf(app, repo)).byName.get(TAGS + name);
  if (!ref) throw new NotFoundError();
  const update = { ref: TAGS + name, oldSha: ref.id, newSha: zeroId(repo.object_format) };
  try {
    await moveRefs(app, repo, doer, gitDirFor(app, repo), [update], { baseUrl, heads: [], changes: [{ ref: update.ref, id: null }], sameSize: true });
  } catch (err) {
    if (err instanceof RefMovedError) throw new ConflictError(`tag ${name} changed while it was being deleted`);
    throw err;
  }
}
