/**
 * Schema migrations. MIGRATIONS[n] moves a store from version n to n+1; never edit a released step,
 * add a new one. Version 1 is the first layout: documents are created on first use, so it has nothing to do.
 * Version 2 adds the index of undelivered hook tasks (hook-task partitions of version 1 are still read as they are).
 */
import type { Store } from '../index.ts';
import { buildPendingIndex } from '../pending-tasks.ts';

export const MIGRATIONS: ReadonlyArray<(store: Store) => Promise<void>> = [
  async () => undefined,
  buildPendingIndex,
];
