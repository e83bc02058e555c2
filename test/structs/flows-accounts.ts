/** Exercises the account-side operations (misc, users, tokens, orgs, teams, /api/homeforge) through a checker. */
import assert from 'node:assert/strict';
import { totpFor } from '../../server/services/auth/totp.ts';
import { ADMIN } from '../helpers/host.ts';
import type { Checker } from './checked.ts';

export interface World { admin: string; alice: string; teamId: number }

const ALICE = { username: 'alice', password: 'alice-password-1', email: 'alice@example.com' };

/** Follows: alice follows the admin and an organization, the checks and lists for each viewer, then an unfollow. */
export async function follows(c: Checker, w: Pick<World, 'admin' | 'alice'>): Promise<void> {
  await c.v1('PUT', `/user/following/${ADMIN.username}`, { auth: w.alice });
  await c.v1('PUT', '/user/following/acme', { auth: w.alice });
  await c.v1('GET', `/user/following/${ADMIN.username}`, { auth: w.alice });
  await c.v1('GET', `/users/alice/following/${ADMIN.username}`);
  for (const auth of [w.alice, w.admin, undefined]) {
    await c.v1('GET', `/users/${ADMIN.username}/followers`, { auth });
    await c.v1('GET', '/users/alice/following', { auth });
  }
  assert.equal((await c.v1('GET', '/user/following', { auth: w.alice })).body.length, 2);
  assert.equal((await c.v1('GET', '/user/followers', { auth: w.admin })).body[0].following_count, 2);
  await c.v1('DELETE', '/user/following/acme', { auth: w.alice });
}

/** Public facts: version and settings. */
export async function misc(c: Checker): Promise<void> {
  for (const p of ['/version', '/settings/api', '/settings/repository', '/settings/ui', '/settings/attachment']) await c.v1('GET', p);
}

/** Users, the user search and access tokens; returns the admin's and alice's tokens. */
export async function accounts(c: Checker): Promise<Pick<World, 'admin' | 'alice'>> {
  const basicAdmin: [string, string] = [ADMIN.username, ADMIN.password];
  const admin = (await c.v1('POST', `/users/${ADMIN.username}/tokens`, { auth: basicAdmin, body: { name: 'all', scopes: ['all'] } })).body.sha1 as string;
  assert.match(admin, /^[0-9a-f]{40}$/);
  await c.v1('POST', '/admin/users', { auth: admin, body: { ...ALICE, must_change_password: false, full_name: 'Alice A.' } });
  const alice = (await c.v1('POST', `/users/${ALICE.username}/tokens`, { auth: [ALICE.username, ALICE.password], body: { name: 'a', scopes: ['all'] } })).body.sha1 as string;
  await c.v1('GET', `/users/${ADMIN.username}/tokens`, { auth: basicAdmin });
  await c.v1('GET', '/token', { auth: admin });
  await c.v1('GET', '/admin/users?sort=created&order=desc', { auth: admin });
  await c.v1('PATCH', `/admin/users/${ALICE.username}`, { auth: admin, body: { login_name: ALICE.username, source_id: 0, location: 'Lisbon', website: 'https://alice.example' } });
  await c.v1('GET', '/user', { auth: alice });
  await c.v1('POST', '/admin/users', { auth: admin, body: { username: 'bob', email: 'bob@example.com', password: 'bob-password-1' } });
  await c.v1('POST', '/admin/users/bob/rename', { auth: admin, body: { new_username: 'bobby' } });
  const cron = await c.v1('GET', '/admin/cron', { auth: admin });
  assert.deepEqual(cron.body.map((t: { name: string }) => t.name), ['git_gc_repos', 'repo_health_check']);
  await c.v1('POST', '/admin/cron/repo_health_check', { auth: admin });
  for (const auth of [admin, alice, undefined]) {
    await c.v1('GET', `/users/${ALICE.username}`, { auth });
    const found = await c.v1('GET', '/users/search?q=ali', { auth });
    assert.equal(found.body.data[0].login, ALICE.username);
  }
  return { admin, alice };
}

/** Organizations, members and teams; returns the team's id. */
export async function orgs(c: Checker, w: Pick<World, 'admin' | 'alice'>): Promise<number> {
  const { admin, alice } = w;
  await c.v1('POST', '/orgs', { auth: admin, body: { username: 'acme', full_name: 'Acme', website: 'https://acme.example', visibility: 'public' } });
  await c.v1('POST', `/admin/users/${ALICE.username}/orgs`, { auth: admin, body: { username: 'alice-org', visibility: 'limited' } });
  await c.v1('PATCH', '/orgs/acme', { auth: admin, body: { description: 'tools and more' } });
  for (const auth of [admin, undefined]) {
    await c.v1('GET', '/orgs', { auth });
    await c.v1('GET', '/orgs/acme', { auth });
    await c.v1('GET', `/users/${ADMIN.username}/orgs`, { auth });
    await c.v1('GET', '/orgs/acme/public_members', { auth });
  }
  await c.v1('GET', '/admin/orgs', { auth: admin });
  await c.v1('GET', '/user/orgs', { auth: alice });
  await c.v1('GET', '/orgs/acme/members', { auth: admin });
  await c.v1('PUT', `/orgs/acme/public_members/${ADMIN.username}`, { auth: admin });
  await c.v1('GET', `/orgs/acme/public_members/${ADMIN.username}`);
  const team = (await c.v1('POST', '/orgs/acme/teams', {
    auth: admin, body: { name: 'devs', permission: 'write', units: ['repo.code', 'repo.issues'], includes_all_repositories: false },
  })).body.id as number;
  await c.v1('POST', '/orgs/acme/teams', { auth: admin, body: { name: 'readers', units_map: { 'repo.code': 'read', 'repo.wiki': 'none' } } });
  await c.v1('PUT', `/teams/${team}/members/${ALICE.username}`, { auth: admin });
  await c.v1('GET', '/orgs/acme/teams', { auth: admin });
  await c.v1('GET', '/orgs/acme/teams/search?q=dev', { auth: admin });
  await c.v1('GET', '/user/teams', { auth: alice });
  await c.v1('GET', `/teams/${team}`, { auth: alice });
  await c.v1('PATCH', `/teams/${team}`, { auth: admin, body: { description: 'developers' } });
  await c.v1('GET', `/teams/${team}/members`, { auth: admin });
  await c.v1('GET', `/teams/${team}/members/${ALICE.username}`, { auth: admin });
  await c.v1('GET', `/orgs/acme/members/${ALICE.username}`, { auth: admin });
  return team;
}

/** The Homeforge extensions: sign-in, setup state, two-factor enrolment, capabilities, host settings and status, LDAP sources. */
export async function homeforge(c: Checker, w: Pick<World, 'admin' | 'alice'>): Promise<void> {
  const { admin, alice } = w;
  await c.hf('GET', '/setup');
  await c.hf('POST', '/session', { body: { username: ADMIN.username, password: ADMIN.password } });
  await c.hf('GET', '/user/two-factor', { auth: alice });
  await c.hf('GET', '/user/capabilities', { auth: alice });
  const enrolment = await c.hf('POST', '/user/two-factor/enrolment', { auth: alice });
  const code = totpFor(ALICE.username, enrolment.body.secret as string).generate();
  const confirmed = await c.hf('POST', '/user/two-factor/confirm', { auth: alice, body: { code } });
  assert.equal(confirmed.body.enabled, true);
  await c.hf('POST', '/user/two-factor/recovery-codes', { auth: alice });
  await c.v1('GET', '/user/settings', { auth: alice });
  await c.v1('PATCH', '/user/settings', { auth: alice, body: { location: 'Porto', hide_email: true } });
  await c.v1('POST', '/user/emails', { auth: alice, body: { emails: ['alice2@example.com'] } });
  await c.v1('GET', '/user/emails', { auth: alice });
  await c.hf('POST', '/user/emails/primary', { auth: alice, body: { email: 'alice@example.com' } });
  const bobSession = (await c.hf('POST', '/session', { body: { username: 'bobby', password: 'bob-password-1' } })).body.token as string;
  await c.hf('POST', '/user/password', { auth: bobSession, body: { old_password: 'bob-password-1', new_password: 'bob-password-2' } });
  await c.hf('GET', '/admin/settings', { auth: admin });
  await c.hf('PATCH', '/admin/settings', { auth: admin, body: { 'webhook.DELIVER_TIMEOUT': 7 } });
  await c.hf('GET', '/status', { auth: admin });
  const backup = await c.hf('POST', '/admin/backups', { auth: admin, body: {} });
  assert.equal(backup.status, 202, backup.text);
  let backups = await c.hf('GET', '/admin/backups', { auth: admin });
  while (backups.body.running) {
    await new Promise((r) => setTimeout(r, 50));
    backups = await c.hf('GET', '/admin/backups', { auth: admin });
  }
  assert.equal(backups.body.last.ok, true, backups.body.last.error);
  const archive = await c.hf('GET', `/admin/backups/${backups.body.archives[0].name}`, { auth: admin });
  assert.equal(archive.status, 200);
  const source = await c.hf('POST', '/admin/auth-sources', {
    auth: admin,
    body: {
      type: 'ldap', name: 'corp', host: 'ldap.example.com', port: 389, security_protocol: 'StartTLS', user_search_base: 'ou=people,dc=example,dc=com',
      user_filter: '(uid=%s)', username_attribute: 'uid', email_attribute: 'mail', bind_dn: 'cn=reader,dc=example,dc=com', bind_password: 'secret',
    },
  });
  assert.equal(source.body.has_bind_password, true);
  await c.hf('GET', '/admin/auth-sources', { auth: admin });
  await c.hf('GET', `/admin/auth-sources/${source.body.id}`, { auth: admin });
}
