/**
 * Signs the owner in on their own machine without a password: the main process opens a UI session for the first
 * administrator through the session service, and the preload hands it to the window. It is a session like a
 * browser's (it expires when unused, is never listed among personal tokens); a personal token left by an older
 * version of the app is deleted.
 */
import type { AppContext } from '../server/services/context.ts';
import type { UserRecord } from '../server/store/records.ts';
import * as userStore from '../server/store/users.ts';
import { deleteToken, listTokens } from '../server/services/token/tokens.ts';
import { createSession } from '../server/services/auth/sessions.ts';
import { sessionUser } from '../server/services/auth/ui-sessions.ts';
import type { HomeforgeSession } from './preload-api.ts';

/** The name of the personal token older versions made for the window. */
export const DESKTOP_TOKEN_NAME = 'Homeforge desktop';

/** The owner: the first administrator (lowest id) who may sign in. */
export async function findOwner(app: AppContext): Promise<UserRecord | undefined> {
  const admins = await userStore.list(app.store, (u) => u.type === 'individual' && u.is_admin && u.is_active && !u.prohibit_login);
  return admins.sort((a, b) => a.id - b.id)[0];
}

/** Opens a fresh window session for the owner; null while there is no administrator. */
export async function createOwnerSession(app: AppContext): Promise<HomeforgeSession | null> {
  const owner = await findOwner(app);
  if (!owner) return null;
  for (const t of await listTokens(app, owner)) {
    if (t.name === DESKTOP_TOKEN_NAME) await deleteToken(app, owner, String(t.id));
  }
  return { token: createSession(app, owner).token, username: owner.name };
}

/** One session per run, made on first request; made again once it has ended, and asked again while there is no owner. */
export function ownerSessionProvider(app: AppContext): () => Promise<HomeforgeSession | null> {
  let made: Promise<HomeforgeSession | null> | null = null;
  return async () => {
    made ??= createOwnerSession(app);
    let session = await made.catch((err: unknown) => { made = null; throw err; });
    if (session && !sessionUser(app, session.token)) {
      made = createOwnerSession(app);
      session = await made;
    }
    if (!session) made = null;
    return session;
  };
}
