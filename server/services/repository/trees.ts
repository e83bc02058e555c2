/** GET /git/trees/{sha}: a tree (or a commit's tree) listed flat or recursively, paged as Gitea pages it. */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { parseCommit, parseTag } from '../../git/objects.ts';
import { lsTreeRecursive, readTree, type LsTreeEntry } from '../../git/read.ts';
import { cached, gitDirFor, limitGit, readerFor } from './cache.ts';
import { resolveRef } from './read.ts';
import { readForDisplay } from './capped.ts';

export interface TreePage {
  /** The tree's id. */
  sha: string;
  entries: LsTreeEntry[];
  total: number;
  truncated: boolean;
  page: number;
}

/** The tree named by a tree id, a commit id, a tag or a branch; 400 when it names nothing, as Gitea answers. */
async function treeIdOf(app: AppContext, repo: RepoRecord, sha: string): Promise<string> {
  const reader = readerFor(app, repo);
  let info = /^[0-9a-f]{4,64}$/i.test(sha) ? await reader.info(sha.toLowerCase()) : null;
  for (let depth = 0; info?.type === 'tag' && depth < 10; depth++) {
    const tag = await readForDisplay(app, repo, info.id, 'tag');
    info = tag ? await reader.info(parseTag(tag.id, tag.data).object) : null;
  }
  if (info?.type === 'tree') return info.id;
  const commit = info?.type === 'commit' ? await readForDisplay(app, repo, info.id, 'commit') : null;
  if (commit) return parseCommit(commit.id, commit.data).tree;
  try {
    return (await resolveRef(app, repo, sha)).commit.tree;
  } catch (err) {
    if (err instanceof NotFoundError) throw new BadRequestError(`The tree, branch, tag or commit ${sha} does not exist in this repository.`);
    throw err;
  }
}

/** One page of the entries of the tree `sha` (per_page is capped by [api] DEFAULT_GIT_TREES_PER_PAGE). */
export async function getTree(app: AppContext, repo: RepoRecord, sha: string, recursive: boolean, page: number, perPage: number): Promise<TreePage> {
  if (!sha) throw new BadRequestError('sha not provided');
  const max = app.settings.int('api.DEFAULT_GIT_TREES_PER_PAGE');
  const size = perPage <= 0 || perPage > max ? max : perPage;
  const p = Math.max(1, page);
  const treeId = await treeIdOf(app, repo, sha);
  const all = await cached(app, repo, `tree:${treeId}:${recursive}`, async () => {
    if (recursive) return limitGit(app, () => lsTreeRecursive(gitDirFor(app, repo), treeId));
    const reader = readerFor(app, repo);
    return Promise.all((await readTree(reader, repo.object_format, treeId)).map(async (e) => ({
      mode: e.mode.padStart(6, '0'), type: e.type, id: e.id, path: e.name, size: e.type === 'blob' ? (await reader.info(e.id))?.size ?? 0 : 0,
    })));
  });
  const start = size * (p - 1);
  const end = Math.min(all.length, start + size);
  return { sha: treeId, entries: start >= all.length ? [] : all.slice(start, end), total: all.length, truncated: start < all.length && end < all.length, page: p };
}
