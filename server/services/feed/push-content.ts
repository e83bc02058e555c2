/** Gitea's `content` of a push action: its PushCommits as JSON, with at most FeedMaxCommitNum commits listed. */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { RefChange } from '../events/domain.ts';
import * as repoStore from '../../store/repos.ts';
import * as refs from '../../git/refs.ts';
import { branchCommits } from '../repository/push-events.ts';

/** Gitea's [ui] FEED_MAX_COMMIT_NUM default. */
export const FEED_MAX_COMMITS = 5;

const pushCommit = (c: refs.CommitDetails) => ({
  Sha1: c.sha, Message: c.message, AuthorEmail: c.authorEmail, AuthorName: c.authorName,
  CommitterEmail: c.committerEmail, CommitterName: c.committerName, Timestamp: c.authorTime,
});

/** The content of a tag push or deletion: Gitea's empty PushCommits. */
export const EMPTY_PUSH = JSON.stringify({ Commits: [], HeadCommit: null, CompareURL: '', Len: 0 });

/** The content of a branch update: the newest commits, the head, the compare path (none for a new branch), the count. */
export async function branchPushContent(app: AppContext, repo: RepoRecord, owner: UserRecord, u: RefChange): Promise<string> {
  const { commits, total } = await branchCommits(app, repo, repoStore.gitDirOf(app.store, repo), u);
  const compare = refs.zeroId(u.oldSha) ? '' : `${encodeURIComponent(owner.name)}/${encodeURIComponent(repo.name)}/compare/${u.oldSha}...${u.newSha}`;
  const head = commits[0];
  return JSON.stringify({
    Commits: commits.slice(0, FEED_MAX_COMMITS).map(pushCommit), HeadCommit: head ? pushCommit(head) : null, CompareURL: compare, Len: total ?? commits.length,
  });
}
