/**
 * Signs the owner in on their own machine without a password: the main process makes an access token for the
 * first administrator through the token service, and the preload hands it to the window.
 */
import type { AppContext } from '../server/services/context.ts';
import type { UserRecord } from '../server/store/records.ts';
import * as userStore from '../server/store/users.ts';
import { createToken, deleteToken, listTokens } from '../server/services/tokens.ts';
import type { HomeforgeSession } from './preload-api.ts';

/** The name of the window's token; the one of an earlier run is replaced, so they do not pile up. */
export const DESKTOP_TOKEN_NAME = 'Homeforge desktop';

/** The owner: the first administrator (lowest id) who may sign in. */
export async function findOwner(app: AppContext): Promise<UserRecord | undefined> {
  const admins = await userStore.list(app.store, (u) => u.type === 'individual' && u.is_admin && u.is_active && !u.prohibit_login);
  return admins.sort((a, b) => a.id - b.id)[0];
}

/** Makes a fresh desktop token for the owner; null while there is no administrator. */
export async function createOwnerSession(app: AppContext): Promise<HomeforgeSession | null> {
  const owner = await findOwner(app);
  if (!owner) return null;
  for (const t of await listTokens(app, owner)) {
    if (t.name === DESKTOP_TOKEN_NAME) await deleteToken(app, owner, String(t.id));
  }
  const { value } = await createToken(app, owner, DESKTOP_TOKEN_NAME, ['all']);
  return { token: value, username: owner.name };
}

/** One session per run, made on first request; asked again while there is no owner yet (first-run page). */
export function ownerSessionProvider(app: AppContext): () => Promise<HomeforgeSession | null> {
  let made: Promise<HomeforgeSession | null> | null = null;
  return async () => {
    made ??= createOwnerSession(app);
    const session = await made.catch((err: unknown) => { made = null; throw err; });
    if (!session) made = null;
    return session;
  };
}
