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

/** Runs `load` for `key` (cached under it); keeps the last value while a new key loads. */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['load', key], queryFn: load, placeholderData: keepPreviousData });
  const reload = useCallback(() => { void client.invalidateQueries({ queryKey: ['load', key] }); }, [client, key]);
  const set = useCallback((value: T) => { client.setQueryData(['load', key], value); }, [client, key]);
  return { data: q.data ?? null, error: q.error ? errorText(q.error) : null, reload, set };
}
