/** UI: problems show as sentences (no validator or internal text), and the browser checks required fields first. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ADMIN } from '../helpers/host.ts';
import { field, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

/** Text that would mean a validator's or the store's own words reached the page. */
const INTERNAL = /Too big|expected string|GetRepositoryByName|Object does not exist|rel_path|\[id:|\[Name\]/;

async function mainText(page: Page): Promise<string> {
  return page.locator('main').innerText();
}

describe('UI errors in words', () => {
  const ui = uiFixture();
  before(async () => {
    const res = await ui.h.api('POST', '/user/repos', { auth: [ADMIN.username, ADMIN.password], body: { name: 'words', auto_init: true, readme: 'Default' } });
    assert.equal(res.status, 201);
  });

  test('the new-repository form: the browser asks for the name first; a too-long name is refused in words', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/repo/create');
    const name = field(page, 'Repository name');
    await name.waitFor();
    assert.equal(await name.getAttribute('required'), '');
    assert.equal(await name.getAttribute('maxlength'), '100');

    await page.getByRole('button', { name: 'Create repository' }).click();
    const why = await name.evaluate((el) => (el as HTMLInputElement).validationMessage);
    assert.ok(why.length > 0, 'the browser says why the field is not filled in');
    assert.equal(await name.evaluate((el) => (el as HTMLInputElement).validity.valueMissing), true);
    assert.match(page.url(), /\/repo\/create$/, 'the form was not sent');
    await screenshot(page, 'errors-required');

    // Past the browser's own length check (as an old browser would be), the schema's check answers in words.
    await name.evaluate((el) => el.removeAttribute('maxlength'));
    await name.fill('x'.repeat(101));
    await page.getByRole('button', { name: 'Create repository' }).click();
    await page.getByText('Use at most 100 characters.').waitFor();
    assert.equal(await name.getAttribute('aria-invalid'), 'true');
    assert.doesNotMatch(await mainText(page), INTERNAL);
    await screenshot(page, 'errors-name-too-long');
    // The host's own answer to that name (what a client without the form's check gets) is in words too.
    const refused = await ui.h.api('POST', '/user/repos', { auth: [ADMIN.username, ADMIN.password], body: { name: 'x'.repeat(101) } });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.message, 'name must be at most 100 characters.');
    assert.doesNotMatch(refused.body.message, INTERNAL);
    assert.deepEqual(refused.body.errors, [{ field: 'name', code: 'too_long', max: 100, message: 'name must be at most 100 characters' }]);
    assert.deepEqual(errors, []);
  });

  test('a repository address that does not exist, a file that does not exist and a missing user show sentences', async () => {
    const { page } = await signedIn(ui.browser, ui.h);
    await page.goto('/nobody/nothing');
    await page.getByText(/does not exist|no repository|not find|cannot find/i).first().waitFor();
    const repoText = await mainText(page);
    assert.doesNotMatch(repoText, INTERNAL);
    assert.match(repoText, /nobody\/nothing|nobody/);
    await screenshot(page, 'errors-no-repository');

    await page.goto('/root/words/src/branch/main/nope');
    await page.getByText(/does not exist|no file|not find|cannot find/i).first().waitFor();
    const fileText = await mainText(page);
    assert.doesNotMatch(fileText, INTERNAL);
    assert.match(fileText, /nope/);
    await screenshot(page, 'errors-no-file');

    await page.goto('/nobody');
    await page.getByText(/no user or organization|does not exist/i).first().waitFor();
    assert.doesNotMatch(await mainText(page), INTERNAL);
    await screenshot(page, 'errors-no-owner');
  });
});
