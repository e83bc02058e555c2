/**
 * Negotiate (Gitea's SSPI source) against a real MIT Kerberos realm: a KDC on loopback, the host's service
 * principal HTTP/127.0.0.1 in a keytab given through KRB5_KTNAME, users who `kinit` and then call the API with
 * `curl --negotiate` and clone and push with git (`http.emptyAuth`). Wrong tickets are refused.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { startHost, type TestHost } from '../helpers/host.ts';
import { gitSandbox, commitFiles, type GitSandbox } from '../helpers/git.ts';
import { startKdc, type Kdc } from '../helpers/kdc.ts';
import { awayFromStepEdge, codeAt, makeUser, own, signIn } from './helpers.ts';
import { ADMIN_AUTH } from '../accounts/helpers.ts';
import { mismatches } from '../structs/checked.ts';
import { AuthSource, SessionAnswer } from '../../server/structs/homeforge.ts';

interface Curl { status: number; headers: string; body: any } // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON answers

/** Runs curl asynchronously (the host runs in this process) and splits the last answer into status, headers, JSON. */
function curl(env: Record<string, string>, args: string[]): Promise<Curl> {
  return new Promise((resolve, reject) => {
    execFile('curl', ['-s', '-i', ...args], { env: { ...process.env, ...env }, timeout: 30_000 }, (err, stdout) => {
      if (err && !stdout) return reject(err);
      // With --negotiate curl prints the 401 round first; the last head is the answer that counts.
      const blocks = stdout.split(/\r\n\r\n/);
      let i = 0;
      while (i + 1 < blocks.length && /^HTTP\/1\.1 (401|100)/.test(blocks[i]!) && /^HTTP\//.test(blocks[i + 1]!)) i++;
      const headers = blocks[i]!;
      const text = blocks.slice(i + 1).join('\r\n\r\n');
      let body: unknown;
      try { body = text ? JSON.parse(text) : undefined; } catch { body = text; }
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(headers)?.[1] ?? 0), headers, body });
    });
  });
}

const header = (c: Curl, name: string): string[] =>
  c.headers.split('\r\n').filter((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`)).map((l) => l.slice(name.length + 1).trim());

describe('Negotiate sign-in against a real Kerberos realm', () => {
  let kdc: Kdc;
  let h: TestHost;
  let g: GitSandbox;
  let sourceId = 0;
  const saved: Record<string, string | undefined> = {};
  const serverEnv = (vars: Record<string, string>): void => {
    for (const [k, v] of Object.entries(vars)) { saved[k] = process.env[k]; process.env[k] = v; }
  };
  /** A client with a fresh ticket of `user`: the env for curl and git. */
  const client = (user: string, password: string): Record<string, string> =>
    ({ ...kdc.env, KRB5CCNAME: kdc.kinit(user, password, `cc-${user}-${Math.random().toString(36).slice(2)}`) });
  const negotiate = (env: Record<string, string>, p: string, extra: string[] = []): Promise<Curl> =>
    curl(env, ['--negotiate', '-u', ':', ...extra, `${h.url}${p}`]);

  before(async () => {
    kdc = await startKdc();
    for (const [u, pw] of [['alice', 'alice-krb-pw-1'], ['bob', 'bob-krb-pw-1'], ['carol', 'carol-krb-pw-1'], ['dave', 'dave-krb-pw-1']]) kdc.addPrincipal(u!, pw!);
    kdc.addPrincipal('HTTP/127.0.0.1', null);
    kdc.addPrincipal('HTTP/wrong.test', null);
    const keytab = kdc.keytab('http.keytab', 'HTTP/127.0.0.1');
    // The host runs in this process: its GSSAPI reads the realm's config, the keytab and a private replay cache.
    serverEnv({ KRB5_CONFIG: kdc.env.KRB5_CONFIG!, KRB5_KTNAME: `FILE:${keytab}`, KRB5RCACHEDIR: kdc.dir });
    h = await startHost();
    g = await gitSandbox();
  });
  after(async () => {
    await g?.dispose();
    await h?.stop();
    await kdc?.stop();
    for (const [k, v] of Object.entries(saved)) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
  });

  test('off until an SSPI source is added: no Negotiate challenge, the sign-in route is 404', async () => {
    const anon = await h.api('GET', '/user');
    assert.equal(anon.status, 401);
    assert.ok(!(anon.headers.get('www-authenticate') ?? '').includes('Negotiate'));
    assert.equal((await own(h, 'GET', '/auth/negotiate')).status, 404);
    const ticket = client('alice', 'alice-krb-pw-1');
    assert.equal((await negotiate(ticket, '/api/v1/user')).status, 401);
  });

  test('an admin adds the source with Gitea\'s fields; a second SSPI source is refused', async () => {
    const res = await own(h, 'POST', '/admin/auth-sources', { auth: ADMIN_AUTH, body: { type: 'sspi', name: 'domain', separator_replacement: '_' } });
    assert.equal(res.status, 201, res.text);
    sourceId = res.body.id;
    assert.deepEqual(mismatches(AuthSource, res.body), []);
    assert.deepEqual(
      [res.body.type, res.body.active, res.body.auto_create_users, res.body.auto_activate_users, res.body.strip_domain_names, res.body.available],
      ['sspi', true, true, true, true, true],
    );
    const bad = await own(h, 'POST', '/admin/auth-sources', { auth: ADMIN_AUTH, body: { type: 'sspi', name: 'x', separator_replacement: '/' } });
    assert.equal(bad.status, 422);
    const second = await own(h, 'POST', '/admin/auth-sources', { auth: ADMIN_AUTH, body: { type: 'sspi', name: 'domain-2' } });
    assert.equal(second.status, 409);
    const anon = await h.api('GET', '/user');
    assert.equal(anon.status, 401);
    assert.match(anon.headers.get('www-authenticate') ?? '', /\bNegotiate\b/);
  });

  test('curl --negotiate reaches the API as alice, created on first use; the mutual token comes back', async () => {
    const ticket = client('alice', 'alice-krb-pw-1');
    const me = await negotiate(ticket, '/api/v1/user');
    assert.equal(me.status, 200, JSON.stringify(me.body));
    assert.equal(me.body.login, 'alice');
    assert.match(me.body.email, /@localhost\.localdomain$/);
    assert.ok(header(me, 'www-authenticate').some((v) => /^Negotiate [A-Za-z0-9+/=]+$/.test(v)), me.headers);
    const made = await negotiate(ticket, '/api/v1/user/repos', ['-X', 'POST', '-H', 'Content-Type: application/json', '-d', '{"name":"kerb","private":true}']);
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.full_name, 'alice/kerb');
    // sudo is for administrators only, whatever the credential.
    assert.equal((await negotiate(ticket, '/api/v1/user?sudo=root')).status, 403);
    // The UI's sign-in route trades the ticket for a session.
    const session = await negotiate(ticket, '/api/homeforge/auth/negotiate');
    assert.equal(session.status, 200, JSON.stringify(session.body));
    assert.equal(session.body.user.login, 'alice');
    assert.deepEqual(mismatches(SessionAnswer, session.body), []);
    const viaSession = await h.api('GET', '/user', { auth: session.body.token });
    assert.equal(viaSession.body.login, 'alice');
  });

  test('git clones and pushes a private repository with the ticket (http.emptyAuth)', async () => {
    const ticket = client('alice', 'alice-krb-pw-1');
    const env = { ...ticket };
    const url = `${h.url}/alice/kerb.git`;
    const clone = path.join(g.dir, 'kerb');
    await g.ok(['-c', 'http.emptyAuth=true', 'clone', url, clone], { env });
    await commitFiles(g, clone, { 'README.md': 'pushed with a Kerberos ticket\n' }, 'first commit over Negotiate');
    await g.ok(['-c', 'http.emptyAuth=true', 'push', 'origin', 'HEAD:main'], { cwd: clone, env });
    const branch = await h.api('GET', '/repos/alice/kerb/branches/main', { auth: ADMIN_AUTH });
    assert.equal(branch.status, 200);
    assert.equal(branch.body.commit.message.trim(), 'first commit over Negotiate');
    // Without a ticket git gets the challenge and, with no password to give, fails.
    const noTicket = await g.run(['-c', 'http.emptyAuth=true', 'clone', url, path.join(g.dir, 'refused')], { env: { ...kdc.env, KRB5CCNAME: `FILE:${path.join(kdc.dir, 'none')}` } });
    assert.notEqual(noTicket.code, 0);
  });

  test('refused: no ticket after kdestroy, a ticket for another service, a forged token', async () => {
    const ticket = client('alice', 'alice-krb-pw-1');
    await new Promise<void>((resolve, reject) => execFile('kdestroy', [], { env: { ...process.env, ...ticket } }, (e) => (e ? reject(e) : resolve())));
    const gone = await negotiate(ticket, '/api/v1/user');
    assert.equal(gone.status, 401);
    assert.match(header(gone, 'www-authenticate').join(','), /Negotiate/);
    // curl names the service after the URL's host: a valid ticket for HTTP/wrong.test, sent to this host.
    const other = client('alice', 'alice-krb-pw-1');
    const port = new URL(h.url).port;
    const wrong = await curl(other, ['--negotiate', '-u', ':', '--connect-to', `wrong.test:${port}:127.0.0.1:${port}`, '-H', `Host: 127.0.0.1:${port}`, `http://wrong.test:${port}/api/v1/user`]);
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.message, 'invalid Negotiate token');
    const forged = await h.api('GET', '/user', { headers: { Authorization: `Negotiate ${Buffer.from('not a token').toString('base64')}` } });
    assert.equal(forged.status, 401);
    assert.match(forged.headers.get('www-authenticate') ?? '', /Negotiate/);
  });

  test('the source decides: no creation, no activation, domain names kept with the separator', async () => {
    let res = await own(h, 'PATCH', `/admin/auth-sources/${sourceId}`, { auth: ADMIN_AUTH, body: { auto_create_users: false } });
    assert.equal(res.status, 200, res.text);
    const bob = await negotiate(client('bob', 'bob-krb-pw-1'), '/api/v1/user');
    assert.equal(bob.status, 401);
    assert.match(bob.body.message, /user bob does not exist/);
    res = await own(h, 'PATCH', `/admin/auth-sources/${sourceId}`, { auth: ADMIN_AUTH, body: { auto_create_users: true, auto_activate_users: false } });
    assert.equal(res.status, 200, res.text);
    const carol = await negotiate(client('carol', 'carol-krb-pw-1'), '/api/v1/user');
    assert.equal(carol.status, 403);
    assert.equal(carol.body.message, 'This account is not activated.');
    res = await own(h, 'PATCH', `/admin/auth-sources/${sourceId}`, { auth: ADMIN_AUTH, body: { auto_activate_users: true, strip_domain_names: false, separator_replacement: '.' } });
    assert.equal(res.status, 200, res.text);
    const full = await negotiate(client('bob', 'bob-krb-pw-1'), '/api/v1/user');
    assert.equal(full.status, 200, JSON.stringify(full.body));
    assert.equal(full.body.login, `bob.${kdc.realm}`);
    await own(h, 'PATCH', `/admin/auth-sources/${sourceId}`, { auth: ADMIN_AUTH, body: { strip_domain_names: true, separator_replacement: '_' } });
  });

  test('a local user with two-factor signs in with a ticket without a code, as Gitea\'s SSPI does', async () => {
    await makeUser(h, 'dave');
    const session = await signIn(h, 'dave', 'dave-password-1');
    const start = await own(h, 'POST', '/user/two-factor/enrolment', { auth: session });
    await awayFromStepEdge();
    assert.equal((await own(h, 'POST', '/user/two-factor/confirm', { auth: session, body: { code: codeAt(start.body.secret, 0) } })).status, 200);
    assert.equal((await h.api('GET', '/user', { auth: ['dave', 'dave-password-1'] })).status, 401);
    const me = await negotiate(client('dave', 'dave-krb-pw-1'), '/api/v1/user');
    assert.equal(me.status, 200, JSON.stringify(me.body));
    assert.equal(me.body.login, 'dave');
  });

  test('a turned-off source stops Negotiate at once', async () => {
    assert.equal((await own(h, 'PATCH', `/admin/auth-sources/${sourceId}`, { auth: ADMIN_AUTH, body: { active: false } })).status, 200);
    const off = await negotiate(client('alice', 'alice-krb-pw-1'), '/api/v1/user');
    assert.equal(off.status, 401);
    assert.ok(!header(off, 'www-authenticate').join(',').includes('Negotiate'));
  });
});
