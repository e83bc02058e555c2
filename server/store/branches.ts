/**
 * Branch records (Gitea's branch table): one document per repository, `branches/<repoId>`, so a push
 * rewrites only its own repository's branches. A missing document means "not yet synchronised".
 */
import type { Store } from './index.ts';
import type { BranchRecord } from './records.ts';
import { cloneRecord } from './engine/clone.ts';

interface BranchDoc {
  branches: Record<string, BranchRecord>;
}

const docName = (repoId: number): string => `branches/${repoId}`;
const noBranches = (): BranchDoc => ({ branches: {} });
const open = (store: Store, repoId: number) => store.engine.doc<BranchDoc>(docName(repoId), noBranches);

/**
 * How many records a loaded branches object holds, counted once and kept in step by the writes here: counting
 * (or a `for...in`) walks every key, which a repository with thousands of branches paid on every API write.
 */
const counts = new WeakMap<Record<string, BranchRecord>, number>();

function sizeOf(branches: Record<string, BranchRecord>): number {
  let n = counts.get(branches);
  if (n === undefined) {
    n = Object.keys(branches).length;
    counts.set(branches, n);
  }
  return n;
}

/** Every branch record of the repository, by name. */
export async function list(store: Store, repoId: number): Promise<BranchRecord[]> {
  const d = await open(store, repoId);
  return Object.values(d.data.branches).sort((a, b) => a.name.localeCompare(b.name)).map((b) => cloneRecord(b));
}

/** One branch record, or undefined. */
export async function get(store: Store, repoId: number, name: string): Promise<BranchRecord | undefined> {
  const b = (await open(store, repoId)).data.branches[name];
  return b ? cloneRecord(b) : undefined;
}

/** How many branches are recorded. */
export async function count(store: Store, repoId: number): Promise<number> {
  return sizeOf((await open(store, repoId)).data.branches);
}

/** count() of each repository, in the order given (one await for a page of repositories). */
export async function countEach(store: Store, repoIds: readonly number[]): Promise<number[]> {
  return (await store.engine.docs(repoIds.map(docName), noBranches)).map((d) => sizeOf(d.data.branches));
}

/** True when the repository has a branch record (without counting them all). */
export async function hasAny(store: Store, repoId: number): Promise<boolean> {
  return sizeOf((await open(store, repoId)).data.branches) > 0;
}

/** Replaces all the repository's branch records (a full synchronisation). */
export async function replaceAll(store: Store, repoId: number, branches: BranchRecord[]): Promise<void> {
  const d = await open(store, repoId);
  d.data.branches = Object.fromEntries(branches.map((b) => [b.name, cloneRecord(b)]));
  await d.save();
}

/** Inserts or updates `upserts` and deletes `deletes` in one write. */
export async function apply(store: Store, repoId: number, upserts: BranchRecord[], deletes: string[]): Promise<void> {
  await (await applyStaged(store, repoId, upserts, deletes)).saved;
}

/**
 * apply() in two steps: resolves once memory holds the change, with `saved`, which resolves once it is on disk
 * (so a lock can be released before the fsync and concurrent writes share one; `lagMs`: see JsonDoc.save).
 * No change (a tag write moves no branch) leaves the document alone: it holds every branch of the repository.
 */
export async function applyStaged(store: Store, repoId: number, upserts: BranchRecord[], deletes: string[], lagMs = 0): Promise<{ saved: Promise<void> }> {
  if (upserts.length === 0 && deletes.length === 0) return { saved: Promise.resolve() };
  const d = await open(store, repoId);
  const branches = d.data.branches;
  let n = sizeOf(branches);
  for (const name of deletes) {
    if (Object.hasOwn(branches, name)) n--;
    delete branches[name];
  }
  for (const b of upserts) {
    if (!Object.hasOwn(branches, b.name)) n++;
    branches[b.name] = cloneRecord(b);
  }
  counts.set(branches, n);
  const saved = d.save(lagMs);
  saved.catch(() => undefined);
  return { saved };
}

/** Removes the repository's branch document (repository deletion). */
export async function removeAll(store: Store, repoId: number): Promise<void> {
  if (await store.engine.exists(docName(repoId))) await store.engine.remove(docName(repoId));
}
