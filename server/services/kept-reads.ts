/**
 * Read answers kept between identical requests, for lists that clients poll and that are built from many records:
 * the repository search (every matching repository, its owner, the viewer's access and six counters per row) and
 * the follower lists (every follower's record filtered by what the viewer may see). The same request again gets
 * the same answer while nothing it was built from changed. A kept answer holds while
 *  - no store write began since its building began (store/engine/write-generation.ts: every document write and
 *    every log append counts, whatever it touched), so a repository made private, a collaborator removed, an
 *    issue opened or a follow added is seen by the next request;
 *  - the host's settings are the same object (a settings change replaces it);
 *  - and for one second at most: records changed in memory whose write comes later (branch records written
 *    after the answer) are seen within that time.
 * The caller's key names the viewer, the token's reach and every option, so answers never cross viewers.
 */
import type { AppContext } from './context.ts';
import { mapPer } from '../lib/map-per.ts';
import type { Settings } from '../lib/settings.ts';
import { storeGeneration } from '../store/engine/write-generation.ts';

/** The longest an answer is kept, even with no store write. */
export const MAX_AGE_MS = 1000;
/** Answers kept per host; the oldest goes first. */
const MAX_PAGES = 64;

interface Kept<T> { generation: number; settings: Settings; at: number; value: T }

const pagesOf = mapPer<AppContext, string, Kept<unknown>>();

/** `build()`'s answer, or the one kept under `key` while it holds; a null key is never kept. */
export async function keptRead<T>(app: AppContext, key: string | null, build: () => Promise<T>): Promise<T> {
  if (key === null) return build();
  const pages = pagesOf(app);
  const hit = pages.get(key);
  const now = Date.now();
  if (hit && hit.generation === storeGeneration() && hit.settings === app.settings && now - hit.at < MAX_AGE_MS) return hit.value as T;
  // Read before building: a write that begins while the page is built makes it stale at once.
  const kept: Kept<T> = { generation: storeGeneration(), settings: app.settings, at: now, value: await build() };
  pages.delete(key);
  if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
  pages.set(key, kept);
  return kept.value;
}
