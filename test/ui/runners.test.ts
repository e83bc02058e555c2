/** UI: runners pages show the registration token, reset it, list a registered runner and delete it; the built-in runner switch. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken, request } from '../helpers/host.ts';
import { screenshot, signedInAt, uiFixture } from '../helpers/browser.ts';
import { registerRunner } from '../helpers/runner-client.ts';
import { until } from '../helpers/until.ts';

describe('UI runners', () => {
  const ui = uiFixture();

  test('repository runners: token, reset, a runner listed and deleted', async () => {
    const root = await createToken(ui.h, ADMIN.username, ADMIN.password);
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: root, body: { name: 'uirun' } })).status, 201);
    const { page, errors } = await signedInAt(ui.browser, ui.h, '/root/uirun/settings/actions/runners');
    page.on('dialog', (d) => void d.accept());
    await page.getByText('No runner is registered here yet.').waitFor();
    await page.getByRole('button', { name: 'Show registration token' }).click();
    const token = (await page.getByTestId('registration-token').textContent())!;
    assert.match(token, /^[A-Za-z0-9]{40}$/);
    await page.getByRole('button', { name: 'Reset registration token' }).click();
    await page.getByTestId('registration-token').filter({ hasNotText: token }).waitFor();
    const fresh = (await page.getByTestId('registration-token').textContent())!;
    await assert.rejects(registerRunner(ui.h.url, token), /invalidated/);
    await registerRunner(ui.h.url, fresh, { name: 'ui-runner', labels: ['ubuntu-latest:host'], version: 'v0.2.11' });
    await page.reload();
    const row = page.getByTestId('runner-row').filter({ hasText: 'ui-runner' });
    await row.waitFor();
    assert.match((await row.textContent())!, /idle.*v0\.2\.11.*ubuntu-latest:host/);
    await screenshot(page, 'repo-runners');
    await page.getByRole('button', { name: 'Delete runner ui-runner' }).click();
    await page.getByText('No runner is registered here yet.').waitFor();
    assert.deepEqual(errors, []);
  });

  test('site runners: the built-in runner switch turns it on and off', { timeout: 120_000 }, async () => {
    const { page, errors } = await signedInAt(ui.browser, ui.h, '/-/admin/actions/runners');
    await page.getByText('Off.').waitFor();
    await page.getByLabel('Run jobs with the built-in runner').click();
    await page.getByText(/Starting…|Running/).waitFor();
    // The runner starts in the background: once the host reports it running, the page shows it.
    const running = async () => ((await request(ui.h.url, 'GET', '/api/homeforge/admin/actions/builtin-runner', { auth: [ADMIN.username, ADMIN.password] })).body?.running === true ? true : undefined);
    await until(running, 'the built-in runner to run', 60_000);
    await page.reload();
    await page.getByText(/^Running \(runner #\d+\)/).waitFor();
    await page.getByTestId('runner-row').filter({ hasText: 'homeforge-builtin' }).waitFor();
    await screenshot(page, 'admin-runners');
    await page.getByLabel('Run jobs with the built-in runner').click();
    await page.getByText('Off.').waitFor();
    assert.equal(ui.h.app.settings.bool('actions.BUILTIN_RUNNER'), false);
    assert.deepEqual(errors, []);
  });
});
