/** UI: signing in with a two-factor recovery code works once; the same code is refused the second time. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TOTP, Secret } from 'otpauth';
import type { Page } from 'playwright-core';
import { ADMIN, createToken, request } from '../helpers/host.ts';
import { field, openPage, screenshot, uiFixture } from '../helpers/browser.ts';

const codeAt = (secret: string, offset: number): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offset * 30_000 });

async function passwordStep(page: Page): Promise<void> {
  await page.goto('/');
  await field(page, 'User name or email').fill('dana');
  await field(page, 'Password').fill('dana-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await field(page, 'Two-factor passcode').waitFor();
}

describe('UI two-factor recovery codes', () => {
  const ui = uiFixture();
  let token: string;
  let codes: string[];
  before(async () => {
    const admin = await createToken(ui.h, ADMIN.username, ADMIN.password);
    await ui.h.api('POST', '/admin/users', { auth: admin, body: { username: 'dana', email: 'dana@example.com', password: 'dana-password-1', must_change_password: false } });
    token = await createToken(ui.h, 'dana', 'dana-password-1');
    const enrol = await request(ui.h.url, 'POST', '/api/homeforge/user/two-factor/enrolment', { auth: token });
    const confirmed = await request(ui.h.url, 'POST', '/api/homeforge/user/two-factor/confirm', { auth: token, body: { code: codeAt(enrol.body.secret as string, -1) } });
    assert.equal(confirmed.status, 200);
    codes = confirmed.body.recovery_codes as string[];
    assert.equal(codes.length, 10);
  });

  const left = async (): Promise<number> => (await request(ui.h.url, 'GET', '/api/homeforge/user/two-factor', { auth: token })).body.recovery_codes_left as number;

  test('a recovery code signs in once; the second time it is refused in words', async () => {
    const { page, errors } = await openPage(ui.browser, ui.h.url);
    await passwordStep(page);
    await field(page, 'Two-factor passcode').fill(codes[0]!);
    await screenshot(page, 'sign-in-recovery-code');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Repositories', level: 1 }).waitFor();
    assert.equal(await left(), 9, 'the code is spent');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await passwordStep(page);
    await field(page, 'Two-factor passcode').fill(codes[0]!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'invalid or already used two-factor authentication code' });
    await refusal.waitFor();
    await screenshot(page, 'sign-in-recovery-code-reused');
    assert.equal(await page.getByRole('heading', { name: 'Repositories', level: 1 }).count(), 0, 'still signed out');
    assert.equal(await left(), 9);

    // Another unused code still works, written in capitals and without the dash.
    await field(page, 'Two-factor passcode').fill(codes[1]!.replace('-', '').toUpperCase());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Repositories', level: 1 }).waitFor();
    assert.equal(await left(), 8);
    assert.deepEqual(errors, []);
  });
});
