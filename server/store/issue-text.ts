/**
 * The text search index of each repository's issues (Gitea's issue indexer: title, body and comments), kept in
 * memory: built from the stored issues and comments on a repository's first search, then kept in step by the
 * issue and comment writes (issues.ts, issue-comments.ts). Documents are the issues' per-repository indexes.
 */
import type { Store } from './index.ts';
import { TextIndex } from './engine/text-index.ts';

/** Repositories whose text index stays in memory (the least recently searched goes first). */
const MAX_REPOS = 16;

interface Entry { index: Promise<TextIndex>; built: TextIndex | null; stale: boolean }
const states = new WeakMap<Store, Map<number, Entry>>();

function entries(store: Store): Map<number, Entry> {
  let m = states.get(store);
  if (!m) states.set(store, (m = new Map()));
  return m;
}

/** The text of an issue's own part. */
export const issueText = (r: { title: string; content: string }): string => `${r.title}\n${r.content}`;

/**
 * The repository's index; `load` yields every part of every issue (`[index, text]`) when it has to be built.
 * A write landing while it is being built marks it stale: this search uses it, the next one builds it again.
 */
export function textIndexOf(store: Store, repoId: number, load: () => Promise<Iterable<[number, string]>>): Promise<TextIndex> {
  const m = entries(store);
  const had = m.get(repoId);
  if (had) {
    m.delete(repoId);
    m.set(repoId, had);
    return had.index;
  }
  const e: Entry = { index: Promise.resolve(new TextIndex()), built: null, stale: false };
  e.index = (async () => {
    const idx = new TextIndex();
    for (const [doc, text] of await load()) idx.add(doc, text);
    if (e.stale) m.delete(repoId);
    else e.built = idx;
    return idx;
  })();
  e.index.catch(() => m.delete(repoId));
  m.set(repoId, e);
  for (const k of m.keys()) if (m.size > MAX_REPOS && k !== repoId) m.delete(k);
  return e.index;
}

/** Applies `change` to the repository's index if it is in memory (else it is built from the stored text later). */
function apply(store: Store, repoId: number, change: (idx: TextIndex) => void): void {
  const e = entries(store).get(repoId);
  if (!e) return;
  if (e.built) change(e.built);
  else e.stale = true;
}

/** One part of an issue changed from `before` to `after` (null: the part did not exist / no longer exists). */
export function noteText(store: Store, repoId: number, doc: number, before: string | null, after: string | null): void {
  if (before === after) return;
  apply(store, repoId, (idx) => {
    if (before !== null) idx.remove(doc, before);
    if (after !== null) idx.add(doc, after);
  });
}

/** An issue is gone: every part of it. */
export function dropText(store: Store, repoId: number, doc: number): void {
  apply(store, repoId, (idx) => idx.drop(doc));
}

/** A repository is gone (or its issues all are): its index is forgotten. */
export function dropRepoText(store: Store, repoId: number): void {
  entries(store).delete(repoId);
}
