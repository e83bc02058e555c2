/** UI: images in a private repository's README show for a signed-in viewer; the files stay closed to anonymous requests. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken } from '../helpers/host.ts';
import { openPage, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

/** A 3×2 red PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEElEQVR4nGP4z8AAQQxwFgBB0gX7h/C5SAAAAABJRU5ErkJggg==';

describe('UI private README images', () => {
  const ui = uiFixture();
  let token: string;
  before(async () => {
    token = await createToken(ui.h, ADMIN.username, ADMIN.password);
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: token, body: { name: 'secret', private: true } })).status, 201);
    const files = [
      { operation: 'create', path: 'README.md', content: Buffer.from('# Secret\n\n![the logo](docs/logo.png)\n\n<img src="docs/logo.png" alt="the logo as html" width="30">\n').toString('base64') },
      { operation: 'create', path: 'docs/logo.png', content: PNG },
    ];
    const res = await ui.h.api('POST', `/repos/${ADMIN.username}/secret/contents`, { auth: token, body: { files, message: 'readme with a logo' } });
    assert.equal(res.status, 201, res.text);
  });

  test('the README images load through the signed-in session; anonymous requests get nothing', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto(`/${ADMIN.username}/secret`);
    for (const name of ['the logo', 'the logo as html']) {
      const img = page.getByRole('img', { name, exact: true });
      await img.waitFor();
      await page.waitForFunction((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0, await img.elementHandle(), { timeout: 10_000 });
      assert.deepEqual(await img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight, el.src.startsWith('blob:')]), [3, 2, true]);
    }
    await screenshot(page, 'private-readme-images');
    assert.deepEqual(errors, []);

    // The file itself stays closed without credentials, at the address the README names.
    const raw = await fetch(`${ui.h.url}/${ADMIN.username}/secret/raw/branch/main/docs/logo.png`);
    assert.equal(raw.status, 404);
    const { page: anon } = await openPage(ui.browser, ui.h.url);
    const anonRes = await anon.request.get(`/${ADMIN.username}/secret/raw/branch/main/docs/logo.png`);
    assert.notEqual(anonRes.status(), 200);
    const withToken = await fetch(`${ui.h.url}/${ADMIN.username}/secret/raw/branch/main/docs/logo.png`, { headers: { Authorization: `token ${token}` } });
    assert.equal(withToken.status, 200);
  });
});
