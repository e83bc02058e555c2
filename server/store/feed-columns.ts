/**
 * The numbers a feed query filters on, for many feed rows at once: one typed array per field, ascending by id, so a
 * row costs 25 bytes of memory whatever its text (the full rows stay on disk). Used for every stored row of the feed
 * table and for the rows of each feed read so far.
 */

/** Gitea's ActionType names that Homeforge records; a row keeps its type as its position here. */
export const FEED_OP_TYPES = [
  'create_repo', 'rename_repo', 'commit_repo', 'create_issue', 'create_pull_request', 'transfer_repo', 'push_tag',
  'comment_issue', 'merge_pull_request', 'close_issue', 'reopen_issue', 'close_pull_request', 'reopen_pull_request',
  'delete_tag', 'delete_branch', 'mirror_sync_push', 'mirror_sync_create', 'mirror_sync_delete',
  'approve_pull_request', 'reject_pull_request', 'comment_pull', 'publish_release',
] as const;

export type FeedOpType = (typeof FEED_OP_TYPES)[number];

const CODE = new Map<string, number>(FEED_OP_TYPES.map((op, i) => [op, i]));

/** The facts of one row kept in memory (`at`: unix seconds of its `created`). */
export interface FeedFacts {
  id: number;
  user_id: number;
  repo_id: number;
  act_user_id: number;
  at: number;
  op_type: FeedOpType;
}

/** Unix seconds of an ISO time (0 when it does not parse, or before 1970: the column is unsigned). */
export const secondsOf = (iso: string): number => Math.max(0, Math.floor(Date.parse(iso) / 1000) || 0);

/**
 * Rows' facts in parallel typed arrays, kept ascending by id. User, repository and actor ids and the seconds are
 * unsigned 32-bit (store ids are counters far below 2^32; seconds reach 2106); row ids are doubles (any safe integer).
 */
export class FeedColumns {
  length = 0;
  ids = new Float64Array(16);
  user = new Uint32Array(16);
  repo = new Uint32Array(16);
  actor = new Uint32Array(16);
  at = new Uint32Array(16);
  op = new Uint8Array(16);
  /** The distinct repositories and actors, once asked for (kept in step with additions, forgotten by a removal). */
  private seen: { repoIds: Set<number>; actorIds: Set<number> } | null = null;

  /** The distinct repositories and actors of the rows (copies: a feed page asks for them each time). */
  parties(): { repoIds: Set<number>; actorIds: Set<number> } {
    if (!this.seen) {
      const repoIds = new Set<number>();
      const actorIds = new Set<number>();
      for (let i = 0; i < this.length; i++) {
        repoIds.add(this.repo[i]!);
        actorIds.add(this.actor[i]!);
      }
      this.seen = { repoIds, actorIds };
    }
    return { repoIds: new Set(this.seen.repoIds), actorIds: new Set(this.seen.actorIds) };
  }

  /** The type of row `i`. */
  opAt(i: number): FeedOpType {
    return FEED_OP_TYPES[this.op[i]!] ?? 'create_repo';
  }

  private grow(need: number): void {
    if (need > this.ids.length) this.resize(Math.max(need, this.ids.length * 2));
  }

  /** Moves the rows into arrays of `cap` places (more when growing, fewer after removals). */
  private resize(cap: number): void {
    const n = this.length;
    const ids = new Float64Array(cap);
    ids.set(this.ids.subarray(0, n));
    this.ids = ids;
    const u32 = (a: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> => {
      const b = new Uint32Array(cap);
      b.set(a.subarray(0, n));
      return b;
    };
    this.user = u32(this.user);
    this.repo = u32(this.repo);
    this.actor = u32(this.actor);
    this.at = u32(this.at);
    const op = new Uint8Array(cap);
    op.set(this.op.subarray(0, n));
    this.op = op;
  }

  /** Whether a row with this id is held. */
  has(id: number): boolean {
    const i = this.positionOf(id);
    return i < this.length && this.ids[i] === id;
  }

  /** Where id `id` is or would go (the first position whose id is not below it). */
  private positionOf(id: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Adds a row in id order: at the end when its id is the highest (an append), else shifted into place (inserts
   * running concurrently can reach memory out of id order); a row already held is replaced.
   */
  add(f: FeedFacts): void {
    const code = CODE.get(f.op_type);
    if (code === undefined) throw new Error(`unknown feed action type ${f.op_type}`);
    let i = this.length;
    if (i > 0 && this.ids[i - 1]! >= f.id) {
      i = this.positionOf(f.id);
      if (this.ids[i] !== f.id) this.shift(i);
    } else {
      this.grow(i + 1);
      this.length += 1;
    }
    this.ids[i] = f.id;
    this.user[i] = f.user_id;
    this.repo[i] = f.repo_id;
    this.actor[i] = f.act_user_id;
    this.at[i] = f.at;
    this.op[i] = code;
    this.seen?.repoIds.add(f.repo_id);
    this.seen?.actorIds.add(f.act_user_id);
  }

  /** Opens a free slot at `i`, moving the rows from `i` on one place up. */
  private shift(i: number): void {
    this.grow(this.length + 1);
    for (const a of [this.ids, this.user, this.repo, this.actor, this.at, this.op]) a.copyWithin(i + 1, i, this.length);
    this.length += 1;
  }

  /** A new set of the rows for which `keep` is true. */
  filter(keep: (c: FeedColumns, i: number) => boolean): FeedColumns {
    const out = new FeedColumns();
    for (let i = 0; i < this.length; i++) if (keep(this, i)) out.copyRow(this, i);
    return out;
  }

  private copyRow(from: FeedColumns, i: number): void {
    const k = this.length;
    this.grow(k + 1);
    this.setRow(k, from, i);
    this.length = k + 1;
  }

  /** Writes row `i` of `from` at position `k` (within the arrays' size). */
  private setRow(k: number, from: FeedColumns, i: number): void {
    this.ids[k] = from.ids[i]!;
    this.user[k] = from.user[i]!;
    this.repo[k] = from.repo[i]!;
    this.actor[k] = from.actor[i]!;
    this.at[k] = from.at[i]!;
    this.op[k] = from.op[i]!;
  }

  /** Drops the rows for which `drop` is true, in place; returns their ids. */
  removeWhere(drop: (c: FeedColumns, i: number) => boolean): number[] {
    const gone: number[] = [];
    let k = 0;
    for (let i = 0; i < this.length; i++) {
      if (drop(this, i)) {
        gone.push(this.ids[i]!);
        continue;
      }
      if (k !== i) this.setRow(k, this, i);
      k += 1;
    }
    this.length = k;
    if (gone.length) this.seen = null;
    if (k < this.ids.length / 4 && this.ids.length > 64) this.resize(Math.max(16, k * 2));
    return gone;
  }
}
