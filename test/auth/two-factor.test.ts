import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, basic, ADMIN, type TestHost } from '../helpers/host.ts';
import { awayFromStepEdge, codeAt, makeUser, own, signIn, storeText } from './helpers.ts';

describe('two-factor (TOTP)', () => {
  let h: TestHost;
  before(async () => { h = await startHost(); });
  after(async () => { await h.stop(); });

  /** Enrols `name` through the UI endpoints; returns the secret and the user's token. */
  async function enrol(name: string): Promise<{ secret: string; token: string }> {
    await makeUser(h, name);
    const token = await signIn(h, name, `${name}-password-1`);
    const start = await own(h, 'POST', '/user/two-factor/enrolment', { auth: token });
    assert.equal(start.status, 201);
    const secret = start.body.secret as string;
    await awayFromStepEdge();
    // The code of the previous step is still accepted (clock drift), and leaves the current step for sign-ins.
    const confirm = await own(h, 'POST', '/user/two-factor/confirm', { auth: token, body: { code: codeAt(secret, -1) } });
    assert.equal(confirm.status, 200);
    assert.equal(confirm.body.enabled, true);
    assert.equal(confirm.body.recovery_codes.length, 10);
    assert.equal(confirm.body.recovery_codes_left, 10);
    return { secret, token };
  }

  const me = (name: string, otp?: string) =>
    h.api('GET', '/user', { headers: { Authorization: basic(name, `${name}-password-1`), ...(otp ? { 'X-Gitea-OTP': otp } : {}) } });

  test('enrolment: secret, otpauth URI and a PNG QR code; off until confirmed; the secret is encrypted at rest', async () => {
    await makeUser(h, 'erin');
    const token = await signIn(h, 'erin', 'erin-password-1');
    assert.deepEqual((await own(h, 'GET', '/user/two-factor', { auth: token })).body, { enabled: false, pending: false, recovery_codes_left: 0 });
    const start = await own(h, 'POST', '/user/two-factor/enrolment', { auth: token });
    assert.equal(start.status, 201);
    assert.match(start.body.secret, /^[A-Z2-7]{32}$/);
    assert.match(start.body.uri, /^otpauth:\/\/totp\/Homeforge:erin\?/);
    assert.ok(start.body.uri.includes(`secret=${start.body.secret}`));
    assert.match(start.body.qr_code, /^data:image\/png;base64,/);
    const png = Buffer.from(start.body.qr_code.split(',')[1], 'base64');
    assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
    assert.deepEqual((await own(h, 'GET', '/user/two-factor', { auth: token })).body, { enabled: false, pending: true, recovery_codes_left: 0 });
    assert.equal((await me('erin')).status, 200, 'not on before confirmation');
    const wrong = await own(h, 'POST', '/user/two-factor/confirm', { auth: token, body: { code: 'abcdef' } });
    assert.equal(wrong.status, 422);
    assert.equal((await own(h, 'POST', '/user/two-factor/confirm', { auth: token, body: {} })).status, 422);
    await awayFromStepEdge();
    const ok = await own(h, 'POST', '/user/two-factor/confirm', { auth: token, body: { code: codeAt(start.body.secret, 0) } });
    assert.equal(ok.status, 200);
    assert.equal((await own(h, 'GET', '/user/two-factor', { auth: token })).body.enabled, true);
    assert.equal((await own(h, 'POST', '/user/two-factor/enrolment', { auth: token })).status, 409);
    assert.ok(!(await storeText(h)).includes(start.body.secret), 'the secret is not stored in clear');
  });

  test('basic auth with the password needs a valid X-Gitea-OTP; a code cannot be replayed; tokens are not affected', async () => {
    const { secret, token } = await enrol('frank');
    const missing = await me('frank');
    assert.equal(missing.status, 401);
    assert.match(missing.body.message, /two-factor/);
    const valid = new Set([codeAt(secret, -1), codeAt(secret, 0), codeAt(secret, 1)]);
    const wrongCode = ['000000', '111111', '222222', '333333'].find((c) => !valid.has(c))!;
    assert.equal((await me('frank', wrongCode)).status, 401);
    assert.equal((await me('frank', codeAt(secret, -1))).status, 401, 'the confirming code is spent');
    const now = codeAt(secret, 0);
    const ok = await me('frank', now);
    assert.equal(ok.status, 200);
    assert.equal(ok.body.login, 'frank');
    assert.equal((await me('frank', now)).status, 401, 'replay refused');
    assert.equal((await h.api('GET', '/user', { auth: token })).status, 200, 'token needs no second factor');
    // The UI's sign-in follows the same rules.
    const noOtp = await own(h, 'POST', '/session', { body: { username: 'frank', password: 'frank-password-1' } });
    assert.equal(noOtp.status, 401);
    assert.match(noOtp.body.message, /two-factor/);
    const next = codeAt(secret, 1);
    assert.equal((await own(h, 'POST', '/session', { body: { username: 'frank', password: 'frank-password-1', otp: next } })).status, 201);
    assert.equal((await own(h, 'POST', '/session', { body: { username: 'frank', password: 'frank-password-1', otp: next } })).status, 401);
  });

  test('two requests racing with one code: only one gets in', async () => {
    const { secret } = await enrol('gina');
    const code = codeAt(secret, 0);
    const results = await Promise.all([me('gina', code), me('gina', code), me('gina', code)]);
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 401, 401]);
  });

  test('removal needs a current, unused code; then the password alone works again', async () => {
    const { secret, token } = await enrol('hank');
    assert.equal((await own(h, 'DELETE', '/user/two-factor', { auth: token })).status, 422);
    assert.equal((await own(h, 'DELETE', '/user/two-factor', { auth: token, body: { code: codeAt(secret, -1) } })).status, 422, 'spent code');
    const res = await own(h, 'DELETE', '/user/two-factor', { auth: token, headers: { 'X-Gitea-OTP': codeAt(secret, 0) } });
    assert.equal(res.status, 204);
    assert.deepEqual((await own(h, 'GET', '/user/two-factor', { auth: token })).body, { enabled: false, pending: false, recovery_codes_left: 0 });
    assert.equal((await me('hank')).status, 200);
    assert.equal((await own(h, 'DELETE', '/user/two-factor', { auth: token, body: { code: codeAt(secret, 1) } })).status, 404);
  });

  test('the endpoints need a signed-in user, and sudo cannot change another user\'s second factor', async () => {
    assert.equal((await own(h, 'GET', '/user/two-factor')).status, 401);
    assert.equal((await own(h, 'POST', '/user/two-factor/enrolment')).status, 401);
    await makeUser(h, 'ivy');
    const admin = await signIn(h, ADMIN.username, ADMIN.password);
    const res = await own(h, 'POST', '/user/two-factor/enrolment', { auth: admin, headers: { Sudo: 'ivy' } });
    assert.equal(res.status, 403);
  });
});
