/**
 * An inverted token index kept in memory: token → the documents holding it, each with the number of their parts
 * (title and body, each comment) that hold it, so one part can be taken back without re-reading the others.
 * A search gives the complete set of matching documents (every query word, each as a prefix of a token), with no
 * scoring: the callers order and page the matches themselves (Gitea's issue search orders by creation).
 */

/** The words of a text: lower case, accents removed, split at anything that is not a letter, digit or `_`. */
export function tokenise(text: string): string[] {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().split(/[^\p{L}\p{N}_]+/u).filter(Boolean);
}

/** A set of documents as a search gives it: a Set, or a token's own posting map (read-only, not copied). */
export interface DocSet {
  has(doc: number): boolean;
  readonly size: number;
  keys(): Iterable<number>;
}

/** How many recent queries keep their document sets (any change to the index empties them). */
const RECENT = 8;
/** Up to this many tokens new to (or gone from) the index in one write are spliced in; more are merged in one pass. */
const SPLICES = 16;

/** Where `t` goes in `arr`, sorted in code-unit order. */
function lowerBound(arr: readonly string[], t: string): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class TextIndex {
  private readonly postings = new Map<string, Map<number, number>>();
  /**
   * The tokens in code-unit order, so that the tokens starting with a word are one run found by binary search
   * instead of a walk over the vocabulary. Built on the first search, then kept through writes.
   */
  private vocab: string[] | null = null;
  /** The document sets of the last queries, by their words (a page after page of one search reads it once). */
  private readonly recent = new Map<string, DocSet>();

  /** Adds one part of document `doc` (its title and body, or one comment). */
  add(doc: number, text: string): void {
    this.recent.clear();
    const fresh: string[] = [];
    for (const t of new Set(tokenise(text))) {
      let docs = this.postings.get(t);
      if (!docs) {
        this.postings.set(t, (docs = new Map()));
        fresh.push(t);
      }
      docs.set(doc, (docs.get(doc) ?? 0) + 1);
    }
    this.vocabAdd(fresh);
  }

  /** Takes back one part of `doc` given its text as it was added (an edit is remove, then add). */
  remove(doc: number, text: string): void {
    this.recent.clear();
    const gone: string[] = [];
    for (const t of new Set(tokenise(text))) {
      const docs = this.postings.get(t);
      const n = docs?.get(doc);
      if (!docs || n === undefined) continue;
      if (n > 1) docs.set(doc, n - 1);
      else docs.delete(doc);
      if (docs.size === 0) gone.push(t);
    }
    this.forget(gone);
  }

  /** Removes every part of `doc` (a deleted document): a walk over the vocabulary. */
  drop(doc: number): void {
    this.recent.clear();
    const gone: string[] = [];
    for (const [t, docs] of this.postings) if (docs.delete(doc) && docs.size === 0) gone.push(t);
    this.forget(gone);
  }

  /** The documents holding every word of `query`, each word as a prefix of one of their tokens (read-only). */
  search(query: string): DocSet {
    const words = [...new Set(tokenise(query))].sort();
    if (!words.length) return new Set();
    const key = words.join(' ');
    const had = this.recent.get(key);
    if (had) return had;
    const found = this.matching(words);
    this.recent.set(key, found);
    for (const k of this.recent.keys()) if (this.recent.size > RECENT) this.recent.delete(k);
    return found;
  }

  private matching(words: string[]): DocSet {
    // The rarest word first: the following ones only narrow its set.
    const sets = words.map((w) => this.prefixed(w)).sort((a, b) => a.size - b.size);
    const [first, ...rest] = sets;
    if (!rest.length) return first!;
    const out = new Set<number>();
    for (const d of first!.keys()) if (rest.every((s) => s.has(d))) out.add(d);
    return out;
  }

  /** The documents with a token starting with `word`; one token's postings are given as they are, not copied. */
  private prefixed(word: string): DocSet {
    const vocab = (this.vocab ??= [...this.postings.keys()].sort());
    const hits: Map<number, number>[] = [];
    for (let i = lowerBound(vocab, word); i < vocab.length && vocab[i]!.startsWith(word); i++) hits.push(this.postings.get(vocab[i]!)!);
    if (hits.length === 1) return hits[0]!;
    const out = new Set<number>();
    for (const docs of hits) for (const d of docs.keys()) out.add(d);
    return out;
  }

  /** Tokens new to the index go into the sorted ones: a few by splices, more by one merge (a write stays linear). */
  private vocabAdd(fresh: string[]): void {
    const vocab = this.vocab;
    if (!vocab || !fresh.length) return;
    if (fresh.length <= SPLICES) {
      for (const t of fresh) vocab.splice(lowerBound(vocab, t), 0, t);
      return;
    }
    fresh.sort();
    const merged: string[] = [];
    let i = 0;
    for (const t of fresh) {
      while (i < vocab.length && vocab[i]! < t) merged.push(vocab[i++]!);
      merged.push(t);
    }
    while (i < vocab.length) merged.push(vocab[i++]!);
    this.vocab = merged;
  }

  /** Tokens no document holds any more leave the index (from the sorted ones as in vocabAdd). */
  private forget(gone: string[]): void {
    for (const t of gone) this.postings.delete(t);
    const vocab = this.vocab;
    if (!vocab || !gone.length) return;
    if (gone.length <= SPLICES) {
      for (const t of gone) {
        const at = lowerBound(vocab, t);
        if (vocab[at] === t) vocab.splice(at, 1);
      }
      return;
    }
    this.vocab = vocab.filter((t) => this.postings.has(t));
  }

  /** How many distinct tokens are indexed. */
  get size(): number {
    return this.postings.size;
  }
}
