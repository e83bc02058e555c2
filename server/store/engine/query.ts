/** The paged query every store list goes through: filter, sort, then copy only the requested page. */

/** What to list: an optional index lookup, a filter, an order, and one page (1-based) of `limit` rows. */
export interface Query<R> {
  index?: { name: string; key: string } | undefined;
  where?: ((r: R) => boolean) | undefined;
  sort?: ((a: R, b: R) => number) | undefined;
  page?: number | undefined;
  /** 0 or absent: every matching row. */
  limit?: number | undefined;
}

/** One page of rows and the number of rows that match in all. */
export interface Page<R> {
  rows: R[];
  total: number;
}

/** Filters, sorts and slices `from` (not modified); `copy` is applied to the page's rows only. */
export function pageRows<R extends { id: number }>(from: readonly R[], q: Query<R>, copy: (r: R) => R): Page<R> {
  const matched = q.where ? from.filter(q.where) : [...from];
  matched.sort(q.sort ?? ((a, b) => a.id - b.id));
  const limit = q.limit && q.limit > 0 ? q.limit : matched.length;
  const start = (Math.max(1, q.page ?? 1) - 1) * limit;
  return { rows: matched.slice(start, start + limit).map(copy), total: matched.length };
}
