/** Exercises the activity feeds: a user's (with its filters), a repository's, an organization's and a team's. */
import assert from 'node:assert/strict';
import { ADMIN } from '../helpers/host.ts';
import type { Checker } from './checked.ts';
import type { World } from './flows-accounts.ts';

/** Reads each feed as the administrator, after the earlier flows have recorded actions of every kind. */
export async function feeds(c: Checker, w: World): Promise<void> {
  const mine = (await c.v1('GET', `/users/${ADMIN.username}/activities/feeds?limit=50`, { auth: w.admin })).body as { op_type: string }[];
  assert.ok(mine.length > 0);
  await c.v1('GET', `/users/${ADMIN.username}/activities/feeds?only-performed-by=true&date=2001-01-01`, { auth: w.admin });
  await c.v1('GET', `/repos/${ADMIN.username}/demo/activities/feeds?limit=50`, { auth: w.admin });
  await c.v1('GET', '/orgs/acme/activities/feeds', { auth: w.admin });
  await c.v1('GET', `/teams/${w.teamId}/activities/feeds`, { auth: w.admin });
}
