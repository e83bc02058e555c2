/**
 * Windows sign-in in the UI: a browser that answers the Negotiate challenge with alice's Kerberos ticket signs in
 * on arrival; a browser that does not answer gets the password form, with
 * an offer to try again. The admin page adds the source and shows it.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { startHost, type TestHost } from '../helpers/host.ts';
import { startKdc, type Kdc } from '../helpers/kdc.ts';
import { ensureRenderer, field, launchBrowser, openPage, screenshot, signedIn } from '../helpers/browser.ts';

interface KerberosClientModule { initializeClient(service: string): Promise<{ step(challenge: string): Promise<string> }> }
const KERBEROS = 'kerberos';

/** The first token of a client context for the host's service, from the ticket cache in KRB5CCNAME. */
async function kerberosToken(): Promise<string> {
  const mod = (await import(KERBEROS)) as { default?: KerberosClientModule } & KerberosClientModule;
  const client = await (mod.default ?? mod).initializeClient('HTTP@127.0.0.1');
  return client.step('');
}

describe('UI: Windows sign-in (Negotiate)', () => {
  let kdc: Kdc;
  let h: TestHost;
  let browser: Browser;
  const saved: Record<string, string | undefined> = {};

  before(async () => {
    ensureRenderer();
    kdc = await startKdc();
    kdc.addPrincipal('alice', 'alice-krb-pw-1');
    kdc.addPrincipal('HTTP/127.0.0.1', null);
    const keytab = kdc.keytab('http.keytab', 'HTTP/127.0.0.1');
    for (const [k, v] of Object.entries({ KRB5_CONFIG: kdc.env.KRB5_CONFIG!, KRB5_KTNAME: `FILE:${keytab}`, KRB5RCACHEDIR: kdc.dir })) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    h = await startHost();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await h?.stop();
    await kdc?.stop();
    for (const [k, v] of Object.entries(saved)) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
  });

  test('an admin adds Windows sign-in on the login sources page', async () => {
    const { page, errors } = await signedIn(browser, h);
    await page.goto('/-/admin/auth-sources');
    await page.getByRole('heading', { name: 'Add Windows sign-in (SPNEGO with SSPI)' }).waitFor();
    await field(page, 'Source name').fill('domain');
    await field(page, 'Default language').fill('en-US');
    await page.getByRole('button', { name: 'Add Windows sign-in' }).click();
    await page.getByText('Added the source domain.').waitFor();
    await page.getByRole('cell', { name: 'Negotiate (Kerberos)' }).waitFor();
    // One SSPI source at most: its form is gone.
    assert.equal(await page.getByRole('heading', { name: 'Add Windows sign-in (SPNEGO with SSPI)' }).count(), 0);
    await screenshot(page, 'negotiate-admin-source');
    assert.deepEqual(errors, []);
  });

  test('a browser that answers the Negotiate challenge with a ticket is signed in on arrival', async () => {
    // Headless Chromium here answers no Negotiate challenge (no domain policy for the loopback host), so the test
    // answers it as a browser on the domain would: a fresh token from alice's ticket, on the sign-in request only.
    process.env.KRB5CCNAME = kdc.kinit('alice', 'alice-krb-pw-1', 'cc-browser');
    const { page, errors } = await openPage(browser, h.url);
    let answered = 0;
    await page.route('**/api/homeforge/auth/negotiate', async (route) => {
      const first = await route.fetch();
      if (first.status() !== 401 || !/Negotiate/.test(first.headers()['www-authenticate'] ?? '')) return route.fulfill({ response: first });
      answered++;
      await route.continue({ headers: { ...route.request().headers(), authorization: `Negotiate ${await kerberosToken()}` } });
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Repositories', level: 1 }).waitFor();
    assert.equal(answered, 1);
    await page.getByText('alice').first().waitFor();
    await screenshot(page, 'negotiate-signed-in');
    assert.deepEqual(errors, []);
    delete process.env.KRB5CCNAME;
  });

  test('a browser that does not answer gets the password form and an offer to try again', async () => {
    const { page, errors } = await openPage(browser, h.url);
    await page.goto('/');
    await page.getByTestId('negotiate-offer').waitFor();
    await screenshot(page, 'negotiate-fallback');
    await field(page, 'User name or email').fill('root');
    await field(page, 'Password').fill('root-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Repositories', level: 1 }).waitFor();
    assert.deepEqual(errors, []);
  });
});
