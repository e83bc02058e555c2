/** Loads data for a page: the value, the error in words, and a reload. */
import { useCallback, useEffect, useState } from 'react';
import { errorText } from './api/client.ts';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  reload(): void;
  set(value: T): void;
}

/** Runs `load` when `key` changes (and on reload); keeps the last value while reloading. */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then((v) => { if (live) { setData(v); setError(null); } }, (err: unknown) => { if (live) setError(errorText(err)); });
    return () => { live = false; };
    // `load` is recreated on each render; `key` names what it loads.
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, error, reload, set: setData };
}
