/** Exercises runners and their registration tokens at every level through a checker (runners registered through the protocol). */
import { ADMIN, type TestHost } from '../helpers/host.ts';
import { registerRunner } from '../helpers/runner-client.ts';
import type { Checker } from './checked.ts';
import type { World } from './flows-accounts.ts';

const LEVELS = [`/repos/${ADMIN.username}/demo/actions/runners`, '/orgs/acme/actions/runners', '/user/actions/runners', '/admin/actions/runners'];
const OPS = ['Repo', 'Org', 'User', 'Admin'];

/** Tokens, their reset, a runner at each level listed, read, disabled and deleted; the built-in runner's status. */
export async function runners(c: Checker, h: TestHost, w: World): Promise<void> {
  const { admin } = w;
  for (const [i, base] of LEVELS.entries()) {
    const token = await c.v1('POST', `${base}/registration-token`, { auth: admin });
    const reset = await c.hf('POST', `${base}/registration-token/reset`, { auth: admin });
    if (token.body.token === reset.body.token) throw new Error('a reset token must differ');
    const runner = await registerRunner(h.url, reset.body.token as string, { name: `flow-${OPS[i]}` });
    await c.v1('GET', base, { auth: admin });
    await c.v1('GET', `${base}?disabled=false`, { auth: admin });
    await c.v1('GET', `${base}/${runner.id}`, { auth: admin });
    await c.v1('PATCH', `${base}/${runner.id}`, { auth: admin, body: { disabled: true } });
    await c.v1('DELETE', `${base}/${runner.id}`, { auth: admin });
  }
  await c.hf('GET', '/admin/actions/builtin-runner', { auth: admin });
  await c.hf('PUT', '/admin/actions/builtin-runner', { auth: admin, body: { enabled: false } });
}
