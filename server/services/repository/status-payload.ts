/** Gitea's webhook payload of the `status` event (CommitStatusPayload), from the bus's `commit_status.created`. */
import type { AppContext } from '../context.ts';
import type { DomainEvents } from '../events/domain.ts';
import { payloadCommits, payloadRepo, payloadUser, type PayloadBase } from './payloads.ts';
import { peelToCommit } from './read.ts';

/** Gitea's CommitStatusPayload: commit, context, created_at, description, id, repository, sender, sha, state, target_url, updated_at. */
export async function statusPayload(app: AppContext, e: DomainEvents['commit_status.created']): Promise<Record<string, unknown>> {
  const base: PayloadBase = { baseUrl: e.baseUrl, repo: e.repo, owner: e.owner, sender: e.doer };
  const c = await peelToCommit(app, e.repo, e.sha);
  const [commit] = c ? await payloadCommits(app, base, [{
    sha: c.id, message: c.message, authorName: c.author.name, authorEmail: c.author.email, authorTime: c.author.when,
    committerName: c.committer.name, committerEmail: c.committer.email, committerTime: c.committer.when, added: [], removed: [], modified: [],
  }]) : [];
  const s = e.status;
  return {
    commit: commit ?? null, context: s.context, created_at: s.created, description: s.description, id: s.id,
    repository: payloadRepo(base), sender: payloadUser(base, e.doer), sha: s.sha, state: s.state, target_url: s.target_url, updated_at: s.updated,
  };
}
