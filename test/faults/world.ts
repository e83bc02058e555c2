/**
 * A small world for the bad-input and access tests: an owner with a private and a public repository (hook,
 * tag, delivery), a private organization with a team and a private repository, a collaborator, a team member,
 * a stranger, hooks of the admin and an LDAP source. Values that only the right viewers may see carry
 * SECRET markers, so a leak shows in any body.
 */
import assert from 'node:assert/strict';
import { ADMIN, createToken, request, type ApiResponse, type TestHost } from '../helpers/host.ts';

export const SECRET = {
  repo: 'SECRET-REPO-DESC-7f3a',
  orgRepo: 'SECRET-ORG-REPO-DESC-91c2',
  org: 'SECRET-ORG-DESC-5b7e',
  repoHook: 'secret-repo-hook-2d4f',
  orgHook: 'secret-org-hook-8a1b',
  ownerHook: 'secret-owner-hook-6c9d',
  adminHook: 'secret-admin-hook-3e5a',
  ownerToken: 'secret-owner-token-4f6b',
  source: 'secret-source-1a2b',
  issue: 'SECRET-ISSUE-TITLE-0d8e',
};

export type Viewer = 'anonymous' | 'stranger' | 'collaborator' | 'member' | 'owner' | 'admin';
export const VIEWERS: Viewer[] = ['anonymous', 'stranger', 'collaborator', 'member', 'owner', 'admin'];

export interface World {
  tokens: Record<Viewer, string | undefined>;
  names: Record<Viewer, string>;
  password(v: Viewer): string;
  /** Path parameter values of the private things, by parameter name (and `id` by route prefix). */
  params: Record<string, string>;
  ids: {
    repo: number; team: number; repoHook: number; orgHook: number; ownerHook: number; adminHook: number; token: number; source: number; uuid: string;
    comment: number; label: number; milestone: number; orgLabel: number;
  };
}

const ok = (res: ApiResponse, status: number): ApiResponse => {
  assert.equal(res.status, status, `${status} expected: ${res.text}`);
  return res;
};

const hookBody = (marker: string) => ({ type: 'gitea', active: false, config: { url: `http://127.0.0.1:9/${marker}`, content_type: 'json' } });

async function makeUser(h: TestHost, root: string, name: string): Promise<string> {
  ok(await h.api('POST', '/admin/users', { auth: root, body: { username: name, email: `${name}@example.com`, password: `${name}-password-1`, must_change_password: false } }), 201);
  return createToken(h, name, `${name}-password-1`, ['all']);
}

/** Builds the world on a host (admin ADMIN). */
export async function buildWorld(h: TestHost): Promise<World> {
  const root = await createToken(h, ADMIN.username, ADMIN.password, ['all']);
  const names: Record<Viewer, string> = { anonymous: '', stranger: 'fz-stranger', collaborator: 'fz-collab', member: 'fz-member', owner: 'fz-owner', admin: ADMIN.username };
  const tokens: Record<Viewer, string | undefined> = { anonymous: undefined, admin: root, stranger: '', collaborator: '', member: '', owner: '' };
  for (const v of ['stranger', 'collaborator', 'member', 'owner'] as const) tokens[v] = await makeUser(h, root, names[v]);
  const owner = tokens.owner!;
  const repo = ok(await h.api('POST', '/user/repos', { auth: owner, body: { name: 'fz-priv', private: true, auto_init: true, description: SECRET.repo } }), 201);
  ok(await h.api('POST', '/user/repos', { auth: owner, body: { name: 'fz-pub', private: false, auto_init: true } }), 201);
  ok(await h.api('PUT', `/repos/fz-owner/fz-priv/collaborators/${names.collaborator}`, { auth: owner, body: { permission: 'read' } }), 204);
  ok(await h.api('POST', '/repos/fz-owner/fz-priv/tags', { auth: owner, body: { tag_name: 'v1' } }), 201);
  const repoHook = ok(await h.api('POST', '/repos/fz-owner/fz-priv/hooks', { auth: owner, body: { ...hookBody(SECRET.repoHook), active: true } }), 201).body.id as number;
  ok(await h.api('POST', `/repos/fz-owner/fz-priv/hooks/${repoHook}/tests`, { auth: owner }), 204);
  const deliveries = ok(await h.api('GET', `/repos/fz-owner/fz-priv/hooks/${repoHook}/deliveries`, { auth: owner }), 200).body as { uuid: string }[];
  ok(await h.api('POST', '/orgs', { auth: owner, body: { username: 'fz-org', visibility: 'private', description: SECRET.org } }), 201);
  ok(await h.api('POST', '/orgs/fz-org/repos', { auth: root, body: { name: 'fz-orgpriv', private: true, auto_init: true, description: SECRET.orgRepo } }), 201);
  const team = ok(await h.api('POST', '/orgs/fz-org/teams', { auth: owner, body: { name: 'readers', permission: 'read', units: ['repo.code'], includes_all_repositories: true } }), 201).body.id as number;
  ok(await h.api('PUT', `/teams/${team}/members/${names.member}`, { auth: owner }), 204);
  const orgHook = ok(await h.api('POST', '/orgs/fz-org/hooks', { auth: owner, body: hookBody(SECRET.orgHook) }), 201).body.id as number;
  const ownerHook = ok(await h.api('POST', '/user/hooks', { auth: owner, body: hookBody(SECRET.ownerHook) }), 201).body.id as number;
  const adminHook = ok(await h.api('POST', '/admin/hooks', { auth: root, body: hookBody(SECRET.adminHook) }), 201).body.id as number;
  const token = ok(await h.api('POST', '/users/fz-owner/tokens', { auth: ['fz-owner', 'fz-owner-password-1'], body: { name: SECRET.ownerToken, scopes: ['read:user'] } }), 201).body.id as number;
  const source = ok(await request(h.url, 'POST', '/api/homeforge/admin/auth-sources', {
    auth: root,
    body: { type: 'ldap', name: SECRET.source, host: '127.0.0.1', port: 9, security_protocol: 'Unencrypted', user_search_base: 'dc=x', user_filter: '(uid=%s)', username_attribute: 'uid', email_attribute: 'mail' },
  }), 201).body.id as number;
  // The issue tracker of the private repository: an issue (index 1) with a comment, a label, a milestone; an organization label.
  const label = ok(await h.api('POST', '/repos/fz-owner/fz-priv/labels', { auth: owner, body: { name: 'fz-label', color: '123456' } }), 201).body.id as number;
  const milestone = ok(await h.api('POST', '/repos/fz-owner/fz-priv/milestones', { auth: owner, body: { title: 'fz-milestone' } }), 201).body.id as number;
  ok(await h.api('POST', '/repos/fz-owner/fz-priv/issues', { auth: owner, body: { title: SECRET.issue, labels: [label], milestone, assignees: ['fz-owner'] } }), 201);
  const comment = ok(await h.api('POST', '/repos/fz-owner/fz-priv/issues/1/comments', { auth: owner, body: { body: 'fz-comment' } }), 201).body.id as number;
  // A branch protection rule, the target of `{name}` on the /branch_protections routes.
  ok(await h.api('POST', '/repos/fz-owner/fz-priv/branch_protections', { auth: owner, body: { rule_name: 'main', enable_push: true } }), 201);
  const orgLabel = ok(await h.api('POST', '/orgs/fz-org/labels', { auth: owner, body: { name: 'fz-org-label', color: '654321' } }), 201).body.id as number;
  const ids = {
    repo: repo.body.id as number, team, repoHook, orgHook, ownerHook, adminHook, token, source, uuid: deliveries[0]?.uuid ?? 'none', comment, label, milestone, orgLabel,
  };
  return {
    tokens,
    names,
    password: (v) => (v === 'admin' ? ADMIN.password : `${names[v]}-password-1`),
    params: {
      username: 'fz-owner', owner: 'fz-owner', repo: 'fz-priv', org: 'fz-org', collaborator: names.collaborator, token: String(token), uuid: ids.uuid,
      branch: 'main', tag: 'v1', ref: 'heads/main', sha: 'HEAD', filepath: 'README.md', archive: 'main.zip', diffType: 'diff', basehead: 'main...main', index: '1', assignee: 'fz-owner', name: 'main',
    },
    ids,
  };
}

/** The value of `:id` for a route path. */
export function idFor(w: World, routePath: string): string {
  const { ids } = w;
  if (routePath.startsWith('/teams/')) return String(ids.team);
  if (routePath.startsWith('/repositories/')) return String(ids.repo);
  if (/^\/repos\/:owner\/:repo\/issues\/(:index\/)?comments\/:id/.test(routePath)) return String(ids.comment);
  if (/^\/repos\/:owner\/:repo\/(issues\/:index\/)?labels\/:id/.test(routePath)) return String(ids.label);
  if (routePath.startsWith('/repos/:owner/:repo/milestones/')) return String(ids.milestone);
  if (routePath.startsWith('/orgs/:org/labels/')) return String(ids.orgLabel);
  if (routePath.startsWith('/repos/')) return String(ids.repoHook);
  if (routePath.startsWith('/orgs/')) return String(ids.orgHook);
  if (routePath.startsWith('/user/')) return String(ids.ownerHook);
  if (routePath.startsWith('/admin/hooks')) return String(ids.adminHook);
  if (routePath.startsWith('/admin/auth-sources')) return String(ids.source);
  return '1';
}

/** Fills `:name` and `*name` parameters of a route path with `value(name)`, URL-encoded. */
export function fillPath(routePath: string, value: (name: string) => string, encode = true): string {
  return routePath.replace(/[:*](\w+)/g, (_m, name: string) => {
    const v = value(name);
    return encode ? v.split('/').map(encodeURIComponent).join('/') : v;
  });
}
