import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost } from '../helpers/host.ts';
import { startSlapd, LDAP_ADMIN_FILTER, LDAP_PEOPLE, LDAP_READER, LDAP_USERS, type Slapd } from '../helpers/slapd.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `npm run admin -- ...` the way npm does, without npm's own output. */
function admin(...args: string[]): { status: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/admin-cli.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('npm run admin -- auth ... (LDAP sources from the command line)', () => {
  let ldap: Slapd;
  let dataDir: string;
  before(async () => {
    ldap = await startSlapd();
    dataDir = await mkdtemp(path.join(tmpdir(), 'homeforge-cli-'));
  });
  after(async () => {
    await ldap?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('add-ldap with Gitea\'s flags, list, then a directory user signs in over HTTP; delete refuses a source in use', async () => {
    const missing = admin('auth', 'add-ldap', '--data', dataDir, '--name', 'corp');
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /--security-protocol.*--host.*is not set|are not set/);
    const added = admin(
      'auth', 'add-ldap', '--data', dataDir, '--name', 'corp', '--security-protocol', 'unencrypted', '--host', ldap.host,
      '--port', String(ldap.port), '--user-search-base', LDAP_PEOPLE, '--user-filter', '(uid=%s)', '--admin-filter', LDAP_ADMIN_FILTER,
      '--username-attribute', 'uid', '--firstname-attribute', 'givenName', '--surname-attribute', 'sn', '--email-attribute', 'mail',
      '--bind-dn', LDAP_READER.dn, '--bind-password', LDAP_READER.password,
    );
    assert.equal(added.status, 0, added.stderr);
    assert.match(added.stdout, /'corp' \(id 1, LDAP \(via BindDN\)\) has been added/);
    assert.ok(!added.stdout.includes(LDAP_READER.password));
    const simple = admin(
      'auth', 'add-ldap-simple', '--data', dataDir, '--name', 'corp-simple', '--security-protocol', 'LDAPS', '--host', 'ldap.invalid',
      '--port', '636', '--user-dn', `uid=%s,${LDAP_PEOPLE}`, '--user-filter', '(uid=%s)', '--email-attribute', 'mail', '--not-active',
    );
    assert.equal(simple.status, 0, simple.stderr);
    const list = admin('auth', 'list', '--data', dataDir);
    assert.equal(list.status, 0, list.stderr);
    assert.match(list.stdout, /^ID\s+Name\s+Type\s+Enabled$/m);
    assert.match(list.stdout, /^1\s+corp\s+LDAP \(via BindDN\)\s+true$/m);
    assert.match(list.stdout, /^2\s+corp-simple\s+LDAP \(simple auth\)\s+false$/m);
    const wrongKind = admin('auth', 'update-ldap', '--data', dataDir, '--id', '2', '--host', 'x');
    assert.equal(wrongKind.status, 1);
    assert.match(wrongKind.stderr, /Invalid authentication type/);

    const h = await startHost({ dataDir, keepData: true });
    try {
      const res = await h.api('GET', '/user', { auth: ['alice', LDAP_USERS.alice.password] });
      assert.equal(res.status, 200);
      assert.equal(res.body.login, 'alice');
      assert.equal(res.body.is_admin, true);
      assert.equal(res.body.source_id, 1);
    } finally {
      await h.close();
    }
    const inUse = admin('auth', 'delete', '--data', dataDir, '--id', '1');
    assert.equal(inUse.status, 1);
    assert.match(inUse.stderr, /still used by some users/);
    assert.equal(admin('auth', 'delete', '--data', dataDir, '--id', '2').status, 0);
    assert.doesNotMatch(admin('auth', 'list', '--data', dataDir).stdout, /corp-simple/);
    assert.equal(admin('auth', 'delete', '--data', dataDir, '--id', 'x').status, 1);
  });
});
