import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHost, ADMIN, type TestHost } from '../helpers/host.ts';
import { startSlapd, LDAP_ADMIN_FILTER, LDAP_PEOPLE, LDAP_READER, LDAP_USERS, type Slapd } from '../helpers/slapd.ts';
import { awayFromStepEdge, codeAt, makeUser, own, signIn } from './helpers.ts';

/** `git ls-remote` against the host with credentials in the URL; never prompts. Async: the host runs in this process. */
function lsRemote(h: TestHost, user: string, secret: string, repo: string): Promise<number> {
  const url = new URL(`${h.url}/${repo}.git`);
  url.username = encodeURIComponent(user);
  url.password = encodeURIComponent(secret);
  return new Promise((resolve) => {
    const child = spawn('git', ['ls-remote', url.toString()], {
      stdio: 'ignore', timeout: 30_000, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_ASKPASS: 'true' },
    });
    child.on('close', (code) => resolve(code ?? -1));
  });
}

describe('git over HTTP uses the same authentication', () => {
  let ldap: Slapd;
  let h: TestHost;
  let work: string;
  before(async () => {
    ldap = await startSlapd();
    h = await startHost();
    work = await mkdtemp(path.join(tmpdir(), 'homeforge-git-auth-'));
    const admin = await signIn(h, ADMIN.username, ADMIN.password);
    const res = await own(h, 'POST', '/admin/auth-sources', {
      auth: admin,
      body: {
        type: 'ldap', name: 'directory', host: ldap.host, port: ldap.port, security_protocol: 'unencrypted', user_search_base: LDAP_PEOPLE,
        user_filter: '(uid=%s)', admin_filter: LDAP_ADMIN_FILTER, username_attribute: 'uid', email_attribute: 'mail',
        bind_dn: LDAP_READER.dn, bind_password: LDAP_READER.password,
      },
    });
    assert.equal(res.status, 201);
  });
  after(async () => { await h?.stop(); await ldap?.stop(); await rm(work, { recursive: true, force: true }); });

  test('an LDAP user reads their private repository with their directory password', async () => {
    const created = await h.api('POST', '/user/repos', { auth: ['bob', LDAP_USERS.bob.password], body: { name: 'secret-stuff', private: true, auto_init: true } });
    assert.equal(created.status, 201, created.text);
    assert.equal(await lsRemote(h, 'bob', LDAP_USERS.bob.password, 'bob/secret-stuff'), 0);
    assert.notEqual(await lsRemote(h, 'bob', 'not-the-password', 'bob/secret-stuff'), 0);
  });

  test('with two-factor on, a password alone is refused over git; a token still works', async () => {
    await makeUser(h, 'tess');
    const token = await signIn(h, 'tess', 'tess-password-1');
    const repo = await h.api('POST', '/user/repos', { auth: token, body: { name: 'notes', private: true, auto_init: true } });
    assert.equal(repo.status, 201, repo.text);
    assert.equal(await lsRemote(h, 'tess', 'tess-password-1', 'tess/notes'), 0);
    const start = await own(h, 'POST', '/user/two-factor/enrolment', { auth: token });
    await awayFromStepEdge();
    assert.equal((await own(h, 'POST', '/user/two-factor/confirm', { auth: token, body: { code: codeAt(start.body.secret, 0) } })).status, 200);
    assert.notEqual(await lsRemote(h, 'tess', 'tess-password-1', 'tess/notes'), 0);
    const personal = await h.api('POST', '/users/tess/tokens', { auth: token, body: { name: 'git', scopes: ['read:repository'] } });
    assert.equal(personal.status, 201, personal.text);
    assert.equal(await lsRemote(h, 'tess', personal.body.sha1, 'tess/notes'), 0);
  });
});
