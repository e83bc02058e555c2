/**
 * Access on every route of the route tables, for six viewers (anonymous, a stranger, a read collaborator of
 * the private repository, a member of the private organization, the owner, the site admin), with the path
 * parameters pointing at private things. A leak is a 2xx where the viewer lacks the level Gitea requires
 * (Gitea answers 401/403/404 there), or a body holding a SECRET marker the viewer may not see. Cells where a
 * private thing answers differently from a missing one are counted and listed for outsiders (Gitea itself
 * answers 403 for some, e.g. a team of another organization).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, basic, request, type TestHost } from '../helpers/host.ts';
import { API_V1_ROUTES } from '../../server/api/v1/index.ts';
import { HOMEFORGE_ROUTES } from '../../server/api/homeforge/index.ts';
import { PACKAGE_REGISTRY_ROUTES } from '../../server/api/packages/index.ts';
import type { RouteDef } from '../../server/api/router/route.ts';
import { AVATAR_ROUTES } from '../../server/http/avatar-files.ts';
import { buildWorld, fillPath, idFor, isPackageRoute, NEVER_SHOWN, paramFor, routeFilter, SECRET, VIEWERS, type Viewer, type World } from './world.ts';
import { sampleBody } from './hostile.ts';

type Level = 'none' | 'read' | 'write' | 'admin' | 'self' | 'site-admin';

/** Which viewers may see each secret. */
const SEES: Record<keyof typeof SECRET, Viewer[]> = {
  repo: ['owner', 'admin', 'collaborator'],
  orgRepo: ['owner', 'admin', 'member'],
  org: ['owner', 'admin', 'member'],
  repoHook: ['owner', 'admin'],
  orgHook: ['owner', 'admin'],
  ownerHook: ['owner', 'admin'],
  adminHook: ['admin'],
  ownerToken: ['owner', 'admin'],
  source: ['admin'],
  issue: ['owner', 'admin', 'collaborator'],
  orgPackage: ['owner', 'admin', 'member'],
  release: ['owner', 'admin', 'collaborator'],
  pull: ['owner', 'admin', 'collaborator'],
  actionVariable: ['owner', 'admin'],
  orgAvatar: ['owner', 'admin', 'member'],
  repoAvatar: ['owner', 'admin', 'collaborator'],
  issueTemplate: ['owner', 'admin', 'collaborator'],
};

/** Routes acting on the caller's own session or sign-in: running them would change the viewer itself. */
const SKIP = new Set(['delete /token', 'delete /session', 'post /setup', 'post /user/two-factor/enrolment', 'post /user/two-factor/confirm', 'delete /user/two-factor']);

/** Follow routes whose path names the private organization (see the world's routeParams). */
const isFollowOfOrg = (p: string): boolean => p.startsWith('/user/following/:username') || p === '/users/:username/followers' || p === '/users/:username/following/:target';

/** The level Gitea requires for the route with private parameters, or 'none' when anyone may call it. */
function required(def: RouteDef): Level {
  const p = def.path;
  const write = def.method !== 'get';
  if (def.access === 'admin') return 'site-admin';
  if (isPackageRoute(p)) return write ? 'write' : 'read';
  if (p.startsWith('/users/:username/tokens') || p.startsWith('/user/hooks/:id')) return 'self';
  if (p.startsWith('/repos/:owner/:repo') || p.startsWith('/repositories/:id')) {
    if (/\/hooks|\/collaborators\/:collaborator$/.test(p) && (write || p.includes('/hooks'))) return 'admin';
    // Branch protection rules: repository admins only, reads too (Gitea's reqAdmin on the group).
    if (p.includes('/branch_protections')) return 'admin';
    // Watching and one's own notification threads there: any reader (Gitea's repoAssignment).
    if (!write || p.endsWith('/subscription') || p.endsWith('/notifications')) return 'read';
    // Topics: replacing, adding and deleting need repository admin (Gitea's reqAdmin); reading them any reader.
    if (p.includes('/topics')) return 'admin';
    // Issue tracker: labels, milestones, deadlines and assignees need write; issues and comments any reader (the poster edits their own).
    if (/\/(labels|milestones)|\/issues\/:index\/(deadline|assignees|dependencies|blocks)/.test(p)) return 'write';
    // Deleting an issue: repository admins only (Gitea's reqAdmin).
    if (def.method === 'delete' && p.endsWith('/issues/:index')) return 'admin';
    if (p.includes('/issues')) return 'read';
    // Pull requests: merging, updating and cancelling an auto-merge need write; any reader opens one or forks.
    if (/\/pulls\/:index\/(merge|update)$/.test(p)) return 'write';
    if (p.includes('/pulls') || p.endsWith('/forks')) return 'read';
    if (/\/(branches|tags|contents|releases|statuses)/.test(p)) return 'write';
    // Actions: cancelling, rerunning, deleting runs and dispatching or switching workflows need write (Gitea's reqRepoWriter(unit.TypeActions)).
    if (p.includes('/actions/')) return 'write';
    return 'admin';
  }
  if (p.startsWith('/orgs/:org') || p.startsWith('/teams/:id')) {
    return p.includes('/hooks') || write ? 'admin' : 'read';
  }
  // Checking, adding and taking off one's star on a repository: any reader of it (Gitea's repoAssignment).
  if (p.startsWith('/user/starred/:owner/:repo')) return 'read';
  // A repository's avatar image: any reader of it. Uploading or deleting one (`/repos/:owner/:repo/avatar`) falls
  // under repository admin above, an organization's under its owners; `/user/avatar` and `/avatars/:name` are
  // anyone's (the image of a hidden account is the identicon, which the orgAvatar marker checks).
  if (p.startsWith('/repo-avatars/')) return 'read';
  // Following, checking or listing the followers of the private organization: anyone who may see it.
  if (isFollowOfOrg(p)) return 'read';
  return 'none';
}

/** The viewer's level on the route's private target. */
function levelOf(v: Viewer, def: RouteDef): Level[] {
  if (v === 'admin') return ['read', 'write', 'admin', 'site-admin', 'self'];
  const p = def.path;
  if (v === 'owner') return ['read', 'write', 'admin', 'self'];
  if (v === 'collaborator' && (p.startsWith('/repos/') || p.startsWith('/repositories/') || p.startsWith('/user/starred/') || p.startsWith('/repo-avatars/'))) return ['read'];
  if (v === 'member' && (p.startsWith('/orgs/') || p.startsWith('/teams/') || isPackageRoute(p) || isFollowOfOrg(p))) return ['read'];
  return [];
}

interface Tally { cells: number; leaks: string[]; differs: string[]; seen: Set<string> }

async function cell(h: TestHost, w: World, def: RouteDef, prefix: string, v: Viewer, t: Tally): Promise<void> {
  const real = (name: string): string => {
    if (def.path.startsWith('/teams/') && name === 'repo') return 'fz-orgpriv';
    if (isPackageRoute(def.path) && name === 'owner') return 'fz-org';
    return paramFor(w, def.path, name) ?? 'x';
  };
  const ghost = (name: string): string => (['repo', 'org', 'id', 'token', 'uuid', 'owner'].includes(name) ? (name === 'id' || name === 'token' ? '99999999' : `no-such-${name}`) : real(name));
  const auth = v === 'anonymous' ? undefined : def.access === 'basic' ? basic(w.names[v], w.password(v)) : `token ${w.tokens[v]}`;
  const send = (path: string) => request(h.url, def.method.toUpperCase(), `${prefix}${path}`, { headers: auth ? { Authorization: auth } : {}, ...(def.method === 'get' ? {} : { body: sampleBody(def) }) });
  const res = await send(fillPath(def.path, real));
  t.cells += 1;
  const what = `${v} ${def.method.toUpperCase()} ${def.path}`;
  for (const [k, secret] of Object.entries(SECRET) as [keyof typeof SECRET, string][]) {
    if (!res.text.includes(secret)) continue;
    if (SEES[k].includes(v)) t.seen.add(k);
    else t.leaks.push(`${what}: body holds ${k} (${res.status})`);
  }
  for (const value of NEVER_SHOWN) if (res.text.includes(value)) t.leaks.push(`${what}: body holds a write-only secret value (${res.status})`);
  const need = required(def);
  if (res.status < 300 && need !== 'none' && !levelOf(v, def).includes(need)) t.leaks.push(`${what}: ${res.status} without ${need} access`);
  if ((v === 'anonymous' || v === 'stranger') && need !== 'none' && /:(repo|org|id)\b/.test(def.path)) {
    const missing = await send(fillPath(def.path, ghost));
    if (missing.status !== res.status) t.differs.push(`${what}: ${res.status}, missing thing ${missing.status}`);
  }
}

test('every route, every viewer: private things never leak', { timeout: 600_000 }, async () => {
  const h = await startHost({ settings: { 'security.LOGIN_MAX_FAILURES': '100000000' } });
  try {
    const w = await buildWorld(h);
    const only = routeFilter();
    const routes = [
      ...API_V1_ROUTES.map((def) => ({ def, prefix: '/api/v1' })), ...HOMEFORGE_ROUTES.map((def) => ({ def, prefix: '/api/homeforge' })),
      ...PACKAGE_REGISTRY_ROUTES.map((def) => ({ def, prefix: '/api/packages' })), ...AVATAR_ROUTES.map((def) => ({ def, prefix: '' })),
    ].filter((r) => only(r.def.path));
    const t: Tally = { cells: 0, leaks: [], differs: [], seen: new Set() };
    // Reads first, then writes by the viewers without rights, so a write that is wrongly allowed shows as a leak.
    for (const { def, prefix } of routes.filter((r) => r.def.method === 'get')) for (const v of VIEWERS) await cell(h, w, def, prefix, v, t);
    for (const { def, prefix } of routes.filter((r) => r.def.method !== 'get' && !SKIP.has(`${r.def.method} ${r.def.path}`))) {
      for (const v of VIEWERS) if (!levelOf(v, def).includes(required(def)) || required(def) === 'none') await cell(h, w, def, prefix, v, t);
    }
    console.log(`access: ${t.cells} cells checked on ${routes.length} routes for ${VIEWERS.length} viewers, ${t.leaks.length} leaks; ${t.differs.length} cells where an outsider tells a private thing from a missing one; markers seen by their viewers: ${[...t.seen].sort().join(', ')}`);
    for (const d of t.differs) console.log(`  differs: ${d}`);
    assert.deepEqual(t.leaks, []);
    // The markers did reach the bodies of the viewers allowed to see them, so their absence elsewhere means something
    // (on a walk limited by HOMEFORGE_FAULT_ROUTES, the markers of the routes walked).
    if (!process.env.HOMEFORGE_FAULT_ROUTES) assert.deepEqual([...t.seen].sort(), Object.keys(SECRET).sort());
  } finally {
    await h.stop();
  }
});

/** The route's private target is a repository (or an organization's) that a public-only token must not reach. */
const namesPrivateRepo = (p: string): boolean => /:owner\/:repo|\/repositories\/:id|\/teams\/:id\/repos\/:org\/:repo/.test(p);

test('public-only tokens: every route naming a private repository answers 403, and no answer holds a private thing', { timeout: 300_000 }, async () => {
  const h = await startHost({ settings: { 'security.LOGIN_MAX_FAILURES': '100000000' } });
  try {
    const w = await buildWorld(h);
    const only = routeFilter();
    const routes = [
      ...API_V1_ROUTES.map((def) => ({ def, prefix: '/api/v1' })), ...HOMEFORGE_ROUTES.map((def) => ({ def, prefix: '/api/homeforge' })),
      ...AVATAR_ROUTES.map((def) => ({ def, prefix: '' })),
    ].filter((r) => only(r.def.path));
    const wrong: string[] = [];
    let cells = 0;
    for (const v of ['owner', 'admin'] as const) {
      // The owner and the site admin may read everything: only the token's scope stands between them and it.
      const made = await h.api('POST', `/users/${w.names[v]}/tokens`, { auth: [w.names[v], w.password(v)], body: { name: `public-only-${v}`, scopes: ['public-only', 'all'] } });
      assert.equal(made.status, 201, made.text);
      const token = made.body.sha1 as string;
      const ordered = [...routes.filter((r) => r.def.method === 'get'), ...routes.filter((r) => r.def.method !== 'get' && namesPrivateRepo(r.def.path))];
      for (const { def, prefix } of ordered) {
        if (SKIP.has(`${def.method} ${def.path}`) || def.access === 'basic' || def.access === 'password') continue;
        const value = (name: string): string => (name === 'id' ? idFor(w, '/repositories/') : paramFor(w, def.path, name) ?? 'x');
        const fill = def.path.startsWith('/teams/') ? (n: string) => (n === 'id' ? String(w.ids.team) : n === 'repo' ? 'fz-orgpriv' : value(n)) : value;
        const res = await request(h.url, def.method.toUpperCase(), `${prefix}${fillPath(def.path, fill)}`, {
          auth: token, ...(def.method === 'get' ? {} : { body: sampleBody(def) }),
        });
        cells += 1;
        const what = `${v} ${def.method.toUpperCase()} ${def.path}: ${res.status}`;
        for (const k of ['repo', 'orgRepo', 'org', 'orgAvatar', 'repoAvatar', 'issueTemplate'] as const) if (res.text.includes(SECRET[k])) wrong.push(`${what} holds ${k}`);
        if (namesPrivateRepo(def.path) && (res.status !== 403 || !/^token scope is limited to public (repos|orgs)$/.test(res.body?.message ?? ''))) {
          wrong.push(`${what} ${res.text.slice(0, 120)}`);
        }
      }
    }
    console.log(`public-only: ${cells} cells, ${wrong.length} wrong`);
    assert.deepEqual(wrong, []);
    // The same tokens see public repositories: the limit is the scope, not a broken token.
    const pub = await h.api('GET', '/repos/fz-owner/fz-pub', { auth: (await h.api('POST', '/users/fz-owner/tokens', { auth: ['fz-owner', w.password('owner')], body: { name: 'po-2', scopes: ['public-only', 'read:repository'] } })).body.sha1 });
    assert.equal(pub.status, 200);
  } finally {
    await h.stop();
  }
});
