/**
 * Who may read and write a wiki, route by route: a private repository's wiki is hidden (404) from anonymous
 * visitors, strangers and a team without the wiki unit, read by a read collaborator (writes 403), written by the
 * owner; a public-only token is refused; the same answers for git over HTTP.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken, startHost, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials, type GitSandbox } from '../helpers/git.ts';

const b64 = (s: string): string => Buffer.from(s).toString('base64');
const W = '/repos/acme/vault/wiki';

describe('wiki permissions', () => {
  let h: TestHost;
  let g: GitSandbox;
  const t: Record<string, string | undefined> = {};

  before(async () => {
    h = await startHost();
    g = await gitSandbox();
    const root = await createToken(h, ADMIN.username, ADMIN.password, ['all']);
    t.admin = root;
    for (const name of ['owner', 'reader', 'stranger', 'coder']) {
      await h.api('POST', '/admin/users', { auth: root, body: { username: name, email: `${name}@example.com`, password: `${name}-password-1`, must_change_password: false } });
      t[name] = await createToken(h, name, `${name}-password-1`, ['all']);
    }
    await h.api('POST', '/orgs', { auth: t.owner, body: { username: 'acme' } });
    assert.equal((await h.api('POST', '/orgs/acme/repos', { auth: t.owner, body: { name: 'vault', private: true } })).status, 201);
    await h.api('PUT', '/repos/acme/vault/collaborators/reader', { auth: t.owner, body: { permission: 'read' } });
    const team = await h.api('POST', '/orgs/acme/teams', { auth: t.owner, body: { name: 'coders', units_map: { 'repo.code': 'write', 'repo.wiki': 'none' }, includes_all_repositories: true } });
    await h.api('PUT', `/teams/${team.body.id}/members/coder`, { auth: t.owner });
    assert.equal((await h.api('POST', `${W}/new`, { auth: t.owner, body: { title: 'Home', content_base64: b64('vault secrets') } })).status, 201);
    const po = await h.api('POST', '/users/owner/tokens', { auth: ['owner', 'owner-password-1'], body: { name: 'po', scopes: ['public-only', 'all'] } });
    t.publicOnly = po.body.sha1;
  });
  after(async () => { await h.stop(); await g.dispose(); });

  const reads = ['GET /pages', 'GET /page/Home', 'GET /revisions/Home'];
  const writes: [string, unknown][] = [['POST /new', { title: 'New', content_base64: '' }], ['PATCH /page/Home', { content_base64: b64('x') }], ['DELETE /page/Home', undefined]];
  const call = (auth: string | undefined, what: string, body?: unknown) => {
    const [method, p] = what.split(' ') as [string, string];
    return h.api(method, `${W}${p}`, { auth, body });
  };

  test('the matrix of viewers and routes', async () => {
    const expect: [string, number, number][] = [
      // viewer, read status, write status
      ['anonymous', 404, 401], ['stranger', 404, 404], ['coder', 404, 404], ['reader', 200, 403], ['publicOnly', 403, 403],
    ];
    const wrong: string[] = [];
    for (const [viewer, read, write] of expect) {
      const auth = viewer === 'anonymous' ? undefined : t[viewer];
      for (const r of reads) {
        const res = await call(auth, r);
        if (res.status !== read) wrong.push(`${viewer} ${r}: ${res.status}, expected ${read}`);
        if (read !== 200 && res.text.includes('vault secrets')) wrong.push(`${viewer} ${r}: leaks the page`);
      }
      for (const [w, body] of writes) {
        const res = await call(auth, w, body);
        if (res.status !== write) wrong.push(`${viewer} ${w}: ${res.status}, expected ${write}`);
      }
    }
    assert.deepEqual(wrong, []);
    assert.equal(Buffer.from((await call(t.reader, 'GET /page/Home')).body.content_base64, 'base64').toString(), 'vault secrets');
    // and the owner and the site admin write
    assert.equal((await call(t.owner, 'PATCH /page/Home', { content_base64: b64('v2') })).status, 200);
    assert.equal((await call(t.admin, 'POST /new', { title: 'Admin page', content_base64: '' })).status, 201);
  });

  test('git over HTTP answers the same', async () => {
    const url = (user: string) => withCredentials(`${h.url}/acme/vault.wiki.git`, user, `${user}-password-1`);
    assert.equal((await g.run(['ls-remote', url('reader')])).code, 0);
    assert.notEqual((await g.run(['ls-remote', url('stranger')])).code, 0);
    assert.notEqual((await g.run(['ls-remote', url('coder')])).code, 0);
    assert.notEqual((await g.run(['ls-remote', `${h.url}/acme/vault.wiki.git`])).code, 0);
    const dir = `${g.dir}/vault-wiki`;
    await g.ok(['clone', '-q', url('reader'), dir]);
    await g.ok(['commit', '-q', '--allow-empty', '-m', 'reader tries'], { cwd: dir });
    const push = await g.run(['push', 'origin', 'HEAD'], { cwd: dir });
    assert.notEqual(push.code, 0);
    assert.match(push.stderr, /403|permission denied/i);
  });
});
