/**
 * Repository lists take most rows' permission from flags alone (permissionByFlags, with what the list knows of
 * the viewer's collaborations and teams) and ask repoPermission's lookups only for rows a collaboration or a team
 * may decide; search walks a sort order the store keeps between searches. Here: the flags answer equals
 * repoPermission's for every viewer and repository of a small matrix, search pages add up to the whole list, and
 * the kept order follows creates, renames and deletes.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { makeUser, expectStatus } from '../orgs/helpers.ts';
import { listRule } from '../../server/services/repository/list-access.ts';
import { withTokenReach } from '../../server/services/auth/token-reach.ts';
import { atLeast } from '../../server/services/permission/permissions.ts';
import * as userStore from '../../server/store/users.ts';
import * as repoStore from '../../server/store/repos.ts';
import type { UserRecord } from '../../server/store/records.ts';

const PEOPLE = ['owner-u', 'lim-u', 'priv-u', 'stranger', 'restricted', 'collab', 'teamer', 'restricted-teamer', 'no-repo-teamer'];

describe('repository list access and search order', () => {
  let h: TestHost;
  const tokens = new Map<string, string>();
  before(async () => {
    h = await startHost();
    tokens.set(ADMIN.username, await createToken(h, ADMIN.username, ADMIN.password));
    for (const p of PEOPLE) {
      const extra = p === 'lim-u' ? { visibility: 'limited' } : p === 'priv-u' ? { visibility: 'private' } : p.startsWith('restricted') ? { restricted: true } : {};
      tokens.set(p, await makeUser(h, p, extra));
    }
    const owner = tokens.get('owner-u')!;
    for (const vis of ['public', 'limited', 'private']) {
      const org = `org-${vis}`;
      expectStatus(await h.api('POST', '/orgs', { auth: owner, body: { username: org, visibility: vis } }), 201);
      const readers = await h.api('POST', `/orgs/${org}/teams`, { auth: owner, body: { name: 'readers', permission: 'read', units: ['repo.code'], includes_all_repositories: true } });
      const empty = await h.api('POST', `/orgs/${org}/teams`, { auth: owner, body: { name: 'empty', permission: 'read', units: ['repo.code'], includes_all_repositories: false } });
      for (const [team, who] of [[readers, 'teamer'], [readers, 'restricted-teamer'], [empty, 'no-repo-teamer']] as const) {
        expectStatus(await h.api('PUT', `/teams/${team.body.id}/members/${who}`, { auth: owner }), 204);
      }
      for (const [name, priv] of [[`${org}-pub`, false], [`${org}-priv`, true]] as const) {
        expectStatus(await h.api('POST', `/orgs/${org}/repos`, { auth: owner, body: { name, private: priv } }), 201);
      }
    }
    for (const u of ['owner-u', 'lim-u', 'priv-u']) {
      for (const [name, priv] of [[`${u}-pub`, false], [`${u}-priv`, true]] as const) {
        expectStatus(await h.api('POST', '/user/repos', { auth: tokens.get(u)!, body: { name, private: priv } }), 201);
      }
    }
    for (const [owner, repo] of [['priv-u', 'priv-u-priv'], ['org-private', 'org-private-priv'], ['lim-u', 'lim-u-priv']] as const) {
      const auth = tokens.get(owner.startsWith('org') ? 'owner-u' : owner)!;
      expectStatus(await h.api('PUT', `/repos/${owner}/${repo}/collaborators/collab`, { auth, body: { permission: 'read' } }), 204);
    }
  });
  after(async () => { await h.stop(); });

  const viewers = async (): Promise<[string, UserRecord | null][]> => [
    ['anonymous', null],
    ...(await Promise.all([ADMIN.username, ...PEOPLE].map(async (n) => [n, (await userStore.getByName(h.app.store, n))!] as [string, UserRecord]))),
  ];

  /** For every repository: the flags answer (when it has one) against repoPermission's, under the given token scopes. */
  async function compare(viewer: UserRecord | null, label: string, scopes: string[] | null): Promise<{ decided: number; readable: number }> {
    return withTokenReach(scopes, async () => {
      const rule = await listRule(h.app, viewer);
      let decided = 0;
      let readable = 0;
      for (const repo of await repoStore.list(h.app.store)) {
        const owner = (await userStore.peekById(h.app.store, repo.owner_id))!;
        await rule.meet(owner);
        const flags = rule.quick(repo, owner);
        const perm = await rule.exact(repo, owner, true);
        if (perm !== null) readable += 1;
        const where = `${label} on ${owner.name}/${repo.name}${scopes ? ' (public-only)' : ''}`;
        // an owner the viewer may not see: not listed
        if (flags === null) {
          assert.equal(perm, null, where);
          decided += 1;
          continue;
        }
        const floorReads = flags.perm.mode !== 'none';
        if (flags.settled) {
          // settled: exactly repoPermission's answer (none: not listed)
          assert.deepEqual(floorReads ? flags.perm : null, perm, `${where}: permission from flags`);
          decided += 1;
        } else if (floorReads) {
          // a floor that reads: listed, and a collaboration or a team may only raise it
          assert.ok(perm && atLeast(perm.mode, flags.perm.mode), where);
          decided += 1;
        }
      }
      return { decided, readable };
    });
  }

  test('the flags answer equals repoPermission for every viewer and repository', async () => {
    const total = (await repoStore.list(h.app.store)).length;
    for (const [label, viewer] of await viewers()) {
      const all = await compare(viewer, label, null);
      await compare(viewer, label, ['all', 'public-only']);
      // Only the private rows of a collaborator, or of a team member (an organization's owner too), are left to repoPermission.
      if (!['owner-u', 'collab', 'teamer', 'restricted-teamer', 'no-repo-teamer'].includes(label)) assert.equal(all.decided, total, label);
    }
  });

  test('search pages add up to the whole list for every viewer, and the total is what the viewer may read', async () => {
    for (const [label, viewer] of await viewers()) {
      const auth = viewer ? tokens.get(label) : undefined;
      const whole = await h.api('GET', '/repos/search?limit=50', auth ? { auth } : {});
      expectStatus(whole, 200);
      const names = whole.body.data.map((r: { full_name: string }) => r.full_name);
      const { readable } = await compare(viewer, label, null);
      assert.equal(names.length, readable, label);
      assert.equal(whole.headers.get('x-total-count'), String(readable), label);
      const paged: string[] = [];
      for (let page = 1; paged.length < names.length && page < 30; page++) {
        const res = await h.api('GET', `/repos/search?limit=3&page=${page}`, auth ? { auth } : {});
        assert.equal(res.headers.get('x-total-count'), String(readable), `${label} page ${page}`);
        paged.push(...res.body.data.map((r: { full_name: string }) => r.full_name));
      }
      assert.deepEqual(paged, names, label);
    }
  });

  test('the kept order follows creates, renames and deletes; desc is its reverse, the priority owner first', async () => {
    const root = tokens.get(ADMIN.username)!;
    const search = async (query: string): Promise<string[]> => {
      const res = await h.api('GET', `/repos/search?limit=50&${query}`, { auth: root });
      expectStatus(res, 200);
      return res.body.data.map((r: { full_name: string }) => r.full_name);
    };
    const before = await search('sort=alpha');
    assert.deepEqual(await search('sort=alpha&order=desc'), [...before].reverse());
    expectStatus(await h.api('POST', '/user/repos', { auth: root, body: { name: 'aaa-first' } }), 201);
    assert.equal((await search('sort=alpha'))[0], 'root/aaa-first');
    assert.equal((await search('sort=id&order=desc'))[0], 'root/aaa-first');
    expectStatus(await h.api('PATCH', '/repos/root/aaa-first', { auth: root, body: { name: 'zzz-last' } }), 200);
    const renamed = await search('sort=alpha');
    assert.equal(renamed.at(-1), 'root/zzz-last');
    assert.ok(!renamed.includes('root/aaa-first'));
    const ownerId = (await userStore.getByName(h.app.store, 'lim-u'))!.id;
    const prio = await search(`sort=alpha&order=desc&priority_owner_id=${ownerId}`);
    assert.deepEqual(prio.slice(0, 2), ['lim-u/lim-u-pub', 'lim-u/lim-u-priv']);
    assert.deepEqual(prio.slice(2), [...renamed].reverse().filter((n) => !n.startsWith('lim-u/')));
    expectStatus(await h.api('DELETE', '/repos/root/zzz-last', { auth: root }), 204);
    assert.deepEqual(await search('sort=alpha'), before);
  });
});
