/** Gitea's wiki answers from wiki reads: `WikiCommit`, `WikiPageMetaData`, `WikiPage`, `WikiCommitList`. */
import type { WikiCommit, WikiCommitList, WikiPage, WikiPageMetaData } from '../structs/wiki.ts';
import type { WikiCommitInfo as CommitLike } from '../lib/wiki-commit.ts';

interface MetaLike {
  webPath: string;
  title: string;
  lastCommit: CommitLike;
}

interface PageLike extends MetaLike {
  content: Buffer | null;
  commitCount: number;
  sidebar: Buffer | null;
  footer: Buffer | null;
}

/** A git date as Gitea writes it here: RFC 3339 in UTC, whole seconds. */
const utc = (iso: string): string => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Gitea's `WikiCommit`. */
export function toWikiCommit(c: CommitLike): WikiCommit {
  return {
    sha: c.sha,
    author: { name: c.authorName, email: c.authorEmail, date: utc(c.authorDate) },
    commiter: { name: c.committerName, email: c.committerEmail, date: utc(c.committerDate) },
    message: c.message,
  };
}

/** Gitea's `WikiPageMetaData`; `repoHtml` is the repository's web address. */
export function toWikiPageMetaData(p: MetaLike, repoHtml: string): WikiPageMetaData {
  return { title: p.title, html_url: `${repoHtml}/wiki/${p.webPath}`, sub_url: p.webPath, last_commit: toWikiCommit(p.lastCommit) };
}

/** Gitea's `WikiPage`: a content over the blob size limit is sent empty, as Gitea does. */
export function toWikiPage(p: PageLike, repoHtml: string): WikiPage {
  const b64 = (b: Buffer | null): string => (b ? b.toString('base64') : '');
  return { ...toWikiPageMetaData(p, repoHtml), content_base64: b64(p.content), commit_count: p.commitCount, sidebar: b64(p.sidebar), footer: b64(p.footer) };
}

/** Gitea's `WikiCommitList`. */
export function toWikiCommitList(commits: CommitLike[], count: number): WikiCommitList {
  return { commits: commits.map(toWikiCommit), count };
}
