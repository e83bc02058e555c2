/**
 * In-memory caches of git reads, one set per host (kept in a WeakMap keyed by the AppContext, never a module
 * global). Refs are cached per repository until `invalidateRepo` (called after pushes and API writes); every
 * other entry is keyed by immutable object ids, so it can never be stale, and is bounded per repository.
 * Caching is always on; correctness never depends on it, because a write drops the repository's whole entry.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';
import { CatFilePool, type ObjectReader, type PoolStats } from '../../git/cat-file.ts';
import { listRefs, headRef, type RefEntry } from '../../git/read.ts';
import { parseCommit, parseTag } from '../../git/objects.ts';
import { RefWriterPool } from '../../git/ref-writer.ts';
import { ObjectCache } from './object-cache.ts';
import type { RefMove } from '../../git/ref-update.ts';
import type { PackBuilder } from '../../git/pack-write.ts';
import { sortByName } from './sorted-refs.ts';
import { RefSnapshot } from './ref-snapshot.ts';
import { boundSize } from '../../lib/drop-oldest.ts';

/** Entries kept per repository before the oldest are dropped. */
const MAX_ENTRIES_PER_REPO = 5000;

interface RepoEntry {
  gitDir: string;
  refs: Promise<RefSnapshot> | null;
  values: Map<string, Promise<unknown>>;
}

interface HostCache {
  pool: CatFilePool;
  /** Small objects by id, so hot reads skip the reader process. */
  objects: ObjectCache;
  /** One `update-ref --stdin` process per repository written through the API. */
  writers: RefWriterPool;
  repos: Map<number, RepoEntry>;
  /** git processes (other than the readers) running now, and the ones waiting for a slot. */
  running: number;
  waiting: (() => void)[];
}

/** At most this many short-lived git processes run at once per host (a directory listing asks for one per entry). */
const MAX_GIT_PROCESSES = 8;

const hosts = new WeakMap<AppContext, HostCache>();

const REF_EVENTS = new Set(['push', 'create', 'delete']);

function hostCache(app: AppContext): HostCache {
  let c = hosts.get(app);
  if (!c) {
    const made: HostCache = { pool: new CatFilePool(), objects: new ObjectCache(), writers: new RefWriterPool(), repos: new Map(), running: 0, waiting: [] };
    hosts.set(app, made);
    // Every ref-changing write ends in an event (push, create, delete, repository): drop the repository's
    // entry then too, so a write path that does not call invalidateRepo itself still never leaves stale refs.
    // The ref events (push, create, delete) come only from processRefUpdates, which has brought the cache up to date
    // before emitting them (dropped it for a push, patched it for an API write): dropping it again would only close
    // the object reader that the next request then has to start again.
    app.events.listen(async (event) => {
      if (REF_EVENTS.has(event.name)) return;
      if (event.repoId !== null && hosts.get(app) === made) invalidateRepo(app, event.repoId);
    }, (scope) => !REF_EVENTS.has(scope.name));
    c = made;
  }
  return c;
}

function repoEntry(app: AppContext, repo: Pick<RepoRecord, 'id' | 'storage_path'>): RepoEntry {
  const c = hostCache(app);
  let e = c.repos.get(repo.id);
  if (!e) {
    e = { gitDir: repoStore.gitDirOf(app.store, repo), refs: null, values: new Map() };
    c.repos.set(repo.id, e);
  }
  return e;
}

/** The bare git directory of a repository. */
export const gitDirFor = (app: AppContext, repo: Pick<RepoRecord, 'id' | 'storage_path'>): string => repoEntry(app, repo).gitDir;

/**
 * The repository's object reader (one long-lived process shared by every request). Each read goes to the
 * reader open at that moment: a request may hold this across awaits while a push closes the old process.
 */
export function readerFor(app: AppContext, repo: Pick<RepoRecord, 'id' | 'storage_path'>): ObjectReader {
  const { pool, objects } = hostCache(app);
  const { gitDir } = repoEntry(app, repo);
  return objects.reader(repo.id, () => pool.get(gitDir));
}

/**
 * Keeps an object the host has just written (a loose object in the repository) in the object cache; a `pending`
 * one (in a pack not written yet) stays there until objectsStored.
 */
export function rememberWritten(app: AppContext, repo: Pick<RepoRecord, 'id'>, id: string, type: 'blob' | 'tree' | 'commit' | 'tag', data: Buffer, pending = false): void {
  hostCache(app).objects.wrote(repo.id, id, type, data, pending);
}

/** Pending objects are in the repository now (`stored`), or will never be (dropped, so no read finds them). */
export function objectsStored(app: AppContext, repo: Pick<RepoRecord, 'id'>, ids: readonly string[], stored: boolean): void {
  if (stored) hostCache(app).objects.unpin(repo.id, ids);
  else hostCache(app).objects.forget(repo.id, ids);
}

/** The repository's branches and tags, read once until the next invalidation. */
export function refsOf(app: AppContext, repo: Pick<RepoRecord, 'id' | 'storage_path'>): Promise<RefSnapshot> {
  const e = repoEntry(app, repo);
  if (!e.refs) {
    const loading = (async () => {
      const [refs, head] = await Promise.all([listRefs(e.gitDir).then(sortByName), headRef(e.gitDir)]);
      return RefSnapshot.of(refs, head);
    })();
    e.refs = loading;
    loading.catch(() => { if (e.refs === loading) e.refs = null; });
  }
  return e.refs;
}

/** One ref moved by this host: its new id (null: deleted), the type of that object and its time, for the snapshot. */
export interface KnownRefChange {
  ref: string;
  id: string | null;
  type?: string;
  /** The peeled commit for an annotated tag; the id itself otherwise. */
  peeled?: string;
  time?: number;
}

/**
 * Brings a loaded ref snapshot up to date with refs this host has just moved (update-ref succeeded with the old
 * value checked), instead of dropping the snapshot and the object reader: an API write then costs the next read
 * no `for-each-ref` and no new `cat-file` process. Objects written meanwhile are found by the running reader.
 */
export function applyRefChanges(app: AppContext, repo: Pick<RepoRecord, 'id' | 'storage_path'>, changes: KnownRefChange[]): void {
  const e = hostCache(app).repos.get(repo.id);
  if (!e?.refs) return;
  const patched = e.refs.then((snap) => {
    const patch = changes.map((c) => ({ name: c.ref, entry: c.id === null ? null : { name: c.ref, id: c.id, type: c.type ?? 'commit', peeled: c.peeled ?? c.id, time: c.time ?? 0 } }));
    return snap.patched(patch);
  });
  e.refs = patched;
  patched.catch(() => { if (e.refs === patched) e.refs = null; });
}

/**
 * After a push: the refs it moved are read through the repository's running object reader (one object each) and
 * patched into the loaded snapshot, which requests wait for from this moment. The reader and the values cached
 * by object id stay (they cannot be stale): the next request starts no `for-each-ref`, `symbolic-ref` or new
 * `cat-file` process. When an object cannot be read the refs are read again from git.
 */
export function refreshAfterPush(app: AppContext, repo: Pick<RepoRecord, 'id' | 'storage_path'>, updates: { ref: string; newSha: string }[]): void {
  const e = hostCache(app).repos.get(repo.id);
  if (!e?.refs) return;
  const before = e.refs;
  const reader = readerFor(app, repo);
  const patched = (async () => {
    const snap = await before;
    const patch: { name: string; entry: RefEntry | null }[] = [];
    for (const u of updates) {
      if (/^0+$/.test(u.newSha)) { patch.push({ name: u.ref, entry: null }); continue; }
      const obj = await reader.read(u.newSha);
      if (!obj) throw new Error(`${u.newSha} is not readable`);
      const tag = obj.type === 'tag' ? parseTag(u.newSha, obj.data) : null;
      const time = tag ? (tag.tagger?.unix ?? 0) : obj.type === 'commit' ? parseCommit(u.newSha, obj.data).committer.unix : 0;
      patch.push({ name: u.ref, entry: { name: u.ref, id: u.newSha, type: obj.type, peeled: tag ? tag.object : u.newSha, time } });
    }
    return snap.patched(patch);
  })();
  e.refs = patched.catch(async () => {
    const [refs, head] = await Promise.all([listRefs(e.gitDir).then(sortByName), headRef(e.gitDir)]);
    return RefSnapshot.of(refs, head);
  });
  const settled = e.refs;
  settled.catch(() => { if (e.refs === settled) e.refs = null; });
}

/** Points the loaded snapshot's HEAD at another branch (the default branch changed). */
export function applyHeadChange(app: AppContext, repo: Pick<RepoRecord, 'id' | 'storage_path'>, head: string): void {
  const e = hostCache(app).repos.get(repo.id);
  if (e?.refs) e.refs = e.refs.then((snap) => snap.withHead(head));
}

/** A cached value of the repository, computed once by `load`; `key` must name immutable inputs (object ids). */
export function cached<T>(app: AppContext, repo: Pick<RepoRecord, 'id' | 'storage_path'>, key: string, load: () => Promise<T>): Promise<T> {
  const e = repoEntry(app, repo);
  const have = e.values.get(key);
  if (have) return have as Promise<T>;
  const p = load();
  e.values.set(key, p);
  p.catch(() => { if (e.values.get(key) === p) e.values.delete(key); });
  boundSize(e.values, MAX_ENTRIES_PER_REPO);
  return p;
}

/** Runs `fn` (which spawns a git process) when one of the host's git process slots is free. */
export async function limitGit<T>(app: AppContext, fn: () => Promise<T>): Promise<T> {
  const c = hostCache(app);
  if (c.running >= MAX_GIT_PROCESSES) await new Promise<void>((resolve) => c.waiting.push(resolve));
  else c.running++;
  try {
    return await fn();
  } finally {
    const next = c.waiting.shift();
    if (next) next();
    else c.running--;
  }
}

/**
 * Forgets what was worked out from git (ref snapshots, values by object id, object bytes) once the host has gone
 * idle, so the memory a busy spell filled goes back with the idle collection; readers and ref writers stay open.
 * The next request reads again what it needs.
 */
export function releaseRepoCaches(app: AppContext): void {
  const c = hosts.get(app);
  if (!c) return;
  c.objects.clear();
  for (const e of c.repos.values()) {
    e.refs = null;
    e.values.clear();
  }
}

/**
 * Drops everything cached about a repository and closes its object reader. Push processing and every API
 * write that changes refs or the record call it; so does deleting a repository (before its files go).
 */
export function invalidateRepo(app: AppContext, repoId: number): void {
  const c = hosts.get(app);
  if (!c) return;
  const e = c.repos.get(repoId);
  c.repos.delete(repoId);
  if (e) {
    c.pool.release(e.gitDir);
    c.writers.release(e.gitDir);
  }
}

/**
 * Moves refs of a repository in one transaction (all or none; each move states the old value it expects) on
 * the repository's long-lived `update-ref --stdin` process, after storing `objects` (the objects the moves point
 * at that are not stored yet). Rejects with GitCommandError when git refuses.
 */
export function writeRefs(app: AppContext, repo: Pick<RepoRecord, 'id' | 'storage_path'>, moves: RefMove[], objects?: PackBuilder): Promise<void> {
  return hostCache(app).writers.apply(repoEntry(app, repo).gitDir, moves, objects);
}

/** Reader pool counts (tests use them to show parallel reads share one process). */
export function readerStats(app: AppContext): PoolStats {
  return hostCache(app).pool.stats();
}

/** Closes every reader of the host; called when the host closes. */
export function closeRepoReaders(app: AppContext): void {
  const c = hosts.get(app);
  if (!c) return;
  c.pool.close();
  c.writers.close();
  c.repos.clear();
  hosts.delete(app);
}
