/**
 * UI: an owner's package list (filtered by type) leads to a package page with its versions, files and checksums,
 * and install instructions: the `.npmrc` line and `npm install` for npm, a curl command for a generic file.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createToken, request, ADMIN } from '../helpers/host.ts';
import { screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

/** The publish document `npm publish` sends, for a small tarball. */
function npmDoc(name: string, version: string): Record<string, unknown> {
  const data = Buffer.from(`tarball of ${name}@${version}`);
  const integrity = `sha512-${createHash('sha512').update(data).digest('base64')}`;
  const file = `${name.split('/').pop()}-${version}.tgz`;
  return {
    _id: name, name, 'dist-tags': { latest: version },
    versions: { [version]: { name, version, description: 'a UI test package', dist: { integrity, shasum: createHash('sha1').update(data).digest('hex') } } },
    _attachments: { [file]: { content_type: 'application/octet-stream', data: data.toString('base64'), length: data.length } },
  };
}

describe('UI packages', () => {
  const ui = uiFixture();
  let token: string;
  before(async () => {
    token = await createToken(ui.h, ADMIN.username, ADMIN.password);
    for (const v of ['1.0.0', '1.1.0']) {
      const res = await request(ui.h.url, 'PUT', `/api/packages/${ADMIN.username}/npm/${encodeURIComponent('@ui/widget')}`, { auth: token, body: npmDoc('@ui/widget', v) });
      assert.equal(res.status, 201, res.text);
    }
    const up = await request(ui.h.url, 'PUT', `/api/packages/${ADMIN.username}/generic/firmware/2.0/image.bin`, { auth: token, rawBody: 'firmware image' });
    assert.equal(up.status, 201, up.text);
  });

  test('the list, a filtered list, an npm package page and a generic package page', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto(`/${ADMIN.username}`);
    await page.getByRole('link', { name: 'Packages' }).click();
    const list = page.getByRole('list', { name: `Packages of ${ADMIN.username}` });
    await list.getByRole('link', { name: 'firmware' }).waitFor();
    assert.equal(await list.getByRole('listitem').count(), 3);
    await page.getByLabel('Type').selectOption('npm');
    await page.waitForFunction(() => document.querySelectorAll('.repo-row').length === 2);
    await screenshot(page, 'packages-list');

    await list.getByRole('link', { name: '@ui/widget' }).first().click();
    await page.getByRole('heading', { name: 'Installation' }).waitFor();
    const text = await page.locator('main').innerText();
    assert.match(text, /@ui:registry=http:\/\/[^/]+\/api\/packages\/root\/npm\//);
    assert.match(text, /npm install @ui\/widget@1\.1\.0/);
    assert.match(text, /widget-1\.1\.0\.tgz/);
    await page.getByRole('list', { name: 'Versions of @ui/widget' }).getByRole('link', { name: '1.0.0' }).click();
    await page.getByText('npm install @ui/widget@1.0.0').waitFor();
    await screenshot(page, 'package-npm');

    await page.goto(`/${ADMIN.username}/-/packages/generic/firmware/2.0`);
    await page.getByText(/curl -OJ http:\/\/[^ ]+\/api\/packages\/root\/generic\/firmware\/2\.0\/image\.bin/).waitFor();
    await page.getByText(createHash('sha256').update('firmware image').digest('hex')).waitFor();
    await screenshot(page, 'package-generic');

    await page.goto(`/${ADMIN.username}/-/packages/generic/no-such/1`);
    await page.getByText('There is no package no-such 1 of root that you can see.').waitFor();
    assert.deepEqual(errors, []);
  });

  test('deleting a version goes to another version; deleting the last goes to the list', async () => {
    for (const v of ['3.0', '3.1']) {
      const up = await request(ui.h.url, 'PUT', `/api/packages/${ADMIN.username}/generic/tool/${v}/tool.bin`, { auth: token, rawBody: `tool ${v}` });
      assert.equal(up.status, 201, up.text);
    }
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto(`/${ADMIN.username}/-/packages/generic/tool/3.1`);
    await page.getByRole('button', { name: 'Delete tool 3.1' }).click();
    await page.getByRole('button', { name: 'Delete version' }).click();
    await page.waitForURL(/\/-\/packages\/generic\/tool\/3\.0$/);
    await page.getByText('curl -OJ', { exact: false }).first().waitFor();
    const left = await request(ui.h.url, 'GET', `/api/v1/packages/${ADMIN.username}/generic/tool`, { auth: token });
    assert.deepEqual((left.body as { version: string }[]).map((v) => v.version), ['3.0']);
    await page.getByRole('button', { name: 'Delete tool 3.0' }).click();
    await page.getByRole('button', { name: 'Delete version' }).click();
    await page.waitForURL(/\/-\/packages$/);
    assert.equal((await request(ui.h.url, 'GET', `/api/v1/packages/${ADMIN.username}/generic/tool`, { auth: token })).status, 404);
    assert.deepEqual(errors, []);
  });
});
