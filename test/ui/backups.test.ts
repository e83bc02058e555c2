/** UI: the admin Backups page starts a backup with sealed secrets, shows its result and lists the archive; the dashboard shows the last result. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { startHost, type TestHost } from '../helpers/host.ts';
import { ensureRenderer, field, launchBrowser, screenshot, signedIn } from '../helpers/browser.ts';

describe('UI backups', () => {
  let h: TestHost;
  let browser: Browser;
  before(async () => {
    ensureRenderer();
    h = await startHost();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await h?.stop();
  });

  test('a backup started on the page finishes, is listed, and the dashboard says so', async () => {
    const { page, errors } = await signedIn(browser, h);
    await page.goto('/-/admin/backups');
    await page.getByText('No backup has been made yet.').waitFor();
    await field(page, 'Include secrets').check();
    await field(page, 'Passphrase').fill('a long passphrase');
    await page.getByRole('button', { name: 'Start backup' }).click();
    await page.getByText(/^Last backup /).waitFor({ timeout: 30_000 });
    await page.locator('.plain-list').getByRole('button', { name: /^homeforge-backup-/ }).waitFor();
    await screenshot(page, 'admin-backups');
    assert.equal(h.app.backups.running, null);
    await page.goto('/');
    await page.getByText(/Backups: last /).waitFor();
    assert.deepEqual(errors, []);
  });
});
