/**
 * A push to a wiki repository: the refs it changed, then one page change per page file the default branch's
 * tree gained, changed, renamed or lost (old and new tree diffed, renames found by content), published as
 * `wiki.changed` with the pusher as the doer and the new head's message as the comment.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { WikiPageChange } from '../events/domain.ts';
import { confirmUpdates, type RefUpdate } from '../repository/push.ts';
import { diffTrees, EMPTY_TREE, commitsByIds } from '../../git/wiki-read.ts';
import { zeroId } from '../../git/refs.ts';
import { gitPathToWebPath } from './wiki-path.ts';
import { settleWikiHead } from './wiki-repo.ts';
import { publishWikiChanges } from './write.ts';

const ACTIONS = { A: 'created', M: 'edited', D: 'deleted', R: 'renamed' } as const;

/** A top-level `.md` file's web path, or null for a file that is no page. */
const pageOf = (file: string | undefined): string | null => (file && !file.includes('/') ? gitPathToWebPath(file) : null);

/** The page changes between two commits of a wiki (the zero id for a branch created or deleted). */
export async function wikiPageChanges(dir: string, format: RepoRecord['object_format'], oldSha: string, newSha: string): Promise<WikiPageChange[]> {
  const tree = (sha: string): string => (zeroId(sha) ? EMPTY_TREE[format] : `${sha}^{tree}`);
  const head = zeroId(newSha) ? undefined : (await commitsByIds(dir, [newSha])).get(newSha);
  const comment = head?.message.trim() ?? '';
  const out: WikiPageChange[] = [];
  for (const c of await diffTrees(dir, tree(oldSha), tree(newSha))) {
    const page = pageOf(c.path);
    const from = c.status === 'R' ? pageOf(c.from) : null;
    if (c.status === 'R' && page && !from) out.push({ action: 'created', page, comment });
    else if (c.status === 'R' && !page && from) out.push({ action: 'deleted', page: from, comment: '' });
    else if (page) out.push({ action: ACTIONS[c.status], page, comment: c.status === 'D' ? '' : comment });
  }
  return out;
}

/** After receive-pack into a wiki exited: the default branch's page changes, published for webhooks. */
export async function afterWikiPush(
  app: AppContext, repo: RepoRecord, pusher: UserRecord, dir: string, commands: RefUpdate[], report: Map<string, boolean> | null, baseUrl: string,
): Promise<void> {
  const updates = await confirmUpdates(dir, commands, report);
  if (updates.length === 0) return;
  const branch = await settleWikiHead(app, dir);
  const u = updates.find((x) => x.ref === `refs/heads/${branch}`);
  if (!u) return;
  await publishWikiChanges(app, repo, pusher, await wikiPageChanges(dir, repo.object_format, u.oldSha, u.newSha), baseUrl);
}
