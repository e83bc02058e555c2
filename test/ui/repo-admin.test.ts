/** UI: a repository renamed and transferred to an organization from its settings, checked through the API. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { ADMIN, createToken, startHost, type TestHost } from '../helpers/host.ts';
import { ensureRenderer, field, launchBrowser, screenshot, signedIn } from '../helpers/browser.ts';

describe('UI repository administration', () => {
  let h: TestHost;
  let browser: Browser;
  let token: string;
  before(async () => {
    ensureRenderer();
    h = await startHost();
    browser = await launchBrowser();
    token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'old-name', auto_init: true } })).status, 201);
    assert.equal((await h.api('POST', '/orgs', { auth: token, body: { username: 'acme' } })).status, 201);
  });
  after(async () => {
    await browser?.close();
    await h?.stop();
  });

  test('renames a repository, then transfers it to an organization', async () => {
    const { page, errors } = await signedIn(browser, h);
    await page.goto(`/${ADMIN.username}/old-name/settings`);
    await field(page, 'Repository name').fill('new-name');
    await page.getByRole('button', { name: 'Rename repository' }).click();
    await page.waitForURL(`**/${ADMIN.username}/new-name/settings`);
    assert.equal((await h.api('GET', `/repos/${ADMIN.username}/new-name`, { auth: token })).status, 200);
    await field(page, 'New owner').fill('acme');
    await screenshot(page, 'repo-transfer');
    await page.getByRole('button', { name: 'Transfer repository' }).click();
    await page.waitForURL('**/acme/new-name/settings');
    const moved = await h.api('GET', '/repos/acme/new-name', { auth: token });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.owner.login, 'acme');
    assert.deepEqual(errors, []);
  });
});
