/**
 * A small world for the bad-input and access tests: an owner with a private and a public repository (hook,
 * tag, delivery), a private organization with a team and a private repository, a collaborator, a team member,
 * a stranger, hooks of the admin and an LDAP source, avatars of the private organization and repository. Values
 * that only the right viewers may see carry SECRET markers (an avatar in a GIF comment), so a leak shows in any body.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { ADMIN, createToken, request, type ApiResponse, type TestHost } from '../helpers/host.ts';
import { registerRunner } from '../helpers/runner-client.ts';
import { storeArtifact } from '../actions/artifact-fixture.ts';

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
  orgPackage: 'secret-org-pkg-7c1d',
  release: 'SECRET-RELEASE-NOTE-4c1d',
  pull: 'SECRET-PULL-TITLE-5b1c',
  actionVariable: 'secret-action-var-9e2f',
  orgAvatar: 'secret-org-avatar-3b8c',
  repoAvatar: 'secret-repo-avatar-6d2e',
  issueTemplate: 'SECRET-ISSUE-TEMPLATE-8f3a',
};

/** A one-pixel GIF carrying `marker` in a comment block, so its bytes show in any body that holds the image. */
export function markedGif(marker: string): Buffer {
  const head = Buffer.from('474946383961010001008000000000ffffff', 'hex');
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, marker.length]), Buffer.from(marker), Buffer.from([0])]);
  const image = Buffer.from('2c00000000010001000002024401003b', 'hex');
  return Buffer.concat([head, comment, image]);
}

/**
 * `HOMEFORGE_FAULT_ROUTES`: a regular expression on route paths that limits the walks over every route to the
 * routes it matches (e.g. `avatar` while working on avatars); unset, every route is walked.
 */
export function routeFilter(): (routePath: string) => boolean {
  const only = process.env.HOMEFORGE_FAULT_ROUTES;
  if (!only) return () => true;
  const re = new RegExp(only);
  return (routePath) => re.test(routePath);
}

/** Values no answer may ever hold, for anyone: the actions secrets of the world (write-only). */
export const NEVER_SHOWN = ['never-shown-secret-value-6d3a'];

export type Viewer = 'anonymous' | 'stranger' | 'collaborator' | 'member' | 'owner' | 'admin';
export const VIEWERS: Viewer[] = ['anonymous', 'stranger', 'collaborator', 'member', 'owner', 'admin'];

export interface World {
  tokens: Record<Viewer, string | undefined>;
  names: Record<Viewer, string>;
  password(v: Viewer): string;
  /** Path parameter values of the private things, by parameter name (and `id` by route prefix). */
  params: Record<string, string>;
  /** Values that differ by route for a parameter name several areas share (first match wins over `params`). */
  routeParams: [RegExp, Record<string, string>][];
  ids: {
    repo: number; team: number; repoHook: number; orgHook: number; ownerHook: number; adminHook: number; token: number; source: number; uuid: string;
    comment: number; label: number; milestone: number; orgLabel: number; release: number; asset: number; tagRule: number;
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
  // The owner follows the private organization: a following list shows it (and its marker) only to those who see it.
  ok(await h.api('PUT', '/user/following/fz-org', { auth: owner }), 204);
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
  // A pull request (index 1, so `{index}` names it on the pull routes; the issue routes take it as an issue too).
  ok(await h.api('POST', '/repos/fz-owner/fz-priv/contents/fz-pr.txt', { auth: owner, body: { content: Buffer.from('pr\n').toString('base64'), message: 'fz-pr', new_branch: 'fz-pr' } }), 201);
  ok(await h.api('POST', '/repos/fz-owner/fz-priv/pulls', { auth: owner, body: { head: 'fz-pr', base: 'main', title: SECRET.pull } }), 201);
  ok(await h.api('POST', '/repos/fz-owner/fz-priv/issues', { auth: owner, body: { title: SECRET.issue, labels: [label], milestone, assignees: ['fz-owner'] } }), 201);
  const comment = ok(await h.api('POST', '/repos/fz-owner/fz-priv/issues/1/comments', { auth: owner, body: { body: 'fz-comment' } }), 201).body.id as number;
  // An attachment of the private issue, for the asset routes.
  const form = new FormData();
  form.append('attachment', new Blob([Buffer.from('fz-attachment')], { type: 'text/plain' }), 'fz-attachment.txt');
  const uploaded = await fetch(`${h.url}/api/v1/repos/fz-owner/fz-priv/issues/1/assets`, { method: 'POST', body: form, headers: { Authorization: `token ${owner}` } });
  assert.equal(uploaded.status, 201, 'attachment upload');
  const attachment = ((await uploaded.json()) as { id: number }).id;
  // A branch protection rule, the target of `{name}` on the /branch_protections routes.
  ok(await h.api('POST', '/repos/fz-owner/fz-priv/branch_protections', { auth: owner, body: { rule_name: 'main', enable_push: true } }), 201);
  // Avatars of the private organization and the private repository, each carrying its marker.
  const avatar = (marker: string) => ({ image: markedGif(marker).toString('base64') });
  ok(await h.api('POST', '/orgs/fz-org/avatar', { auth: owner, body: avatar(SECRET.orgAvatar) }), 204);
  ok(await h.api('POST', '/repos/fz-owner/fz-priv/avatar', { auth: owner, body: avatar(SECRET.repoAvatar) }), 204);
  const repoAvatarHash = createHash('sha256').update(markedGif(SECRET.repoAvatar)).digest('hex');
  const orgLabel = ok(await h.api('POST', '/orgs/fz-org/labels', { auth: owner, body: { name: 'fz-org-label', color: '654321' } }), 201).body.id as number;
  // The private repository's wiki: its page Home, so `{pageName}` routes reach a real page.
  ok(await h.api('POST', '/repos/fz-owner/fz-priv/wiki/new', { auth: owner, body: { title: 'Home', content_base64: Buffer.from('fz-wiki').toString('base64') } }), 201);
  // A generic package of the private organization (its name is the marker), linked to its private repository.
  ok(await request(h.url, 'PUT', `/api/packages/fz-org/generic/${SECRET.orgPackage}/1.0/f.txt`, { auth: owner, rawBody: 'package content' }), 201);
  ok(await h.api('POST', `/packages/fz-org/generic/${SECRET.orgPackage}/-/link/fz-orgpriv`, { auth: owner }), 201);
  // A workflow of the private repository: its run and job name `{run}` and `{job_id}` on the actions routes.
  const workflow = 'on: [push, workflow_dispatch]\njobs:\n  fz:\n    runs-on: fz\n    steps:\n      - run: echo fz\n';
  // An issue template of the private repository, whose name and text carry the marker.
  const template = `---\nname: ${SECRET.issueTemplate}\nabout: fz\n---\n${SECRET.issueTemplate}\n`;
  ok(await h.api('POST', '/repos/fz-owner/fz-priv/contents/.gitea/ISSUE_TEMPLATE/fz.md', { auth: owner, body: { content: Buffer.from(template).toString('base64'), message: 'fz template' } }), 201);
  ok(await h.api('POST', '/repos/fz-owner/fz-priv/contents/.gitea/workflows/fz.yml', { auth: owner, body: { content: Buffer.from(workflow).toString('base64'), message: 'fz workflow' } }), 201);
  let run: { id: number } | undefined;
  for (let i = 0; i < 100 && !run; i++) {
    run = ok(await h.api('GET', '/repos/fz-owner/fz-priv/actions/runs', { auth: owner }), 200).body.workflow_runs[0] as { id: number } | undefined;
    if (!run) await new Promise((r) => setTimeout(r, 50));
  }
  assert.ok(run, 'the pushed workflow made a run');
  const actionJob = ok(await h.api('GET', `/repos/fz-owner/fz-priv/actions/runs/${run.id}/jobs`, { auth: owner }), 200).body.jobs[0].id as number;
  // An artifact of that run, the target of `{artifact_id}`.
  const artifact = await storeArtifact(h, run.id, 'fz-artifact');
  // Releases of the private repository: a release of tag v1 with a file, a tag protection rule, a commit status.
  const release = ok(await h.api('POST', '/repos/fz-owner/fz-priv/releases', { auth: owner, body: { tag_name: 'v1', body: SECRET.release } }), 201).body.id as number;
  const asset = ok(await h.api('POST', `/repos/fz-owner/fz-priv/releases/${release}/assets?name=fz.txt`, { auth: owner, rawBody: 'fz-asset', headers: { 'Content-Type': 'application/octet-stream' } }), 201).body.id as number;
  const tagRule = ok(await h.api('POST', '/repos/fz-owner/fz-priv/tag_protections', { auth: owner, body: { name_pattern: 'fz-*' } }), 201).body.id as number;
  ok(await h.api('POST', '/repos/fz-owner/fz-priv/statuses/main', { auth: owner, body: { state: 'success', context: 'fz' } }), 201);
  // Actions secrets (write-only values) and variables of the private repository, the private organization and the owner: `{secretname}`, `{variablename}`.
  for (const base of ['/repos/fz-owner/fz-priv/actions', '/orgs/fz-org/actions', '/user/actions']) {
    ok(await h.api('PUT', `${base}/secrets/FZ_SECRET`, { auth: owner, body: { data: NEVER_SHOWN[0] } }), 201);
    ok(await h.api('POST', `${base}/variables/FZ_VAR`, { auth: owner, body: { value: SECRET.actionVariable } }), 201);
  }
  // A runner at each level (registered through the runner protocol), the targets of `{runner_id}`.
  const runnerAt = async (base: string, auth: string): Promise<string> => {
    const regToken = ok(await h.api('POST', `${base}/registration-token`, { auth }), 200).body.token as string;
    return String((await registerRunner(h.url, regToken, { name: 'fz-runner' })).id);
  };
  const runnerIds = {
    repo: await runnerAt('/repos/fz-owner/fz-priv/actions/runners', owner), org: await runnerAt('/orgs/fz-org/actions/runners', owner),
    user: await runnerAt('/user/actions/runners', owner), admin: await runnerAt('/admin/actions/runners', root),
  };
  const ids = {
    repo: repo.body.id as number, team, repoHook, orgHook, ownerHook, adminHook, token, source, uuid: deliveries[0]?.uuid ?? 'none', comment, label, milestone, orgLabel,
    release, asset, tagRule,
  };
  return {
    tokens,
    names,
    password: (v) => (v === 'admin' ? ADMIN.password : `${names[v]}-password-1`),
    params: {
      username: 'fz-owner', owner: 'fz-owner', repo: 'fz-priv', org: 'fz-org', collaborator: names.collaborator, token: String(token), uuid: ids.uuid,
      pageName: 'Home',
      type: 'generic', name: SECRET.orgPackage, version: '1.0', filename: 'f.txt', repo_name: 'fz-orgpriv',
      attachment_id: String(attachment), user: names.collaborator,
      secretname: 'FZ_SECRET', variablename: 'FZ_VAR',
      run: String(run.id), job_id: String(actionJob), workflow_id: 'fz.yml', attempt: '1',
      artifact_id: String(artifact), hash: repoAvatarHash,
      branch: 'main', tag: 'v1', ref: 'heads/main', sha: 'HEAD', filepath: 'README.md', archive: 'main.zip', diffType: 'diff', basehead: 'main...main', index: '1', assignee: 'fz-owner', base: 'main', head: 'fz-pr',
    },
    routeParams: [
      // Names several areas use for different things: the value follows the route.
      [/^\/repos\/:owner\/:repo\/releases\//, { attachment_id: String(asset) }],
      [/^\/:owner\/:repo\/releases\/download\//, { name: 'fz.txt' }],
      [/^\/repos\/:owner\/:repo\/branch_protections\//, { name: 'main' }],
      // The avatar of the private organization, which only its members may see.
      [/^\/avatars\//, { name: 'fz-org' }],
      // Follow routes name the private organization as the account followed, checked or listed.
      [/^\/user\/following\/:username|^\/users\/:username\/followers/, { username: 'fz-org' }],
      [/^\/users\/:username\/following\/:target/, { target: 'fz-org' }],
      // A commit's statuses take a branch name (`heads/main` would be two path segments).
      [/^\/repos\/:owner\/:repo\/commits\/:ref\/status/, { ref: 'main' }],
      // Each level's runners route names that level's runner.
      [/^\/repos\/:owner\/:repo\/actions\/runners\//, { runner_id: runnerIds.repo }],
      [/^\/orgs\/:org\/actions\/runners\//, { runner_id: runnerIds.org }],
      [/^\/user\/actions\/runners\//, { runner_id: runnerIds.user }],
      [/^\/admin\/actions\/runners\//, { runner_id: runnerIds.admin }],
    ],
    ids,
  };
}

/** True for a package route (the API's `/packages/:owner/...` or a registry's `/:owner/{type}/...`): its owner is the private organization. */
export const isPackageRoute = (routePath: string): boolean => routePath.startsWith('/packages/:owner') || /^\/:owner\/(generic|npm)\//.test(routePath);

/** The value of a path parameter for a route: `:id` by route prefix, a shared name by route, else the world's value. */
export function paramFor(w: World, routePath: string, name: string): string | undefined {
  if (name === 'id') return idFor(w, routePath);
  for (const [re, values] of w.routeParams) if (re.test(routePath) && name in values) return values[name];
  return w.params[name];
}

/** The value of `:id` for a route path. */
export function idFor(w: World, routePath: string): string {
  const { ids } = w;
  if (routePath.startsWith('/teams/')) return String(ids.team);
  if (routePath.startsWith('/repositories/') || routePath.startsWith('/repo-avatars/')) return String(ids.repo);
  if (/^\/repos\/:owner\/:repo\/issues\/(:index\/)?comments\/:id/.test(routePath)) return String(ids.comment);
  if (/^\/repos\/:owner\/:repo\/(issues\/:index\/)?labels\/:id/.test(routePath)) return String(ids.label);
  if (routePath.startsWith('/repos/:owner/:repo/milestones/')) return String(ids.milestone);
  if (routePath.startsWith('/orgs/:org/labels/')) return String(ids.orgLabel);
  if (routePath.startsWith('/repos/:owner/:repo/releases/')) return String(ids.release);
  if (routePath.startsWith('/repos/:owner/:repo/tag_protections/')) return String(ids.tagRule);
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
