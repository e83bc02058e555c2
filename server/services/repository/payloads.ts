/** Gitea's webhook payloads for repository events (push, create, delete, repository), built from stored records and git. */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import { toRepo, repoUrls } from '../../convert/repo.ts';
import { toUser } from '../../convert/user.ts';
import type { CommitDetails } from '../../git/refs.ts';

const listening = new WeakMap<AppContext, string>();

/** Records the address the host listens on (set once at start), for event payloads. */
export function setListeningUrl(app: AppContext, url: string): void {
  listening.set(app, url.replace(/\/+$/, ''));
}

/**
 * The address used in stored event payloads: `[server] ROOT_URL`, else the address the host listens on. The
 * request's Host header is never used (`_given` is kept for callers): it is the client's to choose, and a stored
 * payload is read later by other people.
 */
export function eventBaseUrl(app: AppContext, _given?: string): string {
  const root = app.settings.string('server.ROOT_URL').replace(/\/+$/, '');
  if (root) return root;
  const known = listening.get(app);
  if (known) return known;
  const addr = app.settings.string('server.HTTP_ADDR');
  const host = addr === '0.0.0.0' || addr === '::' || addr === '' ? 'localhost' : addr;
  return `http://${host.includes(':') ? `[${host}]` : host}:${app.settings.int('server.HTTP_PORT')}`;
}

/** The fixed parts of every payload of one repository: the repository as its owner sees it, and the sender. */
export interface PayloadBase {
  baseUrl: string;
  repo: RepoRecord;
  owner: UserRecord;
  sender: UserRecord;
}

/** `repository` as webhooks get it (Gitea converts with owner access). */
export function payloadRepo(b: PayloadBase) {
  return toRepo(b.repo, b.owner, { permission: { admin: true, push: true, pull: true }, viewer: null, baseUrl: b.baseUrl });
}

/** `sender` / `pusher`: the public view of the user. */
export const payloadUser = (b: PayloadBase, user: UserRecord) => toUser(user, null, b.baseUrl);

/** Maps commit details to Gitea's PayloadCommit, resolving author and committer emails to user names. */
export async function payloadCommits(app: AppContext, b: PayloadBase, commits: CommitDetails[]) {
  const names = new Map<string, string>();
  const username = async (email: string): Promise<string> => {
    if (!names.has(email)) names.set(email, (await userStore.getByEmail(app.store, email))?.name ?? '');
    return names.get(email) ?? '';
  };
  const html = repoUrls(b.owner, b.repo, b.baseUrl).html;
  const out = [];
  for (const c of commits) {
    out.push({
      id: c.sha,
      message: c.message,
      url: `${html}/commit/${c.sha}`,
      author: { name: c.authorName, email: c.authorEmail, username: await username(c.authorEmail) },
      committer: { name: c.committerName, email: c.committerEmail, username: await username(c.committerEmail) },
      verification: null,
      timestamp: c.authorTime,
      added: c.added,
      removed: c.removed,
      modified: c.modified,
    });
  }
  return out;
}

export type PayloadCommit = Awaited<ReturnType<typeof payloadCommits>>[number];

/** Gitea's PushPayload. */
export function pushPayload(b: PayloadBase, p: {
  ref: string; before: string; after: string; compareUrl: string; commits: PayloadCommit[]; total: number; head: PayloadCommit | null;
}) {
  return {
    ref: p.ref,
    before: p.before,
    after: p.after,
    compare_url: p.compareUrl,
    commits: p.commits,
    total_commits: p.total,
    head_commit: p.head,
    repository: payloadRepo(b),
    pusher: payloadUser(b, b.sender),
    sender: payloadUser(b, b.sender),
  };
}

/** Gitea's CreatePayload (`ref` is the short name). */
export function createPayload(b: PayloadBase, ref: string, refType: 'branch' | 'tag', sha: string) {
  return { sha, ref, ref_type: refType, repository: payloadRepo(b), sender: payloadUser(b, b.sender) };
}

/** Gitea's DeletePayload (`ref` is the short name). */
export function deletePayload(b: PayloadBase, ref: string, refType: 'branch' | 'tag') {
  return { ref, ref_type: refType, pusher_type: 'user', repository: payloadRepo(b), sender: payloadUser(b, b.sender) };
}

/** Gitea's RepositoryPayload; `organization` is the owner when it is an organization. */
export function repositoryPayload(b: PayloadBase, action: 'created' | 'deleted') {
  return {
    action,
    repository: payloadRepo(b),
    organization: b.owner.type === 'organization' ? payloadUser(b, b.owner) : null,
    sender: payloadUser(b, b.sender),
  };
}
