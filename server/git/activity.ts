/**
 * Which repositories have objects arriving (a receive-pack, or a mirror's fetch that the worker runs for this
 * process). Upkeep reads it so that a repository with a push under way keeps its unreachable objects (no
 * pruning) until the push is over.
 */
import path from 'node:path';

const pushing = new Map<string, number>();
const key = (gitDir: string): string => path.resolve(gitDir);

/** Marks a push into `gitDir` as started; call the returned function once it has ended. */
export function beginPush(gitDir: string): () => void {
  const k = key(gitDir);
  pushing.set(k, (pushing.get(k) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const n = (pushing.get(k) ?? 1) - 1;
    if (n > 0) pushing.set(k, n);
    else pushing.delete(k);
  };
}

/** True while at least one push into `gitDir` runs. */
export const pushInFlight = (gitDir: string): boolean => (pushing.get(key(gitDir)) ?? 0) > 0;
