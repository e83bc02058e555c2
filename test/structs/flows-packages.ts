/** Exercises the package API (list, versions, latest, get, files, link, unlink, deletes) through a checker. */
import assert from 'node:assert/strict';
import { ADMIN, request, type TestHost } from '../helpers/host.ts';
import type { Checker } from './checked.ts';
import type { World } from './flows-accounts.ts';

const P = `/packages/${ADMIN.username}`;

/** Two generic versions uploaded through the registry, then every package API route on them. */
export async function packages(c: Checker, h: TestHost, w: World): Promise<void> {
  for (const [v, f] of [['1.0.0', 'a.txt'], ['1.0.0', 'b.txt'], ['2.0.0', 'a.txt']] as const) {
    const res = await request(h.url, 'PUT', `/api/packages/${ADMIN.username}/generic/flow-pkg/${v}/${f}`, { auth: w.admin, rawBody: `${v} ${f}` });
    assert.equal(res.status, 201, res.text);
  }
  for (const auth of [w.admin, w.alice, undefined]) {
    await c.v1('GET', `${P}?type=generic&q=flow`, { auth });
    await c.v1('GET', `${P}/generic/flow-pkg`, { auth });
    await c.v1('GET', `${P}/generic/flow-pkg/-/latest`, { auth });
    await c.v1('GET', `${P}/generic/flow-pkg/1.0.0`, { auth });
    await c.v1('GET', `${P}/generic/flow-pkg/1.0.0/files`, { auth });
  }
  await c.v1('POST', `${P}/generic/flow-pkg/-/link/demo`, { auth: w.admin });
  await c.v1('GET', `${P}/generic/flow-pkg/2.0.0`, { auth: w.admin });
  await c.v1('POST', `${P}/generic/flow-pkg/-/unlink`, { auth: w.admin });
  await c.v1('DELETE', `${P}/generic/flow-pkg/1.0.0`, { auth: w.admin });
  await c.v1('DELETE', `${P}/generic/flow-pkg`, { auth: w.admin });
}
