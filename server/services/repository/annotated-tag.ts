/** GET /git/tags/{sha}: an annotated tag object by its id, with the commit it finally points at (Gitea's GetAnnotatedTag). */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { parseTag, type Commit, type Tag } from '../../git/objects.ts';
import { readerFor, refsOf } from './cache.ts';
import { notExist, peelToCommit } from './read.ts';

export interface AnnotatedTagView {
  tag: Tag;
  /** The tag's name as its ref knows it. */
  name: string;
  commit: Commit;
}

/**
 * The annotated tag `sha` names. As in Gitea, every failure is a 400: an id of the wrong length or not hex, an
 * object that is not a tag object (a lightweight tag's commit), a tag no ref under refs/tags points at, or one
 * that does not end at a commit.
 */
export async function getAnnotatedTag(app: AppContext, repo: RepoRecord, sha: string): Promise<AnnotatedTagView> {
  if (!sha) throw new BadRequestError('SHA not provided');
  if (sha.length !== 40 && sha.length !== 64) throw new BadRequestError(`length ${sha.length} has no matched object format: ${sha}`);
  const bad = /[^0-9a-fA-F]/.exec(sha);
  if (bad) throw new BadRequestError(`encoding/hex: invalid byte: U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} ${JSON.stringify(bad[0]).replace(/^"|"$/g, "'")}`);
  const id = sha.toLowerCase();
  const info = sha.length === (repo.object_format === 'sha256' ? 64 : 40) ? await readerFor(app, repo).info(id) : null;
  if (info?.type !== 'tag') throw new BadRequestError(notExist(id, 'annotated tag'));
  const ref = (await refsOf(app, repo)).refs.find((r) => r.name.startsWith('refs/tags/') && r.id === id);
  if (!ref) throw new BadRequestError(notExist(id, 'annotated tag'));
  const obj = await readerFor(app, repo).read(id);
  const commit = await peelToCommit(app, repo, id);
  if (!obj || !commit) throw new BadRequestError(notExist(id, 'annotated tag'));
  return { tag: parseTag(id, obj.data), name: ref.name.slice('refs/tags/'.length), commit };
}
