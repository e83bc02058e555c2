/** The signed-in user and the API client, shared by every page through context. */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiClient, ApiError } from './api/client.ts';
import type { SessionAnswer, SetupStatus, User } from './api/types.ts';
import { desktopToken, storeToken, storedToken } from './session.ts';

export type AuthState =
  | { kind: 'loading' }
  | { kind: 'needs-setup' }
  | { kind: 'signed-out'; notice?: string }
  | { kind: 'signed-in'; user: User; mustChangePassword?: boolean };

interface AuthValue {
  state: AuthState;
  api: ApiClient;
  /** Takes the answer of a sign-in or first-run request as the new session. */
  begin(answer: SessionAnswer): void;
  signOut(): Promise<void>;
  /** Reloads the signed-in user (after editing one's own account). */
  refresh(): Promise<void>;
  /** The password was changed: a session that had to change it may now reach everything. */
  passwordChanged(): void;
}

const AuthContext = createContext<AuthValue | null>(null);

async function needsSetup(api: ApiClient): Promise<boolean> {
  try {
    const s = await api.get<SetupStatus>('/api/homeforge/setup', { anonymous: true });
    return s.needs_admin;
  } catch {
    return false;
  }
}

/** True when the host refuses this session everything but the password change (after a reload of the page). */
async function mustChange(api: ApiClient): Promise<boolean> {
  try {
    await api.get('/api/v1/user/settings');
    return false;
  } catch (err) {
    return err instanceof ApiError && err.status === 403 && /must change your password/i.test(err.message);
  }
}

/** Works out who is signed in at start: the stored token, the desktop bridge, or nobody (setup or sign-in). */
async function resolveStart(api: ApiClient): Promise<AuthState> {
  for (const token of [storedToken(), await desktopToken()]) {
    if (!token) continue;
    api.setToken(token);
    try {
      const user = await api.get<User>('/api/v1/user');
      storeToken(token);
      return { kind: 'signed-in', user, mustChangePassword: await mustChange(api) };
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 401) throw err;
      storeToken(null);
      api.setToken(null);
    }
  }
  return (await needsSetup(api)) ? { kind: 'needs-setup' } : { kind: 'signed-out' };
}

/** Holds the session; decides at start between first run, sign-in and a signed-in user. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const api = useMemo(() => new ApiClient(), []);
  const [state, setState] = useState<AuthState>({ kind: 'loading' });
  const queries = useQueryClient();

  useEffect(() => {
    // Any change through the API can alter what a cached page shows: cached reads are refreshed after it.
    api.onWrite = () => { void queries.invalidateQueries(); };
    resolveStart(api).then(setState, () => setState({ kind: 'signed-out', notice: 'The host cannot be reached. Is Homeforge still running?' }));
    // A 401 can also mean "this route wants a password": sign out only when the session itself is refused. In the
    // desktop window an ended session is replaced by a fresh one from the app.
    api.onUnauthorized = () => {
      fetch('/api/v1/user', { headers: { Authorization: `token ${api.currentToken() ?? ''}` } }).then(async (res) => {
        if (res.status !== 401) return;
        const fresh = await desktopToken();
        if (fresh && fresh !== api.currentToken()) {
          api.setToken(fresh);
          storeToken(fresh);
          return;
        }
        storeToken(null);
        api.setToken(null);
        setState({ kind: 'signed-out', notice: 'Your session has ended. Please sign in again.' });
      }, () => undefined);
    };
  }, [api, queries]);

  const begin = useCallback((answer: SessionAnswer) => {
    api.setToken(answer.token);
    storeToken(answer.token);
    // What a visitor or another account loaded must not show through.
    queries.clear();
    setState({ kind: 'signed-in', user: answer.user, mustChangePassword: answer.must_change_password });
  }, [api, queries]);

  const signOut = useCallback(async () => {
    try {
      await api.delete('/api/homeforge/session');
    } catch {
      // The token is forgotten here either way; a host that cannot be reached lets it expire.
    } finally {
      storeToken(null);
      api.setToken(null);
      queries.clear();
      setState({ kind: 'signed-out', notice: 'You have signed out.' });
    }
  }, [api, queries]);

  const refresh = useCallback(async () => {
    const user = await api.get<User>('/api/v1/user');
    setState((s) => ({ kind: 'signed-in', user, mustChangePassword: s.kind === 'signed-in' ? s.mustChangePassword : false }));
  }, [api]);

  const passwordChanged = useCallback(() => {
    setState((s) => (s.kind === 'signed-in' ? { ...s, mustChangePassword: false } : s));
    void queries.invalidateQueries();
  }, [queries]);

  const value = useMemo(() => ({ state, api, begin, signOut, refresh, passwordChanged }), [state, api, begin, signOut, refresh, passwordChanged]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session and API client. */
export function useAuth(): AuthValue {
  const v = useContext(AuthContext);
  if (!v) throw new Error('useAuth outside AuthProvider');
  return v;
}

/** The signed-in user; only for pages rendered behind the sign-in gate. */
export function useUser(): User {
  const { state } = useAuth();
  if (state.kind !== 'signed-in') throw new Error('useUser without a signed-in user');
  return state.user;
}
