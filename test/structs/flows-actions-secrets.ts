/** Exercises actions secrets and variables at repository, organization and user level through a checker. */
import { ADMIN } from '../helpers/host.ts';
import type { Checker } from './checked.ts';
import type { World } from './flows-accounts.ts';

const LEVELS = [`/repos/${ADMIN.username}/demo/actions`, '/orgs/acme/actions', '/user/actions'];

/** Create, update, list and delete secrets; create, get, list, update and delete variables. */
export async function actionSecrets(c: Checker, w: World): Promise<void> {
  const auth = w.admin;
  for (const base of LEVELS) {
    await c.v1('PUT', `${base}/secrets/FLOW_SECRET`, { auth, body: { data: 'flow-value', description: 'a flow' } });
    await c.v1('PUT', `${base}/secrets/FLOW_SECRET`, { auth, body: { data: 'flow-value-2' } });
    if (base.startsWith('/user')) await c.hf('GET', '/user/actions/secrets', { auth });
    else await c.v1('GET', `${base}/secrets`, { auth });
    await c.v1('DELETE', `${base}/secrets/FLOW_SECRET`, { auth });
    await c.v1('POST', `${base}/variables/FLOW_VAR`, { auth, body: { value: 'one', description: 'a flow' } });
    await c.v1('GET', `${base}/variables/FLOW_VAR`, { auth });
    await c.v1('GET', `${base}/variables`, { auth });
    await c.v1('PUT', `${base}/variables/FLOW_VAR`, { auth, body: { name: 'FLOW_VAR_2', value: 'two' } });
    await c.v1('DELETE', `${base}/variables/FLOW_VAR_2`, { auth });
  }
}
