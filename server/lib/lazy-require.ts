/** CommonJS packages loaded on first use, synchronously, so a host that never needs one does not load it at start. */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A getter that requires package `id` the first time it is called and returns the same module after that. */
export function lazyRequire<T>(id: string): () => T {
  let mod: T | undefined;
  return () => (mod ??= require(id) as T);
}
