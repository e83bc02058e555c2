// The permission matrix: every actor against every kind of owner and repository, for reading, listing,
// cloning, pushing and changing settings. Each cell is compared with what Gitea answers; a cell where an actor
// without access gets anything but the answer for a repository that does not exist counts as a leak.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { makeUser, expectStatus } from '../orgs/helpers.ts';
import { ACTORS, ORG_VISIBILITIES, expectedMode, orgVisible, atLeast, type Actor, type OrgVisibility } from './expected.ts';

/** A message with the requested name put back as `*`: an answer that only echoes what was asked reveals nothing. */
const echo = (message: unknown, asked: string): string => String(message ?? '').split(asked).join('*');

interface Cell { actor: Actor; org: string; vis: OrgVisibility; repo: string; isPrivate: boolean; op: string }
interface Finding { cell: Cell; detail: string }

describe('permission matrix', () => {
  let h: TestHost;
  let g: GitSandbox;
  let local: string;
  const tokens = new Map<Actor, string | undefined>();
  const names = new Map<Actor, string>();
  const mismatches: Finding[] = [];
  const leaks: Finding[] = [];
  let cells = 0;

  before(async () => {
    h = await startHost();
    g = await gitSandbox();
    local = path.join(g.dir, 'local');
    await makeRepo(g, local, { 'pushed.txt': 'pushed\n' });
    const root = await createToken(h, ADMIN.username, ADMIN.password);
    tokens.set('anonymous', undefined);
    tokens.set('site-admin', root);
    names.set('site-admin', ADMIN.username);
    for (const a of ACTORS) {
      if (a === 'anonymous' || a === 'site-admin') continue;
      names.set(a, `mx-${a}`);
      tokens.set(a, await makeUser(h, `mx-${a}`));
    }
    for (const vis of ORG_VISIBILITIES) await setUpOrg(vis, root);
  });
  after(async () => {
    await g.dispose();
    await h.stop();
  });

  const tok = (a: Actor): string => tokens.get(a)!;

  async function setUpOrg(vis: OrgVisibility, root: string): Promise<void> {
    const org = `mx-${vis}`;
    const owner = tok('org-owner');
    expectStatus(await h.api('POST', '/orgs', { auth: owner, body: { username: org, visibility: vis } }), 201);
    const units = ['repo.code', 'repo.issues', 'repo.pulls', 'repo.releases', 'repo.wiki'];
    const team = async (name: string, permission: string, all: boolean) => {
      const res = await h.api('POST', `/orgs/${org}/teams`, { auth: owner, body: { name, permission, units, includes_all_repositories: all } });
      expectStatus(res, 201);
      return res.body.id as number;
    };
    const read = await team('readers', 'read', true);
    const write = await team('writers', 'write', false);
    const admin = await team('admins', 'admin', false);
    const tmp = await team('tmp', 'read', false);
    for (const [id, a] of [[read, 'team-read'], [write, 'team-write'], [admin, 'team-admin'], [tmp, 'member']] as const) {
      expectStatus(await h.api('PUT', `/teams/${id}/members/${names.get(a)}`, { auth: owner }), 204);
    }
    // An organization member who is in no team: added through a team, then taken out of it.
    expectStatus(await h.api('DELETE', `/teams/${tmp}/members/${names.get('member')}`, { auth: owner }), 204);
    for (const [repo, isPrivate] of [['pub', false], ['priv', true]] as const) {
      expectStatus(await h.api('POST', `/orgs/${org}/repos`, { auth: root, body: { name: repo, private: isPrivate, auto_init: true } }), 201);
      for (const id of [write, admin]) expectStatus(await h.api('PUT', `/teams/${id}/repos/${org}/${repo}`, { auth: owner }), 204);
      for (const [a, permission] of [['collab-read', 'read'], ['collab-write', 'write']] as const) {
        expectStatus(await h.api('PUT', `/repos/${org}/${repo}/collaborators/${names.get(a)}`, { auth: root, body: { permission } }), 204);
      }
    }
  }

  function record(cell: Cell, ok: boolean, leak: boolean, detail: string): void {
    cells += 1;
    if (!ok) mismatches.push({ cell, detail });
    if (leak) leaks.push({ cell, detail });
  }

  const gitUrl = (a: Actor, org: string, repo: string): string => {
    const url = `${h.url}/${org}/${repo}.git`;
    return a === 'anonymous' ? url : withCredentials(url, names.get(a)!, tok(a));
  };

  async function infoRefs(a: Actor, org: string, repo: string, service: string): Promise<number> {
    const headers: Record<string, string> = a === 'anonymous' ? {} : { Authorization: `token ${tok(a)}` };
    const res = await fetch(`${h.url}/${org}/${repo}.git/info/refs?service=${service}`, { headers });
    await res.arrayBuffer();
    return res.status;
  }

  async function checkRead(c: Cell, mode: string): Promise<void> {
    const res = await h.api('GET', `/repos/${c.org}/${c.repo}`, { auth: tokens.get(c.actor) });
    const can = atLeast(mode, 'read');
    if (can) return record(c, res.status === 200, false, `read: ${res.status}`);
    const ghost = await h.api('GET', `/repos/${c.org}/no-such-repo`, { auth: tokens.get(c.actor) });
    const same = res.status === ghost.status && echo(res.body?.message, `${c.org}/${c.repo}`) === echo(ghost.body?.message, `${c.org}/no-such-repo`);
    record(c, res.status === 404, res.status < 400 || !same, `read: ${res.status} ${res.text} (missing repo: ${ghost.status} ${ghost.text})`);
  }

  async function checkList(c: Cell, mode: string, orgListable: boolean): Promise<void> {
    const res = await h.api('GET', `/orgs/${c.org}/repos`, { auth: tokens.get(c.actor) });
    const listed = res.status === 200 && (res.body as { name: string }[]).some((r) => r.name === c.repo);
    const can = atLeast(mode, 'read');
    const statusOk = res.status === (orgListable ? 200 : 404);
    let hiddenLikeMissing = true;
    if (res.status === 404) {
      const ghost = await h.api('GET', '/orgs/no-such-org/repos', { auth: tokens.get(c.actor) });
      hiddenLikeMissing = ghost.status === 404 && echo(ghost.body?.message, 'no-such-org') === echo(res.body?.message, c.org);
    }
    record(c, statusOk && listed === can, (!can && listed) || !hiddenLikeMissing, `list: ${res.status}, listed=${listed}`);
  }

  async function checkClone(c: Cell, mode: string): Promise<void> {
    const dir = path.join(g.dir, `clone-${cells}`);
    const r = await g.run(['clone', '-q', gitUrl(c.actor, c.org, c.repo), dir]);
    const can = atLeast(mode, 'read');
    if (can || r.code === 0) return record(c, (r.code === 0) === can, !can, `clone: exit ${r.code} ${r.stderr.trim()}`);
    const [real, ghost] = [await infoRefs(c.actor, c.org, c.repo, 'git-upload-pack'), await infoRefs(c.actor, c.org, 'no-such-repo', 'git-upload-pack')];
    record(c, true, real !== ghost, `clone refused: info/refs ${real} (missing repo: ${ghost})`);
  }

  async function checkPush(c: Cell, mode: string): Promise<void> {
    const r = await g.run(['push', '-q', gitUrl(c.actor, c.org, c.repo), `HEAD:refs/heads/push-${c.actor}`], { cwd: local });
    const can = atLeast(mode, 'write');
    const detail = `push: exit ${r.code} ${r.stderr.trim()}`;
    if (can || r.code === 0) return record(c, (r.code === 0) === can, !can, detail);
    if (atLeast(mode, 'read') || c.actor === 'anonymous') return record(c, true, false, detail);
    const [real, ghost] = [await infoRefs(c.actor, c.org, c.repo, 'git-receive-pack'), await infoRefs(c.actor, c.org, 'no-such-repo', 'git-receive-pack')];
    record(c, true, real !== ghost, `push refused: info/refs ${real} (missing repo: ${ghost})`);
  }

  async function checkSettings(c: Cell, mode: string): Promise<void> {
    const res = await h.api('PATCH', `/repos/${c.org}/${c.repo}`, { auth: tokens.get(c.actor), body: { description: `set by ${c.actor}` } });
    // The router authenticates before it looks anything up, so anonymous callers get 401 whatever the repository.
    const want = c.actor === 'anonymous' ? 401 : atLeast(mode, 'admin') ? 200 : atLeast(mode, 'read') ? 403 : 404;
    let leak = res.status === 200 && !atLeast(mode, 'admin');
    if (want === 404) {
      const ghost = await h.api('PATCH', `/repos/${c.org}/no-such-repo`, { auth: tokens.get(c.actor), body: { description: 'x' } });
      leak ||= ghost.status !== res.status || echo(ghost.body?.message, `${c.org}/no-such-repo`) !== echo(res.body?.message, `${c.org}/${c.repo}`);
    }
    record(c, res.status === want, leak, `settings: ${res.status} ${res.text.slice(0, 120)}`);
  }

  /** A file written through the contents API: writers get their commit, readers Gitea's 403, others 404 as for a missing repository. */
  async function checkFileWrite(c: Cell, mode: string): Promise<void> {
    const body = { content: Buffer.from(c.actor).toString('base64'), new_branch: `api-${c.actor}` };
    const res = await h.api('POST', `/repos/${c.org}/${c.repo}/contents/api-${c.actor}.txt`, { auth: tokens.get(c.actor), body });
    const want = c.actor === 'anonymous' ? 401 : atLeast(mode, 'write') ? 201 : atLeast(mode, 'read') ? 403 : 404;
    let leak = res.status === 201 && !atLeast(mode, 'write');
    if (want === 404) {
      const ghost = await h.api('POST', `/repos/${c.org}/no-such-repo/contents/api-${c.actor}.txt`, { auth: tokens.get(c.actor), body });
      leak ||= ghost.status !== res.status || echo(ghost.body?.message, `${c.org}/no-such-repo`) !== echo(res.body?.message, `${c.org}/${c.repo}`);
    }
    record(c, res.status === want, leak, `file write: ${res.status} ${res.text.slice(0, 120)}`);
  }

  /** A request whose answer depends on the mode: `ok` at `need` or more, 403 for readers below it, 404 as a missing repository otherwise. */
  async function checkIssueCall(c: Cell, mode: string, need: string, method: string, sub: string, body: unknown, ok: number): Promise<void> {
    const res = await h.api(method, `/repos/${c.org}/${c.repo}${sub}`, { auth: tokens.get(c.actor), body });
    const can = atLeast(mode, need);
    const want = can ? ok : c.actor === 'anonymous' && method !== 'GET' ? 401 : atLeast(mode, 'read') ? 403 : 404;
    let leak = res.status === ok && !can;
    if (want === 404) {
      const ghost = await h.api(method, `/repos/${c.org}/no-such-repo${sub}`, { auth: tokens.get(c.actor), body });
      leak ||= ghost.status !== res.status || echo(ghost.body?.message, `${c.org}/no-such-repo`) !== echo(res.body?.message, `${c.org}/${c.repo}`);
    }
    record(c, res.status === want, leak, `${method} ${sub}: ${res.status} ${res.text.slice(0, 120)}`);
  }

  /** Issues: readers list them; any signed-in reader opens one (Gitea); labels need write on the issues unit. */
  async function checkIssues(c: Cell, mode: string): Promise<void> {
    await checkIssueCall({ ...c, op: 'issue list' }, mode, 'read', 'GET', '/issues', undefined, 200);
    const opener = c.actor === 'anonymous' ? 'write' : 'read';
    await checkIssueCall({ ...c, op: 'issue create' }, c.actor === 'anonymous' ? 'none' : mode, opener, 'POST', '/issues', { title: `by ${c.actor}` }, 201);
    await checkIssueCall({ ...c, op: 'label create' }, mode, 'write', 'POST', '/labels', { name: `l-${c.actor}`, color: '00aa00' }, 201);
  }

  test('every cell answers as Gitea does, with zero leaks', async () => {
    for (const vis of ORG_VISIBILITIES) {
      for (const actor of ACTORS) {
        const modes = [false, true].map((p) => expectedMode(actor, vis, p));
        const orgListable = orgVisible(actor, vis) || modes.some((m) => atLeast(m, 'read'));
        for (const [repo, isPrivate] of [['pub', false], ['priv', true]] as const) {
          const mode = expectedMode(actor, vis, isPrivate);
          const base = { actor, org: `mx-${vis}`, vis, repo, isPrivate };
          await checkRead({ ...base, op: 'read' }, mode);
          await checkList({ ...base, op: 'list' }, mode, orgListable);
          await checkClone({ ...base, op: 'clone' }, mode);
          await checkPush({ ...base, op: 'push' }, mode);
          await checkSettings({ ...base, op: 'settings' }, mode);
          await checkFileWrite({ ...base, op: 'file write' }, mode);
          await checkIssues({ ...base, op: 'issues' }, mode);
        }
      }
    }
    const show = (f: Finding) => `${f.cell.actor} × ${f.cell.vis} org × ${f.cell.isPrivate ? 'private' : 'public'} repo × ${f.cell.op}: ${f.detail}`;
    console.log(`permission matrix: ${cells} cells checked, ${leaks.length} leaks, ${mismatches.length} cells differing from Gitea`);
    assert.equal(cells, ACTORS.length * ORG_VISIBILITIES.length * 2 * 9);
    assert.deepEqual(leaks.map(show), []);
    assert.deepEqual(mismatches.map(show), []);
  });
});
