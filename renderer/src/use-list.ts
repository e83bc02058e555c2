/** A paged API list: `page`/`limit` from the URL, the total from `X-Total-Count`, cached by react-query. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from './auth.tsx';
import { errorText } from './api/client.ts';
import { usePaging } from './router.tsx';

export interface ListPage<T> {
  items: T[] | null;
  total: number;
  page: number;
  limit: number;
  pages: number;
  error: string | null;
  fetching: boolean;
  setPage(p: number): void;
  reload(): void;
}

type Query = Record<string, string | number | boolean | undefined>;

/** The list of a search answer (`{"ok":true,"data":[...]}`, as /repos/search and /users/search send), for `unwrap`. */
export function searchData<T>(body: unknown): T[] {
  return (body as { data?: T[] }).data ?? [];
}

/** Loads page `?page=` (or `?{pageParam}=`) of `path` with `query`; `unwrap` picks the list out of wrapped answers (`{ok,data}`). */
export function useList<T>(path: string, query: Query = {}, opts: { limit?: number; unwrap?: (body: unknown) => T[]; enabled?: boolean; pageParam?: string } = {}): ListPage<T> {
  const { api } = useAuth();
  const client = useQueryClient();
  const { page, limit, setPage } = usePaging(opts.limit ?? 20, opts.pageParam);
  const key = ['list', path, query, page, limit];
  const q = useQuery({
    queryKey: key,
    enabled: opts.enabled ?? true,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.request<unknown>('GET', path, { query: { ...query, page, limit } });
      const items = opts.unwrap ? opts.unwrap(res.data) : (res.data as T[]);
      const header = res.headers.get('X-Total-Count');
      return { items, total: header === null ? (page - 1) * limit + items.length : Number(header) };
    },
  });
  const reload = useCallback(() => { void client.invalidateQueries({ queryKey: ['list', path] }); }, [client, path]);
  const total = q.data?.total ?? 0;
  return {
    items: q.data?.items ?? null, total, page, limit, pages: Math.max(1, Math.ceil(total / limit)),
    error: q.error ? errorText(q.error) : null, fetching: q.isFetching, setPage,
    reload,
  };
}
