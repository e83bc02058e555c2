/**
 * Writing wiki pages without a working tree (Gitea's AddWikiPage, EditWikiPage, DeleteWikiPage): the blob and
 * tree are built with plumbing (git/commit-write.ts), then the default branch moves from the commit it held,
 * so a push that moved it meanwhile makes the write fail instead of being lost. Each write publishes one
 * `wiki.changed` with the page's action once the branch has moved.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import type { WikiPageChange } from '../events/domain.ts';
import { writeCommit, type TreeChange } from '../../git/commit-write.ts';
import { updateRef } from '../../git/ref-update.ts';
import { branchCommit } from '../../git/wiki-read.ts';
import { zeroId } from '../../git/objects.ts';
import { GitCommandError } from '../../git/read.ts';
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { commitMessage, commitPeople, decodeContent } from '../repository/files-check.ts';
import { eventBaseUrl } from '../repository/payloads.ts';
import { titleToWebPath, validateWebPath } from './wiki-path.ts';
import { pageFileAt } from './pages.ts';
import { ensureWiki, wikiBranch, wikiExists, withWikiLock, type WikiHead } from './wiki-repo.ts';

/** Content as Gitea's wiki API takes it: standard base64; 400 with Go's words when it is not. */
export function decodeWikiContent(b64: string | undefined): Buffer {
  try {
    return decodeContent(b64 ?? '');
  } catch (err) {
    if (err instanceof ValidationError) throw new BadRequestError(err.message);
    throw err;
  }
}

/** Gitea's 400 for a title that is taken, naming the field for forms. */
const pageTaken = (file: string, title: string): BadRequestError =>
  new BadRequestError(`wiki page already exists [title: ${file}]`, [{ field: 'title', code: 'invalid_value', message: `there is already a page called ${title}` }]);

/** Go's %q of a string, which Gitea's default messages use. */
const quoted = (s: string): string => JSON.stringify(s);

interface Write {
  changes: (head: WikiHead | null) => Promise<{ tree: TreeChange[]; change: WikiPageChange }>;
  message: string;
}

/** Builds and records one wiki commit under the wiki lock, then publishes its page change. */
async function commitWrite(app: AppContext, repo: RepoRecord, doer: UserRecord, w: Write, baseUrl: string): Promise<WikiPageChange> {
  const change = await withWikiLock(app, repo.id, async () => {
    const dir = await ensureWiki(app, repo);
    const branch = await wikiBranch(app, dir);
    const parent = await branchCommit(dir, branch);
    const head = parent ? { dir, branch, commit: parent } : null;
    const { tree, change } = await w.changes(head);
    const people = commitPeople(doer, {});
    const zero = zeroId(repo.object_format);
    const built = await writeCommit(dir, zero, { parent, changes: tree, ...people, message: commitMessage(w.message, false, people.committer) });
    // A backup's snapshot point sees the branch before or after this write, never in between.
    const lease = await app.point.enter();
    try {
      await updateRef(dir, `refs/heads/${branch}`, built.id, parent ?? zero);
    } catch (err) {
      if (err instanceof GitCommandError) throw new ConflictError('the wiki changed meanwhile; try again');
      throw err;
    } finally {
      lease();
    }
    return change;
  });
  await publishWikiChanges(app, repo, doer, [change], baseUrl);
  return change;
}

/** Publishes `wiki.changed` for page changes of `repo` by `doer`. */
export async function publishWikiChanges(app: AppContext, repo: RepoRecord, doer: UserRecord, changes: WikiPageChange[], baseUrl?: string): Promise<void> {
  if (changes.length === 0) return;
  const owner = await userStore.getById(app.store, repo.owner_id);
  if (!owner) return;
  await app.bus.publish('wiki.changed', { repo, owner, doer, changes, baseUrl: eventBaseUrl(app, baseUrl) });
}

/** Adds the page `title` (Gitea's AddWikiPage); returns its web path. 400 for an empty, reserved or taken title. */
export async function createPage(app: AppContext, repo: RepoRecord, doer: UserRecord, o: { title?: string | undefined; content: Buffer; message?: string | undefined }, baseUrl: string): Promise<string> {
  const title = o.title ?? '';
  if (!title.trim()) throw new BadRequestError('emptyTitle', [{ field: 'title', code: 'required', message: 'a page needs a title' }]);
  const webPath = titleToWebPath(title);
  validateWebPath(webPath);
  const message = o.message || `Add ${quoted(title)}`;
  await commitWrite(app, repo, doer, {
    message,
    changes: async (head) => {
      const at = await pageFileAt(head, webPath);
      if (at.exists) throw pageTaken(at.file, title);
      return { tree: [{ path: at.file, content: o.content }], change: { action: 'created', page: webPath, comment: message } };
    },
  }, baseUrl);
  return webPath;
}

/**
 * Changes the page `oldWebPath` (Gitea's EditWikiPage): new content, and a new name when a title is given. The
 * page is created when it did not exist, as Gitea does. The action is `edited`, `renamed` or `created`.
 */
export async function editPage(app: AppContext, repo: RepoRecord, doer: UserRecord, oldWebPath: string, o: { title?: string | undefined; content: Buffer; message?: string | undefined }, baseUrl: string): Promise<string> {
  const newWebPath = o.title?.trim() ? titleToWebPath(o.title) : oldWebPath;
  validateWebPath(newWebPath);
  const message = o.message || `Update ${quoted(newWebPath)}`;
  await commitWrite(app, repo, doer, {
    message,
    changes: async (head) => {
      const to = await pageFileAt(head, newWebPath);
      const from = newWebPath === oldWebPath ? to : await pageFileAt(head, oldWebPath);
      const tree: TreeChange[] = [];
      if (from.exists && from.file !== to.file) tree.push({ path: from.file, content: null });
      tree.push({ path: to.file, content: o.content });
      const action = !from.exists ? 'created' : from.file !== to.file ? 'renamed' : 'edited';
      return { tree, change: { action, page: newWebPath, comment: message } };
    },
  }, baseUrl);
  return newWebPath;
}

/** Deletes the page `webPath` (Gitea's DeleteWikiPage); 404 when there is no such page. */
export async function deletePage(app: AppContext, repo: RepoRecord, doer: UserRecord, webPath: string, baseUrl: string): Promise<void> {
  if (!wikiExists(app, repo)) throw new NotFoundError('file does not exist');
  await commitWrite(app, repo, doer, {
    message: `Delete page ${quoted(webPath)}`,
    changes: async (head) => {
      const at = await pageFileAt(head, webPath);
      if (!head || !at.exists) throw new NotFoundError('file does not exist');
      return { tree: [{ path: at.file, content: null }], change: { action: 'deleted', page: webPath, comment: '' } };
    },
  }, baseUrl);
}

