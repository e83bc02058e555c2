/** The webhook events of one changed ref, in Gitea's order (services/repository/push.go). */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import * as refs from '../../git/refs.ts';
import { repoUrls } from '../../convert/repo.ts';
import { cached, readerFor } from './cache.ts';
import {
  createPayload, deletePayload, payloadCommits, pushPayload, type PayloadBase, type PayloadCommit,
} from './payloads.ts';

/** How many commits a push event lists (Gitea's CommitsBeforeLimit(10)). */
export const PUSH_COMMITS_LIMIT = 10;

interface Update {
  ref: string;
  oldSha: string;
  newSha: string;
}

function eventOf(app: AppContext, b: PayloadBase, name: 'push' | 'create' | 'delete', branch: string | undefined, payload: Record<string, unknown>) {
  return app.events.emit({ name, repoId: b.repo.id, ownerId: b.repo.owner_id, ...(branch !== undefined ? { branch } : {}), payload });
}

async function headCommit(app: AppContext, b: PayloadBase, gitDir: string, sha: string): Promise<PayloadCommit | null> {
  const commit = await cached(app, b.repo, `peel:${sha}`, () => refs.peelToCommit(gitDir, sha));
  if (!commit) return null;
  const [c] = await payloadCommits(app, b, await logOf(app, b, gitDir, [commit], 1));
  return c ?? null;
}

/**
 * `<id>^` of a commit (its first parent, or null for a root commit), read from the running object reader and
 * cached by the commit's id: a new branch's compare URL costs no `rev-parse` process.
 */
const firstParent = (app: AppContext, repo: RepoRecord, id: string): Promise<string | null> =>
  cached(app, repo, `parent:${id}`, async () => {
    const obj = await readerFor(app, repo).read(id);
    if (obj?.type !== 'commit') return null;
    const text = obj.data.toString('latin1');
    const end = text.indexOf('\n\n');
    const m = /^parent ([0-9a-f]+)$/m.exec(end >= 0 ? text.slice(0, end) : text);
    return m ? m[1]! : null;
  });

const compareUrl = (b: PayloadBase, before: string, after: string): string =>
  `${repoUrls(b.owner, b.repo, b.baseUrl).html}/compare/${before}...${after}`;

/** The site URL: what Gitea sends as compare_url when there is nothing to compare (its AppURL + ""). */
const siteUrl = (b: PayloadBase): string => `${b.baseUrl.replace(/\/+$/, '')}/`;

/**
 * Gitea's compare_url of a branch push. A new branch compares from the parent of the oldest commit listed,
 * else (no parent: its history starts here) from the default branch when it is another branch; the first
 * push of the default branch has nothing to compare with and gets the site URL.
 */
async function branchCompareUrl(app: AppContext, b: PayloadBase, u: Update, listed: PayloadCommit[]): Promise<string> {
  let from = refs.zeroId(u.oldSha) ? '' : u.oldSha;
  const oldest = listed[listed.length - 1];
  if (!from && oldest) from = (await firstParent(app, b.repo, oldest.id)) ?? '';
  const branch = u.ref.slice('refs/heads/'.length);
  if (!from && b.repo.default_branch !== branch) from = b.repo.default_branch;
  return from ? compareUrl(b, from, u.newSha) : siteUrl(b);
}

const logKey = (range: string[], limit: number): string => `log:${range.join(' ')}:${limit}`;

/** The commits of a range of ids; cached by those ids (immutable), so branches made at one commit share one `git log`. */
const logOf = (app: AppContext, b: PayloadBase, gitDir: string, range: string[], limit: number) =>
  cached(app, b.repo, logKey(range, limit), () => refs.logCommits(gitDir, range, limit));

/** Tells the tag events which commit a tag object just written by the API points at (no `rev-parse` then). */
export function knownPeel(app: AppContext, repo: RepoRecord, tagId: string, commitId: string): void {
  void cached(app, repo, `peel:${tagId}`, async () => commitId);
}

/**
 * Tells the push event of a one-commit API write what `git log old..new` would say (the writer built that commit
 * and knows its files), so the event costs no git process.
 */
export function knownPushCommit(app: AppContext, repo: RepoRecord, oldSha: string, commit: refs.CommitDetails): void {
  const range = [commit.sha, `^${oldSha}`];
  void cached(app, repo, logKey(range, PUSH_COMMITS_LIMIT), async () => [commit]);
  void cached(app, repo, `count:${range.join(' ')}`, async () => 1);
}

async function branchPush(app: AppContext, b: PayloadBase, gitDir: string, u: Update, isNew: boolean) {
  const range = isNew ? [u.newSha] : [u.newSha, `^${u.oldSha}`];
  const listed = await payloadCommits(app, b, await logOf(app, b, gitDir, range, PUSH_COMMITS_LIMIT));
  const total = isNew ? listed.length : await cached(app, b.repo, `count:${range.join(' ')}`, () => refs.countCommits(gitDir, range));
  const head = listed[0] ?? (await headCommit(app, b, gitDir, u.newSha));
  return pushPayload(b, {
    ref: u.ref, before: u.oldSha, after: u.newSha, compareUrl: await branchCompareUrl(app, b, u, listed), commits: listed, total, head,
  });
}

async function branchEvents(app: AppContext, b: PayloadBase, gitDir: string, u: Update, name: string): Promise<void> {
  if (refs.zeroId(u.newSha)) {
    await eventOf(app, b, 'delete', name, deletePayload(b, name, 'branch'));
    return;
  }
  const isNew = refs.zeroId(u.oldSha);
  if (isNew) await eventOf(app, b, 'create', name, createPayload(b, name, 'branch', u.newSha));
  await eventOf(app, b, 'push', name, await branchPush(app, b, gitDir, u, isNew));
}

async function tagEvents(app: AppContext, b: PayloadBase, gitDir: string, u: Update, name: string): Promise<void> {
  if (refs.zeroId(u.newSha)) {
    await eventOf(app, b, 'push', undefined, pushPayload(b, {
      ref: u.ref, before: u.oldSha, after: u.newSha, compareUrl: siteUrl(b), commits: [], total: 0, head: null,
    }));
    await eventOf(app, b, 'delete', undefined, deletePayload(b, name, 'tag'));
    return;
  }
  const head = await headCommit(app, b, gitDir, u.newSha);
  await eventOf(app, b, 'push', undefined, pushPayload(b, {
    ref: u.ref, before: u.oldSha, after: u.newSha, compareUrl: compareUrl(b, u.oldSha, u.newSha), commits: [], total: 0, head,
  }));
  if (refs.zeroId(u.oldSha)) await eventOf(app, b, 'create', undefined, createPayload(b, name, 'tag', u.newSha));
}

/** Emits the events of one ref update: create before push for a new branch, delete alone for a deleted one, tags as Gitea does. */
export async function emitRefEvents(app: AppContext, b: PayloadBase, gitDir: string, u: Update): Promise<void> {
  if (u.ref.startsWith('refs/heads/')) await branchEvents(app, b, gitDir, u, u.ref.slice('refs/heads/'.length));
  else if (u.ref.startsWith('refs/tags/')) await tagEvents(app, b, gitDir, u, u.ref.slice('refs/tags/'.length));
}

/** Gitea's push payload of one ref update that is not a deletion (what a workflow run triggered by it carries). */
export async function refPushPayload(app: AppContext, b: PayloadBase, gitDir: string, u: Update) {
  if (u.ref.startsWith('refs/heads/')) return branchPush(app, b, gitDir, u, refs.zeroId(u.oldSha));
  const head = await headCommit(app, b, gitDir, u.newSha);
  return pushPayload(b, { ref: u.ref, before: u.oldSha, after: u.newSha, compareUrl: compareUrl(b, u.oldSha, u.newSha), commits: [], total: 0, head });
}
