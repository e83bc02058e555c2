/** UI: sign-in with a password, the refusal in words, two-factor enrolment and sign-in with a TOTP code. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TOTP, Secret } from 'otpauth';
import type { Page } from 'playwright-core';
import { ADMIN, createToken, request } from '../helpers/host.ts';
import { field, openPage, screenshot, uiFixture } from '../helpers/browser.ts';

/** The code of the TOTP step `offset` steps from now. */
const codeAt = (secret: string, offset: number): string =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offset * 30_000 });

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await field(page, 'User name or email').fill(username);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('UI sign-in', () => {
  const ui = uiFixture();

  test('a wrong password is refused in words; the right one signs in', async () => {
    const { page, errors } = await openPage(ui.browser, ui.h.url);
    await page.goto('/-/admin/users');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signIn(page, ADMIN.username, 'wrong-password');
    const alert = page.getByRole('alert');
    assert.match(await alert.innerText(), /invalid username, password or token/i);
    assert.equal(await alert.getAttribute('class'), 'alert alert-error', 'shown, not only announced');
    await screenshot(page, 'sign-in-error');

    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    assert.deepEqual(errors, []);
  });

  test('two-factor: enrol with the QR code page, then sign-in asks for the code', async () => {
    const { page, errors } = await openPage(ui.browser, ui.h.url);
    await page.goto('/');
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.getByRole('heading', { name: 'Repositories', level: 1 }).waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Two-factor authentication' }).click();
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const qr = page.getByRole('img', { name: /QR code/ });
    await qr.waitFor();
    assert.match((await qr.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
    const secret = await page.getByRole('textbox', { name: 'two-factor secret' }).inputValue();
    assert.match(secret, /^[A-Z2-7]+=*$/);
    await screenshot(page, 'two-factor-enrol');

    await field(page, 'Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    assert.match(await page.getByText(/⚠|invalid/i).first().innerText(), /invalid/i);
    // The confirming code is spent; the sign-in below uses the next step's code.
    await field(page, 'Code from the app').fill(codeAt(secret, -1));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    await page.getByRole('heading', { name: /Two-factor authentication is on/ }).waitFor();
    await screenshot(page, 'two-factor-on');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, ADMIN.username, ADMIN.password);
    const otp = field(page, 'Two-factor passcode');
    await otp.waitFor();
    assert.match(await page.getByRole('status').innerText(), /two-factor authentication/);
    await screenshot(page, 'sign-in-otp');
    await otp.fill(codeAt(secret, 0));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Repositories', level: 1 }).waitFor();

    const basicWithoutCode = await ui.h.api('GET', '/user', { auth: [ADMIN.username, ADMIN.password] });
    assert.equal(basicWithoutCode.status, 401);

    // Turning it off needs a current, unused code; the previous step's (at most the one just used) is refused.
    await page.goto('/user/settings/security');
    await field(page, 'Current code').fill(codeAt(secret, -1));
    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await page.getByText(/already used two-factor authentication code/).first().waitFor();
    assert.equal(await field(page, 'Current code').getAttribute('aria-invalid'), 'true');
    await field(page, 'Current code').fill(codeAt(secret, 1));
    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await page.getByRole('heading', { name: 'Two-factor authentication is off' }).waitFor();
    assert.equal((await ui.h.api('GET', '/user', { auth: [ADMIN.username, ADMIN.password] })).status, 200);
    assert.deepEqual(errors, []);
  });

  test('a two-factor account manages its tokens without typing a code: its UI session may, a token may not', async () => {
    await ui.h.api('POST', '/admin/users', { auth: [ADMIN.username, ADMIN.password], body: { username: 'erin', email: 'erin@example.com', password: 'erin-password-1', must_change_password: false } });
    const token = await createToken(ui.h, 'erin', 'erin-password-1');
    const enrol = await request(ui.h.url, 'POST', '/api/homeforge/user/two-factor/enrolment', { auth: token });
    const secret = enrol.body.secret as string;
    assert.equal((await request(ui.h.url, 'POST', '/api/homeforge/user/two-factor/confirm', { auth: token, body: { code: codeAt(secret, -1) } })).status, 200);

    const { page, errors } = await openPage(ui.browser, ui.h.url);
    await page.goto('/');
    await signIn(page, 'erin', 'erin-password-1');
    await field(page, 'Two-factor passcode').fill(codeAt(secret, 0));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Repositories', level: 1 }).waitFor();

    await page.goto('/user/settings/applications');
    await field(page, 'Token name').fill('build');
    await page.getByRole('button', { name: 'Create token' }).click();
    const value = await page.getByRole('textbox', { name: 'value of the token build' }).inputValue();
    assert.equal((await ui.h.api('GET', '/user', { auth: value })).body.login, 'erin');
    await page.getByRole('button', { name: 'Delete the token build' }).click();
    await page.getByRole('button', { name: 'Delete token' }).click();
    await page.getByText('Deleted the token “build”.').waitFor();
    assert.equal((await ui.h.api('GET', '/user', { auth: value })).status, 401);
    // What the page did with its session, a personal token cannot do, not even as the Basic password.
    assert.equal((await ui.h.api('POST', '/users/erin/tokens', { auth: ['erin', token], body: { name: 'wider', scopes: ['all'] } })).status, 401);
    assert.deepEqual(errors, []);
  });
});
