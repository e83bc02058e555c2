/**
 * The token API of one account. Gitea manages tokens with basic auth only, so the page asks for the password
 * (and a two-factor code) once and keeps them in memory. A two-factor code is accepted once: when a later request
 * is refused for it, the page asks for the next code and the user repeats the action.
 */
import { useCallback, useEffect, useState } from 'react';
import { errorText, seg, type RequestOptions } from '../api/client.ts';
import type { AccessToken } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { needsPassword, type Credentials } from './PasswordGate.tsx';

export type Gate = 'closed' | 'password' | 'code';

export interface TokenApi {
  tokens: AccessToken[] | null;
  error: string | null;
  gate: Gate;
  creds: Credentials | null;
  /** Takes the credentials from the gate; with a password, loads the list with them. */
  unlock(c: Credentials): Promise<void>;
  create(name: string, scopes: string[]): Promise<AccessToken>;
  remove(t: AccessToken): Promise<void>;
}

/** Loads and changes the tokens of `owner`. */
export function useTokens(owner: string): TokenApi {
  const { api } = useAuth();
  const base = `/api/v1/users/${seg(owner)}/tokens`;
  const [creds, setCreds] = useState<Credentials | null>(null);
  const [gate, setGate] = useState<Gate>('closed');
  const [tokens, setTokens] = useState<AccessToken[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const opts = (c: Credentials | null): RequestOptions => (c ? { basic: c } : {});

  const load = useCallback(async (c: Credentials | null) => {
    setTokens(await api.get<AccessToken[]>(base, { ...opts(c), query: { limit: 50 } }));
  }, [api, base]);

  useEffect(() => {
    setTokens(null);
    // The session token first: a host that accepts it needs no password.
    load(null).catch((err: unknown) => { if (needsPassword(err)) setGate('password'); else setError(errorText(err)); });
  }, [load]);

  const unlock = async (c: Credentials) => {
    if (gate !== 'code') await load(c);
    setCreds(c);
    setGate('closed');
  };

  /** Runs a request with the kept credentials; a refused one reopens the gate. */
  const run = async <T>(request: (o: RequestOptions) => Promise<T>): Promise<T> => {
    try {
      return await request(opts(creds));
    } catch (err) {
      if (!needsPassword(err) || !creds) throw err;
      setGate(creds.otp ? 'code' : 'password');
      throw new Error(creds.otp ? 'That two-factor code was used already. Enter the next code above, then try again.' : 'Confirm your password above, then try again.', { cause: err });
    }
  };

  const create = async (name: string, scopes: string[]) => {
    const t = await run((o) => api.post<AccessToken>(base, { name, scopes }, o));
    setTokens((old) => [...(old ?? []), t]);
    return t;
  };
  const remove = async (t: AccessToken) => {
    await run((o) => api.delete(`${base}/${seg(t.id)}`, o));
    setTokens((old) => (old ?? []).filter((x) => x.id !== t.id));
  };
  return { tokens, error, gate, creds, unlock, create, remove };
}
