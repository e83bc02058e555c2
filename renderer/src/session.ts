/** Where the UI keeps its session token: sessionStorage, or the desktop window's preload bridge. */

// `window.homeforge` is typed by the preload's declaration.
import type {} from '../../main/preload-api.ts';

const KEY = 'homeforge.token';

/** The stored session token, if any. */
export function storedToken(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Stores (or, with null, forgets) the session token for this browser tab. */
export function storeToken(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(KEY, token);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage can be disabled; the session then lasts until the page is reloaded.
  }
}

/** The desktop window's session from the preload bridge; null in a plain browser or when it fails. */
export async function desktopToken(): Promise<string | null> {
  const bridge = window.homeforge;
  if (!bridge || typeof bridge.session !== 'function') return null;
  try {
    const s = await bridge.session();
    return s?.token ?? null;
  } catch {
    return null;
  }
}

/** True inside the desktop window, where signing out is not offered (the window is signed in by the app). */
export const isDesktop = (): boolean => typeof window.homeforge?.session === 'function';
