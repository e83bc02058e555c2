/**
 * A count of the store writes this process has begun: every document write and every log append, rewrite or
 * removal adds one when it is asked for (the records in memory change just before). An answer built from many
 * records may be kept while the count is the same as when its building began (services/kept-reads.ts).
 * One count for the whole process, so a write of any host or table makes every kept answer stale: more rebuilds,
 * never a stale answer.
 */
let generation = 0;

/** Counts a write that is about to change the store. */
export function storeWriteBegun(): void {
  generation += 1;
}

/** The count now: equal to an earlier reading only if no store write began in between. */
export const storeGeneration = (): number => generation;
