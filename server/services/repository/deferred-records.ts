/**
 * Branch records and repository state written after an API ref write has answered. The ref itself (git) is what
 * the write acknowledges; the records follow from it. Before the first such write of a burst, a journal intent
 * names the repository (one durable write); each write then changes the records in memory and answers without
 * waiting for their fsync, so a request no longer waits for two document writes. When the repository's writes
 * have drained and it has been quiet a moment, the intent goes. A host killed meanwhile finds the intent at
 * start and rebuilds the repository's records from its refs (`resyncRecords`; the tag-only releases of its tags too).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { mapPer } from '../../lib/map-per.ts';
import type { BranchRecord } from '../../store/records.ts';
import type { Intent } from '../../store/engine/journal.ts';
import * as repoStore from '../../store/repos.ts';
import * as branchStore from '../../store/branches.ts';
import * as refs from '../../git/refs.ts';
import { withRepoLock } from './locks.ts';

/** The journal kind of a repository whose records may lag its refs. */
export const RECORDS_INTENT = 'records-follow-refs';

/**
 * How long a deferred record write may wait before it starts, so that the writes of a burst share one document
 * write (a repository's branch document holds every branch); the journal intent covers the records meanwhile.
 */
export const DEFERRED_WRITE_LAG_MS = 50;

/** How long a repository stays marked after its last record write reached the disk (a burst shares one intent). */
const QUIET_MS = 2000;

interface Entry {
  intent: Promise<Intent>;
  pending: number;
  failed: boolean;
  /** What rebuilds the records whose write failed (the branch records and state are always rebuilt). */
  repairs: Set<(app: AppContext) => Promise<void>>;
  timer: NodeJS.Timeout | null;
  drained: Promise<void>;
  /** The bookkeeping of saves not yet settled (it runs after their writes, so a close waits for it too). */
  settling: Set<Promise<void>>;
}

const entries = mapPer<AppContext, number, Entry>();

/** Ends a quiet repository's intent (after rebuilding its records when a write failed, which dropped them from memory). */
async function finish(app: AppContext, repoId: number, e: Entry): Promise<void> {
  if (entries(app).get(repoId) === e) entries(app).delete(repoId);
  const intent = await e.intent;
  if (e.failed) {
    await resyncRecords(app, intent);
    for (const repair of e.repairs) await repair(app);
  }
  await app.store.journal.end(intent);
}

/**
 * Lets the record writes `saved` finish after the request answers. Resolves once the repository is marked in
 * the journal (at once when it already is); `release` runs when `saved` has settled (the backup point's lease).
 * When the journal cannot be written, waits for `saved` itself, as before.
 */
export async function deferRecordSaves(
  app: AppContext, repoId: number, saved: Promise<unknown>, release: () => void, repair?: (app: AppContext) => Promise<void>,
): Promise<void> {
  const map = entries(app);
  let e = map.get(repoId);
  if (!e) {
    const made: Entry = { intent: app.store.journal.begin(RECORDS_INTENT, { repo_id: repoId }), pending: 0, failed: false, repairs: new Set(), timer: null, drained: Promise.resolve(), settling: new Set() };
    made.intent.catch(() => { if (map.get(repoId) === made) map.delete(repoId); });
    map.set(repoId, made);
    e = made;
  }
  const entry = e;
  if (entry.timer) clearTimeout(entry.timer);
  entry.timer = null;
  entry.pending += 1;
  const settled = saved.then(() => undefined, (err: unknown) => {
    entry.failed = true;
    if (repair) entry.repairs.add(repair);
    app.log.error('records of an API ref write were not saved; they are rebuilt from the refs', { repo: repoId, error: String(err) });
  }).finally(() => {
    release();
    entry.pending -= 1;
    if (entry.pending > 0 || map.get(repoId) !== entry) return;
    entry.timer = setTimeout(() => { entry.drained = finish(app, repoId, entry).catch(() => undefined); }, QUIET_MS);
    entry.timer.unref();
  });
  entry.settling.add(settled);
  void settled.then(() => entry.settling.delete(settled));
  try {
    await entry.intent;
  } catch {
    await settled;
    await saved;
  }
}

/** Waits for the deferred record writes of every repository and ends their intents (the host is closing). */
export async function settleDeferredRecords(app: AppContext): Promise<void> {
  const map = entries(app);
  await app.store.engine.flush();
  // a save that waited out its lag has settled its count only once its own bookkeeping ran
  await Promise.all([...map.values()].map((e) => Promise.all([...e.settling])));
  for (const [repoId, e] of [...map]) {
    if (e.timer) clearTimeout(e.timer);
    if (e.pending === 0) await finish(app, repoId, e).catch(() => undefined);
  }
  await Promise.all([...map.values()].map((e) => e.drained));
}

function recordOf(h: refs.BranchHead, pusherId: number, now: string): BranchRecord {
  return { name: h.name, commit_id: h.sha, commit_message: h.summary, commit_time: h.commitTime, pusher_id: pusherId, updated: now };
}

/**
 * Rebuilds a repository's branch records and state from its refs (a record that still matches its branch is
 * kept as it is); the journal handler of RECORDS_INTENT.
 */
export async function resyncRecords(app: AppContext, intent: Intent): Promise<void> {
  const repoId = Number(intent.data.repo_id);
  const repo = await repoStore.getById(app.store, repoId);
  if (!repo) return;
  const gitDir = repoStore.gitDirOf(app.store, repo);
  if (!existsSync(path.join(gitDir, 'HEAD'))) return;
  await withRepoLock(app, repoId, async () => {
    const [heads, had, size] = await Promise.all([refs.listBranchHeads(gitDir), branchStore.list(app.store, repoId), refs.sizeKiB(gitDir)]);
    const old = new Map(had.map((b) => [b.name, b]));
    const now = new Date().toISOString();
    await branchStore.replaceAll(app.store, repoId, heads.map((h) => {
      const kept = old.get(h.name);
      return kept && kept.commit_id === h.sha ? kept : recordOf(h, repo.owner_id, now);
    }));
    await repoStore.update(app.store, repoId, (r) => {
      if (heads.length > 0) r.is_empty = false;
      r.size_kb = size;
    });
  });
}
