/** Exercises the branch protection routes and the branch answers they change through a checker. */
import assert from 'node:assert/strict';
import { ADMIN } from '../helpers/host.ts';
import type { Checker } from './checked.ts';
import type { World } from './flows-accounts.ts';

const R = `/repos/${ADMIN.username}/demo`;

/** Rules: create (plain and glob, with allow-lists of users and teams), list, get, edit, reorder, delete. */
export async function protections(c: Checker, w: World): Promise<void> {
  const { admin, alice } = w;
  const made = await c.v1('POST', `${R}/branch_protections`, {
    auth: admin,
    body: {
      rule_name: 'main', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: ['alice'],
      required_approvals: 1, enable_status_check: true, status_check_contexts: ['ci'], protected_file_patterns: '*.lock',
    },
  });
  assert.deepEqual(made.body.push_whitelist_usernames, ['alice']);
  await c.v1('POST', `${R}/branch_protections`, { auth: admin, body: { branch_name: 'release/*', dismiss_stale_approvals: true } });
  const list = await c.v1('GET', `${R}/branch_protections`, { auth: admin });
  assert.deepEqual(list.body.map((p: { rule_name: string }) => p.rule_name), ['main', 'release/*']);
  await c.v1('GET', `${R}/branch_protections/main`, { auth: admin });
  await c.v1('PATCH', `${R}/branch_protections/${encodeURIComponent('release/*')}`, { auth: admin, body: { ignore_stale_approvals: true, priority: 5 } });
  await c.v1('POST', `${R}/branch_protections/priority`, { auth: admin, body: { ids: [] } });
  const branch = await c.v1('GET', `${R}/branches/main`, { auth: alice });
  assert.equal(branch.body.protected, true);
  await c.v1('GET', `${R}/branches`, { auth: admin });
  await c.v1('POST', `/repos/acme/tools/branch_protections`, { auth: admin, body: { rule_name: 'main', enable_merge_whitelist: true, merge_whitelist_teams: ['Owners'] } });
  await c.v1('GET', `/repos/acme/tools/branch_protections/main`, { auth: admin });
  await c.v1('DELETE', `${R}/branch_protections/${encodeURIComponent('release/*')}`, { auth: admin });
  await c.v1('DELETE', `${R}/branch_protections/main`, { auth: admin });
  await c.v1('DELETE', `/repos/acme/tools/branch_protections/main`, { auth: admin });
}
