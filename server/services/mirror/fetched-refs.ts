/**
 * A pull fetches into the host's own ref namespace (see the worker's mirror job); these are the served refs
 * moved to what it brought, in one transaction that checks every old value.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import type { MirrorRefChange } from '../../worker/protocol.ts';
import { invalidateRepo, writeRefs } from '../repository/cache.ts';

/** Moves the served branches and tags of `repo` as `changes` say; the ref cache is dropped afterwards. */
export async function moveFetchedRefs(app: AppContext, repo: RepoRecord, changes: MirrorRefChange[]): Promise<void> {
  if (changes.length === 0) return;
  try {
    await writeRefs(app, repo, changes.map((c) => ({ ref: c.ref, newId: c.newSha, oldId: c.oldSha })));
  } finally {
    invalidateRepo(app, repo.id);
  }
}
