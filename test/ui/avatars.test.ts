/** UI: a user uploads an avatar from the profile settings and sees it in the header; refusals show beside the field. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { makeUser } from '../helpers/host.ts';
import { errorBeside, field, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

/** A PNG of `w`×`h` in one colour. */
function png(w: number, h: number): Buffer {
  const p = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h; i++) p.data.set([30, 120, 200, 255], i * 4);
  return PNG.sync.write(p);
}

/** The natural width of the header's avatar once it is `width` (the identicon is 240 pixels wide). */
async function headerAvatarWidth(page: Page, width: number): Promise<void> {
  await page.waitForFunction((w) => {
    const img = document.querySelector<HTMLImageElement>('header img.account-avatar');
    return !!img && img.complete && img.naturalWidth === w;
  }, width);
}

describe('UI avatars', () => {
  const ui = uiFixture();
  before(async () => {
    await makeUser(ui.h, 'alice');
  });

  test('upload from the profile settings shows in the header; a refused image is explained beside the field; delete', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h, 'alice', 'alice-password-1');
    await headerAvatarWidth(page, 240);
    await page.goto('/user/settings');
    const form = page.getByRole('form', { name: 'Avatar' });
    const input = field(page, 'Image');

    // not an image the host takes: refused in the browser; too wide: the host's 422, beside the field
    await input.setInputFiles({ name: 'x.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    assert.match(await errorBeside(input), /PNG, JPEG, GIF or WebP/);
    await input.setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: png(4097, 1) });
    await form.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    await form.getByRole('button', { name: 'Upload avatar' }).click();
    assert.match(await errorBeside(input), /width is too large: 4097 > 4096/);

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(32, 48) });
    await form.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    await form.getByRole('button', { name: 'Upload avatar' }).click();
    await form.getByText('Uploaded the new avatar.').waitFor();
    await headerAvatarWidth(page, 32);
    await screenshot(page, 'avatar-uploaded');
    const served = await fetch(`${ui.h.url}/avatars/alice`);
    assert.equal(served.headers.get('content-type'), 'image/png');

    // the profile page shows it too, and it survives a reload
    await page.goto('/alice');
    await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('h1 img.avatar')).some((i) => i.naturalWidth === 32));
    await page.reload();
    await headerAvatarWidth(page, 32);

    await page.goto('/user/settings');
    await form.getByRole('button', { name: 'Delete avatar' }).click();
    await form.getByRole('button', { name: 'Delete avatar' }).click();
    await form.getByText('Deleted the avatar.').waitFor();
    await headerAvatarWidth(page, 240);
    assert.deepEqual(errors, []);
  });
});
