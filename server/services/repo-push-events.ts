/** The webhook events of one changed ref, in Gitea's order (services/repository/push.go). */
import type { AppContext } from './context.ts';
import * as refs from '../git/refs.ts';
import { repoUrls } from '../convert/repo.ts';
import {
  createPayload, deletePayload, payloadCommits, pushPayload, type PayloadBase, type PayloadCommit,
} from './repo-payloads.ts';

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
  const commit = await refs.peelToCommit(gitDir, sha);
  if (!commit) return null;
  const [c] = await payloadCommits(app, b, await refs.logCommits(gitDir, [commit], 1));
  return c ?? null;
}

const compareUrl = (b: PayloadBase, before: string, after: string): string =>
  `${repoUrls(b.owner, b.repo, b.baseUrl).html}/compare/${before}...${after}`;

async function branchPush(app: AppContext, b: PayloadBase, gitDir: string, u: Update, isNew: boolean) {
  const range = isNew ? [u.newSha] : [u.newSha, `^${u.oldSha}`];
  const listed = await payloadCommits(app, b, await refs.logCommits(gitDir, range, PUSH_COMMITS_LIMIT));
  const total = isNew ? listed.length : await refs.countCommits(gitDir, range);
  const head = listed[0] ?? (await headCommit(app, b, gitDir, u.newSha));
  return pushPayload(b, {
    ref: u.ref, before: u.oldSha, after: u.newSha, compareUrl: isNew ? '' : compareUrl(b, u.oldSha, u.newSha), commits: listed, total, head,
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
      ref: u.ref, before: u.oldSha, after: u.newSha, compareUrl: '', commits: [], total: 0, head: null,
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
