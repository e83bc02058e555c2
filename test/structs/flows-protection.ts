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

/** Reviews and review requests on a pull request of the demo repository. */
export async function reviews(c: Checker, w: World): Promise<void> {
  const { admin, alice } = w;
  await c.v1('POST', `${R}/branches`, { auth: admin, body: { new_branch_name: 'review-me' } });
  await c.v1('POST', `${R}/contents/review-me.txt`, { auth: admin, body: { content: Buffer.from('review me\n').toString('base64'), branch: 'review-me' } });
  const pr = await c.v1('POST', `${R}/pulls`, { auth: admin, body: { head: 'review-me', base: 'main', title: 'Review me' } });
  const P = `${R}/pulls/${pr.body.number}`;
  const asked = await c.v1('POST', `${P}/requested_reviewers`, { auth: admin, body: { reviewers: ['alice'] } });
  assert.equal(asked.body[0].user.login, 'alice');
  await c.v1('DELETE', `${P}/requested_reviewers`, { auth: admin, body: { reviewers: ['alice'] } });
  const pending = await c.v1('POST', `${P}/reviews`, { auth: alice, body: { body: 'looking', comments: [{ path: 'review-me.txt', new_position: 1, body: 'a line' }] } });
  await c.v1('GET', `${P}/reviews/${pending.body.id}`, { auth: alice });
  await c.v1('POST', `${P}/reviews/${pending.body.id}`, { auth: alice, body: { event: 'APPROVED', body: 'good' } });
  await c.v1('GET', `${P}/reviews/${pending.body.id}/comments`, { auth: admin });
  await c.v1('GET', `${P}/reviews`, { auth: admin });
  await c.v1('POST', `${P}/reviews/${pending.body.id}/dismissals`, { auth: admin, body: { message: 'stale' } });
  await c.v1('POST', `${P}/reviews/${pending.body.id}/undismissals`, { auth: admin });
  const comment = await c.v1('POST', `${P}/reviews`, { auth: alice, body: { event: 'COMMENT', body: 'one more thing' } });
  await c.v1('DELETE', `${P}/reviews/${comment.body.id}`, { auth: alice });
}
