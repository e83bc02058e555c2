/** `npm run admin -- auth add-sspi / update-sspi`: Gitea's SSPI source from the command line, then seen by the host. */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHost } from '../helpers/host.ts';
import { own } from './helpers.ts';
import { ADMIN_AUTH } from '../accounts/helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function admin(...args: string[]): { status: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/admin-cli.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('npm run admin -- auth add-sspi', () => {
  let dataDir: string;
  before(async () => { dataDir = await mkdtemp(path.join(tmpdir(), 'homeforge-cli-sspi-')); });
  after(async () => { await rm(dataDir, { recursive: true, force: true }); });

  test('add, refuse bad values and a second source, update, list; the host serves it', async () => {
    assert.match(admin('auth', 'add-sspi', '--data', dataDir).stderr, /--name is not set/);
    const badBool = admin('auth', 'add-sspi', '--data', dataDir, '--name', 'domain', '--auto-create-users', 'yes');
    assert.equal(badBool.status, 1);
    assert.match(badBool.stderr, /--auto-create-users must be true or false/);
    const badLang = admin('auth', 'add-sspi', '--data', dataDir, '--name', 'domain', '--default-language', 'english');
    assert.equal(badLang.status, 1);
    assert.match(badLang.stderr, /default_language/);
    const added = admin('auth', 'add-sspi', '--data', dataDir, '--name', 'domain', '--strip-domain-names', 'false', '--separator-replacement', '.', '--default-language', 'de-DE');
    assert.equal(added.status, 0, added.stderr);
    assert.match(added.stdout, /'domain' \(id 1, SPNEGO with SSPI\) has been added/);
    const second = admin('auth', 'add-sspi', '--data', dataDir, '--name', 'other');
    assert.equal(second.status, 1);
    assert.match(second.stderr, /already exists/);
    assert.equal(admin('auth', 'update-sspi', '--data', dataDir, '--id', '1', '--auto-activate-users', 'false').status, 0);
    const ldapFlag = admin('auth', 'update-sspi', '--data', dataDir, '--id', '1', '--host', 'x');
    assert.equal(ldapFlag.status, 1);
    assert.match(ldapFlag.stderr, /host belongs to LDAP sources/);
    assert.match(admin('auth', 'update-ldap', '--data', dataDir, '--id', '1', '--host', 'x').stderr, /Invalid authentication type/);
    assert.match(admin('auth', 'list', '--data', dataDir).stdout, /^1\s+domain\s+SPNEGO with SSPI\s+true$/m);

    const h = await startHost({ dataDir, keepData: true });
    try {
      const res = await own(h, 'GET', '/admin/auth-sources/1', { auth: ADMIN_AUTH });
      assert.equal(res.status, 200);
      assert.deepEqual(
        [res.body.auto_create_users, res.body.auto_activate_users, res.body.strip_domain_names, res.body.separator_replacement, res.body.default_language],
        [true, false, false, '.', 'de-DE'],
      );
    } finally {
      await h.close();
    }
  });
});
