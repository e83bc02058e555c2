/**
 * Negotiate where the kerberos binding cannot load (no GSSAPI library, or the optional package not installed):
 * the host starts, says the method is unavailable, and refuses Negotiate without offering it. Plus the loader on
 * its own, and the principal-to-name rules of Gitea's SSPI source.
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHost } from '../helpers/host.ts';
import { createLogger } from '../../server/lib/log.ts';
import { own } from './helpers.ts';
import { ADMIN_AUTH } from '../accounts/helpers.ts';
import { loadKerberos } from '../../server/services/auth/kerberos-binding.ts';
import { principalToUsername, SSPI_DEFAULTS } from '../../server/services/auth/sspi-source.ts';

const MISSING = 'homeforge-no-such-kerberos-binding';

describe('Negotiate without a usable kerberos binding', () => {
  test('the loader reports why instead of throwing; the installed binding loads', async () => {
    const missing = await loadKerberos(() => import(MISSING));
    assert.equal(missing.ok, false);
    assert.match(!missing.ok ? missing.reason : '', /homeforge-no-such-kerberos-binding/);
    const broken = await loadKerberos(async () => ({ initializeServer: () => { throw new Error('libgssapi_krb5.so.2: cannot open shared object file'); } }));
    assert.deepEqual(broken, { ok: false, reason: 'libgssapi_krb5.so.2: cannot open shared object file' });
    const windows = await loadKerberos(async () => ({ default: { initializeServer: () => Promise.reject(new Error('`initializeServer` is not implemented yet for windows')) } }));
    assert.equal(windows.ok, false);
    // On this machine the optional dependency is built from source against libkrb5-dev: it must load.
    const real = await loadKerberos();
    assert.equal(real.ok, true, !real.ok ? real.reason : '');
  });

  test('the host starts, logs that the method is unavailable, and refuses Negotiate without offering it', async () => {
    const lines: string[] = [];
    const dataDir = await mkdtemp(path.join(tmpdir(), 'homeforge-negotiate-'));
    const env = { HOMEFORGE_KERBEROS_MODULE: MISSING };
    let h = await startHost({ dataDir, keepData: true, env, logger: createLogger('Info', (l) => lines.push(l)) });
    try {
      const made = await own(h, 'POST', '/admin/auth-sources', { auth: ADMIN_AUTH, body: { type: 'sspi', name: 'domain' } });
      assert.equal(made.status, 201, made.text);
      assert.equal(made.body.available, false);
      assert.match(made.body.unavailable_reason, /homeforge-no-such-kerberos-binding/);
      assert.ok(lines.some((l) => l.includes('[WARN] Negotiate (SSPI) sign-in is unavailable')), lines.join('\n'));
      await h.stop();
      // A restart with the source on: the host still starts and says so again.
      lines.length = 0;
      h = await startHost({ dataDir, env, logger: createLogger('Info', (l) => lines.push(l)) });
      assert.ok(lines.some((l) => l.includes('[WARN] Negotiate (SSPI) sign-in is unavailable')), lines.join('\n'));
      const anon = await h.api('GET', '/user');
      assert.equal(anon.status, 401);
      assert.equal(anon.headers.get('www-authenticate'), null);
      const tried = await h.api('GET', '/user', { headers: { Authorization: 'Negotiate YIIBxgYGKwYBBQUCoIIBujCCAbY=' } });
      assert.equal(tried.status, 401);
      assert.equal(tried.body.message, 'Negotiate authentication is unavailable on this host');
      const ui = await own(h, 'GET', '/auth/negotiate');
      assert.equal(ui.status, 503);
      assert.match(ui.body.message, /^Negotiate sign-in is unavailable on this host: /);
      // Everything else works as before.
      assert.equal((await h.api('GET', '/user', { auth: ADMIN_AUTH })).status, 200);
    } finally {
      await h.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('principals become user names as Gitea\'s sanitizeUsername does', () => {
    assert.equal(principalToUsername('alice@CORP.EXAMPLE', SSPI_DEFAULTS), 'alice');
    assert.equal(principalToUsername('CORP\\alice', SSPI_DEFAULTS), 'alice');
    const keep = { ...SSPI_DEFAULTS, strip_domain_names: false };
    assert.equal(principalToUsername('alice@CORP.EXAMPLE', keep), 'alice_CORP.EXAMPLE');
    assert.equal(principalToUsername('CORP\\alice', { ...keep, separator_replacement: '-' }), 'CORP-alice');
    // Separators left after stripping are replaced too: "MICROSOFT\useremail@live.com".
    assert.equal(principalToUsername('MICROSOFT\\useremail@live.com', SSPI_DEFAULTS), 'useremail_live.com');
    assert.equal(principalToUsername('host/build.example@CORP', keep), 'host_build.example_CORP');
  });
});
