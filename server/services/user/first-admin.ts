/** The first administrator, from HOMEFORGE_ADMIN_USER / _PASSWORD / _EMAIL, when the host has no user yet. */
import type { AppContext } from '../context.ts';
import * as userStore from '../../store/users.ts';
import { createUser } from './users.ts';
import { ServiceError, ValidationError } from '../../lib/errors.ts';

/** Creates the admin named by the environment if no individual user exists; returns whether it did. */
export async function ensureFirstAdmin(app: AppContext, env: NodeJS.ProcessEnv): Promise<boolean> {
  const username = env.HOMEFORGE_ADMIN_USER;
  const password = env.HOMEFORGE_ADMIN_PASSWORD;
  const email = env.HOMEFORGE_ADMIN_EMAIL;
  if (!username || !password || !email) return false;
  if ((await userStore.count(app.store, (u) => u.type === 'individual')) > 0) return false;
  try {
    await createUser(app, { username, password, email, is_admin: true });
  } catch (err) {
    // Say which variables to fix: the start stops on this one line instead of a stack trace.
    if (err instanceof ServiceError) throw new ValidationError(`HOMEFORGE_ADMIN_USER/_PASSWORD/_EMAIL: ${err.message}`);
    throw err;
  }
  app.log.info('created the first administrator from the environment', { username });
  return true;
}
