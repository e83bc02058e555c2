/** UI: a host with no user opens on the first-run page, which creates the admin and lands on the dashboard. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request, startHost } from '../helpers/host.ts';
import { errorBeside, field, openPage, screenshot, uiFixture } from '../helpers/browser.ts';

describe('UI first run', () => {
  const ui = uiFixture({ env: { HOMEFORGE_ADMIN_USER: '' } });

  test('creates the administrator, signs in, survives a reload and signs out', async () => {
    const { page, errors } = await openPage(ui.browser, ui.h.url);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome to Homeforge' }).waitFor();
    await screenshot(page, 'first-run');

    // Every problem shows at once, beside its field, even while the two passwords differ.
    await field(page, 'Administrator user name').fill('bad name!');
    await field(page, 'Email address').fill('not-an-address');
    await field(page, 'Password').fill('short');
    await field(page, 'Repeat the password').fill('shorter');
    await page.getByRole('button', { name: 'Create administrator and sign in' }).click();
    assert.match(await errorBeside(field(page, 'Administrator user name')), /may only contain letters/);
    assert.equal(await errorBeside(field(page, 'Email address')), 'Enter an email address.');
    assert.equal(await errorBeside(field(page, 'Password')), 'Use at least 8 characters.');
    assert.match(await errorBeside(field(page, 'Repeat the password')), /passwords differ/);

    await field(page, 'Administrator user name').fill('owner');
    await field(page, 'Email address').fill('owner@example.com');
    await field(page, 'Password').fill('a-long-password');
    await field(page, 'Repeat the password').fill('another-password');
    await page.getByRole('button', { name: 'Create administrator and sign in' }).click();
    assert.match(await page.getByRole('alert').first().innerText(), /passwords differ/);
    assert.equal((await request(ui.h.url, 'GET', '/api/homeforge/setup')).body.needs_admin, true);

    await field(page, 'Repeat the password').fill('a-long-password');
    await page.getByRole('button', { name: 'Create administrator and sign in' }).click();
    await page.getByRole('heading', { name: 'Repositories', level: 1 }).waitFor();
    assert.match(await page.getByRole('banner').innerText(), /Signed in as\s+owner/);
    await page.getByRole('heading', { name: 'No repositories yet' }).waitFor();
    // The empty state sits in the main column, beside the activity column rather than above it.
    const empty = await page.locator('.empty-state').boundingBox();
    const side = await page.getByRole('complementary', { name: 'Activity' }).boundingBox();
    assert.ok(empty && side && side.y < empty.y + empty.height && side.x > empty.x + empty.width, 'the activity column starts beside the empty state');
    await screenshot(page, 'dashboard-empty');

    const setup = await request(ui.h.url, 'GET', '/api/homeforge/setup');
    assert.equal(setup.body.needs_admin, false);
    const admin = await ui.h.api('GET', '/user', { auth: ['owner', 'a-long-password'] });
    assert.equal(admin.body.is_admin, true);

    await page.reload();
    await page.getByRole('heading', { name: 'Repositories', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.match(await page.getByRole('status').first().innerText(), /signed out/);
    assert.deepEqual(errors, []);
  });

  test('the first-run form shows a refused name next to the field', async () => {
    const h2 = await startHost({ env: { HOMEFORGE_ADMIN_USER: '' } });
    try {
      const { page } = await openPage(ui.browser, h2.url);
      await page.goto('/');
      await field(page, 'Administrator user name').fill('bad name!');
      await field(page, 'Email address').fill('x@example.com');
      await field(page, 'Password').fill('a-long-password');
      await field(page, 'Repeat the password').fill('a-long-password');
      await page.getByRole('button', { name: 'Create administrator and sign in' }).click();
      const alert = page.getByRole('alert').first();
      await alert.waitFor();
      assert.ok((await alert.innerText()).length > 0);
      assert.equal(await field(page, 'Administrator user name').getAttribute('aria-invalid'), 'true');
      assert.equal((await request(h2.url, 'GET', '/api/homeforge/setup')).body.needs_admin, true);
      await screenshot(page, 'first-run-error');
    } finally {
      await h2.stop();
    }
  });
});
