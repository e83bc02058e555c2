/** Loads data for a page through the shared query cache: the value, the error in words, and a reload. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { errorText } from './api/client.ts';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  reload(): void;
  set(value: T): void;
}

/**
 * Runs `load` for `key` (cached under it); keeps the last value while a new key loads. Pages name keys after
 * what they load (often just an API path), so the cache key also holds the loader's source: two loaders that
 * share a key string but fetch different things never see each other's answer.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const client = useQueryClient();
  const queryKey = ['load', key, load.toString()];
  const q = useQuery({ queryKey, queryFn: load, placeholderData: keepPreviousData });
  const id = JSON.stringify(queryKey);
  const reload = useCallback(() => { void client.invalidateQueries({ queryKey: JSON.parse(id) as string[] }); }, [client, id]);
  const set = useCallback((value: T) => { client.setQueryData(JSON.parse(id) as string[], value); }, [client, id]);
  return { data: q.data ?? null, error: q.error ? errorText(q.error) : null, reload, set };
}
