/**
 * Forks (Gitea's ForkRepository): a new repository of the doer or one of their organizations holding every branch
 * and tag of the source, with the source's object format and default branch, `fork_id` naming the source.
 * Objects are copied with a local fetch into the fork's bare repository (its hooks in place before).
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import * as branchStore from '../../store/branches.ts';
import * as refs from '../../git/refs.ts';
import { git } from '../../git/process.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { createRepository } from './create.ts';
import { createOrgRepo } from '../org/repos.ts';
import { gitDirFor, invalidateRepo } from './cache.ts';
import { eventBaseUrl } from './payloads.ts';

/** The forks of a repository, oldest first. */
export const listForks = (app: AppContext, source: RepoRecord): Promise<RepoRecord[]> =>
  repoStore.list(app.store, (r) => r.is_fork && r.fork_id === source.id);

/** Forks `source` for `doer` (into `organization` when given, under `name` when given). */
export async function forkRepository(app: AppContext, doer: UserRecord, source: RepoRecord, o: { organization?: string | undefined; name?: string | undefined }, baseUrl?: string): Promise<RepoRecord> {
  const sourceOwner = await userStore.getById(app.store, source.owner_id);
  if (!sourceOwner) throw new NotFoundError('the source repository has no owner');
  let owner = doer;
  if (o.organization) {
    const org = await userStore.getByName(app.store, o.organization);
    if (!org || org.type !== 'organization') throw new NotFoundError(`The organization ${o.organization} does not exist.`);
    owner = org;
  }
  const name = o.name || source.name;
  if (owner.id === source.owner_id && name.toLowerCase() === source.lower_name) throw new ConflictError('A repository cannot be forked into its own owner under its own name.');
  const theirs = await repoStore.list(app.store, (r) => r.owner_id === owner.id && r.is_fork && r.fork_id === source.id);
  if (theirs.length) {
    const fork = theirs[0]!.name;
    throw new ConflictError(`${owner.name} already has a fork of this repository: ${fork}`, [
      { field: 'organization', code: 'invalid_value', message: `this owner already has a fork of the repository: ${fork}` },
    ]);
  }
  if (source.is_empty) throw new ForbiddenError('an empty repository cannot be forked');
  const opts = { name, description: source.description, private: source.is_private, default_branch: source.default_branch, object_format_name: source.object_format };
  const made = owner.type === 'organization' ? await createOrgRepo(app, doer, owner, opts, { baseUrl }) : await createRepository(app, doer, owner, opts, { baseUrl });
  // The branches and tags of the source, fetched into the fork's bare repository (no hook runs for a fetch).
  const gitDir = gitDirFor(app, made);
  await git(['fetch', '--quiet', '--no-write-fetch-head', gitDirFor(app, source), '+refs/heads/*:refs/heads/*', '+refs/tags/*:refs/tags/*'], { gitDir });
  await refs.setHead(gitDir, source.default_branch);
  invalidateRepo(app, made.id);
  const now = new Date().toISOString();
  const heads = await refs.listBranchHeads(gitDir);
  await branchStore.replaceAll(app.store, made.id, heads.map((h) => ({ name: h.name, commit_id: h.sha, commit_message: h.summary, commit_time: h.commitTime, pusher_id: doer.id, updated: now })));
  const size = await refs.sizeKiB(gitDir);
  const fork = (await repoStore.update(app.store, made.id, (r) => {
    r.is_fork = true;
    r.fork_id = source.id;
    r.is_empty = heads.length === 0;
    r.size_kb = size;
  }))!;
  await app.bus.publish('repo.forked', { repo: fork, owner, source, sourceOwner, doer, baseUrl: eventBaseUrl(app, baseUrl) });
  return fork;
}
