/** Opens the data dir's store: runs schema migrations, then hands out the engine to the per-entity modules. */
import path from 'node:path';
import { StoreEngine } from './engine/engine.ts';
import { MIGRATIONS } from './engine/migrations.ts';
import { Journal } from './engine/journal.ts';
import { settlePending } from './pending-tasks.ts';

export interface Store {
  readonly engine: StoreEngine;
  readonly dataDir: string;
  /** Intents of multi-document changes (see engine/journal.ts). */
  readonly journal: Journal;
}

interface Meta { schema_version: number }

/** The schema version this code writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Opens the store under `<dataDir>/store`, migrating older data; refuses data written by a newer version. */
export async function openStore(dataDir: string): Promise<Store> {
  const engine = new StoreEngine(path.join(dataDir, 'store'));
  const store: Store = { engine, dataDir, journal: new Journal(engine.root) };
  const meta = await engine.doc<Meta>('meta', () => ({ schema_version: 0 }));
  const from = meta.data.schema_version;
  if (from > SCHEMA_VERSION) {
    throw new Error(`the data dir was written by a newer Homeforge (schema ${from}, this one knows ${SCHEMA_VERSION})`);
  }
  for (let v = from; v < SCHEMA_VERSION; v++) {
    await MIGRATIONS[v]?.(store);
    meta.data.schema_version = v + 1;
    await meta.save();
  }
  return store;
}

/** Waits until every started write is on disk (the hook-task index's removal lines included). */
export async function flushStore(store: Store): Promise<void> {
  await settlePending(store);
  await store.engine.flush();
}
