/**
 * Reading wiki pages as Gitea's wiki API does (routers/api/v1/repo/wiki.go): the list of the default branch's
 * top-level files, one page with its content, sidebar, footer, last commit and number of commits, and the
 * revisions of one page, 50 a page (Gitea's CommitsRangeSize).
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import { commitsByIds, countFileCommits, entriesAt, fileCommits, readBlobs, topEntries, type WikiCommitInfo, type WikiEntry } from '../../git/wiki-read.ts';
import { runGit } from '../../git/read.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { gitPathToWebPath, unescape, webPathToGitPath, webPathToTitle } from './wiki-path.ts';
import { wikiHead, type WikiHead } from './wiki-repo.ts';

/** Revisions a page of the revisions list holds (Gitea's `[git] COMMITS_RANGE_SIZE`). */
export const REVISIONS_PAGE = 50;

export interface WikiPageMeta {
  /** The web path: `sub_url`, the `{pageName}` of the API. */
  webPath: string;
  title: string;
  lastCommit: WikiCommitInfo;
}

export interface WikiPageView extends WikiPageMeta {
  /** The page's bytes; null when larger than `[api] DEFAULT_MAX_BLOB_SIZE` (Gitea answers an empty content then). */
  content: Buffer | null;
  commitCount: number;
  sidebar: Buffer | null;
  footer: Buffer | null;
}

/**
 * The newest commit that touched each of `paths`, from one `git log --name-only` walk (each path's first
 * appearance), then the details of those commits.
 */
async function lastCommitsOf(head: WikiHead, paths: string[]): Promise<Map<string, WikiCommitInfo>> {
  const out = new Map<string, WikiCommitInfo>();
  if (paths.length === 0) return out;
  const log = (await runGit(head.dir, ['-c', 'core.quotePath=false', 'log', '--format=%x1e%H', '--name-only', '--end-of-options', head.commit, '--', ...paths])).toString('utf8');
  const firstSha = new Map<string, string>();
  for (const rec of log.split('\x1e')) {
    const [sha = '', ...names] = rec.split('\n');
    for (const n of names) if (n && !firstSha.has(n)) firstSha.set(n, sha);
  }
  const shas = [...new Set(firstSha.values())];
  const details = await commitsByIds(head.dir, shas);
  for (const [p, sha] of firstSha) {
    const c = details.get(sha);
    if (c) out.set(p, c);
  }
  return out;
}

/** One page of the wiki's pages and the number of top-level entries (Gitea's X-Total-Count counts them all). */
export async function listPages(app: AppContext, repo: RepoRecord, page: number, limit: number): Promise<{ pages: WikiPageMeta[]; total: number }> {
  const head = await wikiHead(app, repo);
  const entries = await topEntries(head.dir, head.commit);
  const skip = (page - 1) * limit;
  const window = entries.slice(skip, skip + limit).filter((e) => e.type === 'blob' && e.mode !== '120000');
  const named = window.map((e) => ({ e, web: gitPathToWebPath(e.name) })).filter((x): x is { e: WikiEntry; web: string } => x.web !== null);
  const last = await lastCommitsOf(head, named.map((x) => x.e.name));
  const pages: WikiPageMeta[] = [];
  for (const { e, web } of named) {
    const c = last.get(e.name);
    if (c) pages.push({ webPath: web, title: webPathToTitle(web), lastCommit: c });
  }
  return { pages, total: entries.length };
}

/** Whether a path names a file inside the tree: no NUL byte, no `.`/`..` segment, not absolute. */
const insideTree = (p: string): boolean => !p.includes('\0') && !p.startsWith('/') && !p.split('/').some((seg) => seg === '..' || seg === '.');

/** The file of `webPath` in the wiki: Gitea's file name, or the unescaped form when only that exists. */
async function findPageFile(head: WikiHead, webPath: string): Promise<WikiEntry | null> {
  const file = webPathToGitPath(webPath);
  const alt = unescape(file, true);
  // No page lives outside the wiki's tree or holds a NUL byte: git cannot even be asked for one.
  if (!insideTree(file) || (alt !== null && !insideTree(alt))) return null;
  const found = await entriesAt(head.dir, head.commit, alt && alt !== file ? [file, alt] : [file]);
  return found.find((e) => e.name === file) ?? found.find((e) => e.name === alt) ?? null;
}

/** One page by web path, with sidebar and footer (`_Sidebar.md`, `_Footer.md`); 404 when there is none. */
export async function getPage(app: AppContext, repo: RepoRecord, webPath: string): Promise<WikiPageView> {
  const head = await wikiHead(app, repo);
  const entry = await findPageFile(head, webPath);
  if (!entry || entry.type !== 'blob') throw new NotFoundError();
  const extras = await entriesAt(head.dir, head.commit, ['_Sidebar.md', '_Footer.md']);
  const max = app.settings.int('api.DEFAULT_MAX_BLOB_SIZE');
  const blobs = await readBlobs(head.dir, [entry.id, ...extras.map((e) => e.id)]);
  const content = (id: string | undefined): Buffer | null => {
    const b = id ? blobs.get(id) : undefined;
    return b && b.length <= max ? b : null;
  };
  const [last, count] = await Promise.all([lastCommitsOf(head, [entry.name]), countFileCommits(head.dir, head.commit, entry.name)]);
  const lastCommit = last.get(entry.name);
  if (!lastCommit) throw new NotFoundError();
  return {
    webPath, title: webPathToTitle(webPath), lastCommit, commitCount: count, content: content(entry.id) ?? (blobs.get(entry.id) ? null : Buffer.alloc(0)),
    sidebar: content(extras.find((e) => e.name === '_Sidebar.md')?.id), footer: content(extras.find((e) => e.name === '_Footer.md')?.id),
  };
}

/** One page (`page`, 1-based) of a wiki page's revisions, newest first, and how many there are; 404 for no page. */
export async function pageRevisions(app: AppContext, repo: RepoRecord, webPath: string, page: number): Promise<{ commits: WikiCommitInfo[]; count: number }> {
  const head = await wikiHead(app, repo);
  const entry = await findPageFile(head, webPath || 'Home');
  if (!entry) throw new NotFoundError();
  const [commits, count] = await Promise.all([
    fileCommits(head.dir, head.commit, entry.name, (Math.max(page, 1) - 1) * REVISIONS_PAGE, REVISIONS_PAGE),
    countFileCommits(head.dir, head.commit, entry.name),
  ]);
  return { commits, count };
}

/** Whether a page's file exists at the wiki's head (for writes): the file found, or Gitea's file name for a new one. */
export async function pageFileAt(head: WikiHead | null, webPath: string): Promise<{ exists: boolean; file: string }> {
  const unescaped = `${webPath}.md`;
  const file = webPathToGitPath(webPath);
  if (!insideTree(file) || !insideTree(unescaped)) throw new BadRequestError('wiki page name leaves the wiki');
  if (!head) return { exists: false, file };
  const found = await entriesAt(head.dir, head.commit, unescaped === file ? [file] : [unescaped, file]);
  // Gitea's prepareGitPath: the unescaped name wins when it exists; otherwise the escaped one, existing or not.
  if (found.some((e) => e.name === unescaped)) return { exists: true, file: unescaped };
  return { exists: found.some((e) => e.name === file), file };
}
