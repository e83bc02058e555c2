/** UI: the admin Backups page starts a backup with sealed secrets, shows its result and lists the archive; the dashboard shows the last result. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { field, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

describe('UI backups', () => {
  const ui = uiFixture();

  test('a backup started on the page finishes, is listed, and the dashboard says so', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/-/admin/backups');
    await page.getByText('No backup has been made yet.').waitFor();
    await field(page, 'Include secrets').check();
    await field(page, 'Passphrase').fill('a long passphrase');
    await page.getByRole('button', { name: 'Start backup' }).click();
    await page.getByText(/^Last backup /).waitFor({ timeout: 30_000 });
    // A small archive's size in a unit that shows it, not "0.0 MiB".
    assert.match(await page.getByText(/^Last backup /).innerText(), /, \d+(\.\d)? (B|KiB|MiB), in /);
    assert.doesNotMatch(await page.getByText(/^Last backup /).innerText(), /\b0\.0 MiB/);
    await page.locator('.plain-list').getByRole('button', { name: /^homeforge-backup-/ }).waitFor();
    await screenshot(page, 'admin-backups');
    assert.equal(ui.h.app.backups.running, null);
    await page.goto('/');
    await page.getByText(/Backups: last /).waitFor();
    assert.deepEqual(errors, []);
  });
});
