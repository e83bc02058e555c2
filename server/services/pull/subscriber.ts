/**
 * Pull requests follow pushes: after refs move (`ref.updated`), every open pull request whose head branch moved
 * gets its `refs/pull/{n}/head` and check renewed and a `synchronized` event; those whose base branch moved are
 * checked again; a deleted branch retargets the children of the pull request merged from it. A recorded commit status (`commit_status.created`) looks at auto-merges waiting on that commit.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as pullStore from '../../store/pulls.ts';
import * as issueStore from '../../store/issues.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import type { PullRecord } from '../../store/pulls.ts';
import { refreshPull } from './sync.ts';
import { notify } from '../issue/issues.ts';
import { permissionOf } from './perm.ts';
import { tryAutoMerge } from './auto-merge.ts';
import { retargetChildren } from './retarget.ts';

const HEADS = 'refs/heads/';

async function isOpen(app: AppContext, pr: PullRecord): Promise<boolean> {
  if (pr.has_merged) return false;
  const issue = await issueStore.get(app.store, pr.repo_id, pr.index);
  return !!issue && !issue.is_closed;
}

/** Renews one pull request after a push; a new head commit is announced as `synchronized`. */
async function follow(app: AppContext, pr: PullRecord, pusher: UserRecord, headMoved: boolean): Promise<void> {
  const base = await repoStore.getById(app.store, pr.repo_id);
  const owner = base ? await userStore.getById(app.store, base.owner_id) : undefined;
  if (!base || !owner) return;
  const { pr: next, oldHead } = await refreshPull(app, base, pr);
  if (headMoved && next.head_sha !== oldHead) {
    const issue = (await issueStore.update(app.store, base.id, pr.index, (r) => { r.updated = new Date().toISOString(); }))!;
    await notify(app, { repo: base, owner, perm: await permissionOf(app, pusher, base), doer: pusher }, issue, 'pull_request_sync', 'synchronized');
  }
  if (next.auto_merge) await tryAutoMerge(app, base, owner, next);
}

/** The open pull requests a push to these branches of `repo` touches: as head, and as base. */
async function touched(app: AppContext, repo: RepoRecord, branches: Set<string>): Promise<{ heads: PullRecord[]; bases: PullRecord[] }> {
  const heads = await pullStore.listByHeadRepo(app.store, repo.id, (p) => branches.has(p.head_branch) && !p.has_merged);
  const bases = await pullStore.listByRepo(app.store, repo.id, (p) => branches.has(p.base_branch) && !p.has_merged && !heads.some((h) => h.id === p.id));
  const open = async (list: PullRecord[]) => (await Promise.all(list.map(async (p) => ((await isOpen(app, p)) ? p : null)))).filter((p): p is PullRecord => !!p);
  return { heads: await open(heads), bases: await open(bases) };
}

/** Subscribes pull requests to pushes and commit statuses. */
export function subscribePulls(app: AppContext): void {
  app.bus.subscribe('ref.updated', 'pulls', async (e) => {
    for (const u of e.updates) {
      if (u.ref.startsWith(HEADS) && /^0+$/.test(u.newSha)) await retargetChildren(app, e.repo, e.owner, e.pusher, u.ref.slice(HEADS.length));
    }
    const branches = new Set(e.updates.filter((u) => u.ref.startsWith(HEADS) && !/^0+$/.test(u.newSha)).map((u) => u.ref.slice(HEADS.length)));
    if (!branches.size) return;
    const { heads, bases } = await touched(app, e.repo, branches);
    for (const pr of heads) await follow(app, pr, e.pusher, true);
    for (const pr of bases) await follow(app, pr, e.pusher, false);
  });
  app.bus.subscribe('commit_status.created', 'pulls', async (e) => {
    const waiting = await pullStore.listByRepo(app.store, e.repo.id, (p) => !!p.auto_merge && p.head_sha === e.sha && !p.has_merged);
    for (const pr of waiting) await tryAutoMerge(app, e.repo, e.owner, pr);
  });
}
