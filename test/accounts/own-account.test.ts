/**
 * A user's own account: profile settings, email addresses, changing one's password (and must_change_password
 * enforced until it is changed), and two-factor recovery codes used once each.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, basic, startHost, type TestHost } from '../helpers/host.ts';
import { awayFromStepEdge, codeAt, own, signIn, storeText } from '../auth/helpers.ts';

describe('own account', () => {
  let h: TestHost;
  const admin: [string, string] = [ADMIN.username, ADMIN.password];
  before(async () => { h = await startHost(); });
  after(async () => { await h.stop(); });

  const makeUser = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await h.api('POST', '/admin/users', { auth: admin, body: { username: name, email: `${name}@example.com`, password: `${name}-password-1`, must_change_password: false, ...extra } });
    assert.equal(res.status, 201, res.text);
  };

  test('a user changes their own password and signs in with it; the old one and other sessions stop working', async () => {
    await makeUser('pat');
    const session = await signIn(h, 'pat', 'pat-password-1');
    const other = await signIn(h, 'pat', 'pat-password-1');
    const wrongOld = await own(h, 'POST', '/user/password', { auth: session, body: { old_password: 'nope-nope-1', new_password: 'pat-new-password-2' } });
    assert.equal(wrongOld.status, 422);
    assert.equal(wrongOld.body.message, 'The current password is not right.');
    assert.equal(wrongOld.body.errors[0].field, 'old_password');
    const short = await own(h, 'POST', '/user/password', { auth: session, body: { old_password: 'pat-password-1', new_password: 'short' } });
    assert.equal(short.status, 422);
    assert.equal(short.body.errors[0].field, 'new_password');
    assert.match(short.body.message, /at least 8 characters/);

    const changed = await own(h, 'POST', '/user/password', { auth: session, body: { old_password: 'pat-password-1', new_password: 'pat-new-password-2' } });
    assert.equal(changed.status, 200, changed.text);
    assert.equal((await h.api('GET', '/user', { auth: session })).status, 200, 'the session that changed it stays open');
    assert.equal((await h.api('GET', '/user', { auth: other })).status, 401, 'other sessions end');
    assert.equal((await h.api('GET', '/user', { auth: ['pat', 'pat-password-1'] })).status, 401);
    assert.equal((await h.api('GET', '/user', { auth: ['pat', 'pat-new-password-2'] })).body.login, 'pat');
    await signIn(h, 'pat', 'pat-new-password-2');
  });

  test('must_change_password: the session may only change the password; API calls get Gitea\'s 403 until then', async () => {
    await makeUser('newbie', { must_change_password: true });
    const res = await own(h, 'POST', '/session', { body: { username: 'newbie', password: 'newbie-password-1' } });
    assert.equal(res.status, 201);
    assert.equal(res.body.must_change_password, true);
    const token = res.body.token as string;
    const refused = await h.api('GET', '/user/repos', { auth: token });
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /^You must change your password\. Change it at: /);
    assert.equal((await h.api('GET', '/user/repos', { auth: ['newbie', 'newbie-password-1'] })).status, 403);
    assert.equal((await h.api('GET', '/user', { auth: token })).status, 200, 'who am I still answers');
    const changed = await own(h, 'POST', '/user/password', { auth: token, body: { old_password: 'newbie-password-1', new_password: 'newbie-password-2' } });
    assert.equal(changed.status, 200, changed.text);
    assert.equal((await h.api('GET', '/user/repos', { auth: token })).status, 200);
    assert.equal((await h.api('GET', '/user/repos', { auth: ['newbie', 'newbie-password-2'] })).status, 200);
  });

  test('password complexity from [security] PASSWORD_COMPLEXITY', async () => {
    const strict = await startHost({ settings: { 'security.PASSWORD_COMPLEXITY': 'lower,upper,digit', 'security.MIN_PASSWORD_LENGTH': '10' } });
    try {
      const r = await strict.api('POST', '/admin/users', { auth: admin, body: { username: 'cx', email: 'cx@example.com', password: 'cx-password-1', must_change_password: false } });
      assert.equal(r.status, 201, r.text);
      const token = await signIn(strict, 'cx', 'cx-password-1');
      const weak = await own(strict, 'POST', '/user/password', { auth: token, body: { old_password: 'cx-password-1', new_password: 'alllowercase1' } });
      assert.equal(weak.status, 422);
      assert.equal(weak.body.message, 'The new password must contain an upper-case letter.');
      const ok = await own(strict, 'POST', '/user/password', { auth: token, body: { old_password: 'cx-password-1', new_password: 'Mixed-Case-9' } });
      assert.equal(ok.status, 200, ok.text);
    } finally {
      await strict.stop();
    }
  });

  test('settings: read and change one\'s profile and preferences', async () => {
    await makeUser('sue');
    const auth: [string, string] = ['sue', 'sue-password-1'];
    const before = await h.api('GET', '/user/settings', { auth });
    assert.equal(before.status, 200);
    assert.equal(before.body.hide_email, false);
    const patched = await h.api('PATCH', '/user/settings', { auth, body: { full_name: 'Sue S.', location: 'Lyon', theme: 'dark', diff_view_style: 'split', hide_email: true } });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.body.full_name, 'Sue S.');
    assert.equal(patched.body.diff_view_style, 'split');
    assert.equal((await h.api('GET', '/user', { auth })).body.full_name, 'Sue S.');
    const tooLong = await h.api('PATCH', '/user/settings', { auth, body: { full_name: 'x'.repeat(101) } });
    assert.equal(tooLong.status, 422);
    assert.equal(tooLong.body.message, 'full_name must be at most 100 characters.');
    assert.deepEqual(tooLong.body.errors, [{ field: 'full_name', code: 'too_long', max: 100, message: 'full_name must be at most 100 characters' }]);
  });

  test('emails: add, list, make primary, remove; taken and primary addresses refused', async () => {
    await makeUser('em');
    const auth: [string, string] = ['em', 'em-password-1'];
    const added = await h.api('POST', '/user/emails', { auth, body: { emails: ['em2@example.com'] } });
    assert.equal(added.status, 201, added.text);
    assert.deepEqual(added.body.map((e: { email: string }) => e.email), ['em2@example.com']);
    const taken = await h.api('POST', '/user/emails', { auth, body: { emails: [ADMIN.email] } });
    assert.equal(taken.status, 422);
    assert.equal((await h.api('POST', '/admin/users', { auth: admin, body: { username: 'em-thief', email: 'em2@example.com', password: 'x-password-1' } })).status, 422, 'a further address is taken too');
    const list = await h.api('GET', '/user/emails', { auth });
    assert.deepEqual(list.body.map((e: { email: string; primary: boolean }) => [e.email, e.primary]), [['em@example.com', true], ['em2@example.com', false]]);
    assert.equal((await h.api('DELETE', '/user/emails', { auth, body: { emails: ['em@example.com'] } })).status, 400, 'not the primary one');
    const primary = await own(h, 'POST', '/user/emails/primary', { auth, body: { email: 'em2@example.com' } });
    assert.equal(primary.status, 200, primary.text);
    assert.equal((await h.api('GET', '/user', { auth })).body.email, 'em2@example.com');
    assert.equal((await h.api('DELETE', '/user/emails', { auth, body: { emails: ['em@example.com'] } })).status, 204);
    assert.deepEqual((await h.api('GET', '/user/emails', { auth })).body.map((e: { email: string }) => e.email), ['em2@example.com']);
    assert.equal((await h.api('DELETE', '/user/emails', { auth, body: { emails: ['none@example.com'] } })).status, 404);
  });

  test('recovery codes: ten at enrolment, each usable once in place of a code, a new set replaces the old', async () => {
    await makeUser('rc');
    const token = await signIn(h, 'rc', 'rc-password-1');
    const start = await own(h, 'POST', '/user/two-factor/enrolment', { auth: token });
    await awayFromStepEdge();
    const confirm = await own(h, 'POST', '/user/two-factor/confirm', { auth: token, body: { code: codeAt(start.body.secret as string, -1) } });
    const codes = confirm.body.recovery_codes as string[];
    assert.equal(codes.length, 10);
    assert.equal(new Set(codes).size, 10);

    const first = await own(h, 'POST', '/session', { body: { username: 'rc', password: 'rc-password-1', otp: codes[0] } });
    assert.equal(first.status, 201, first.text);
    const again = await own(h, 'POST', '/session', { body: { username: 'rc', password: 'rc-password-1', otp: codes[0] } });
    assert.equal(again.status, 401, 'a recovery code works once');
    const viaHeader = await h.api('GET', '/user', { headers: { Authorization: basic('rc', 'rc-password-1'), 'X-Gitea-OTP': codes[1]!.toUpperCase() } });
    assert.equal(viaHeader.status, 200, 'the basic-auth OTP header takes one too');
    assert.equal((await h.api('GET', '/user', { headers: { Authorization: basic('rc', 'rc-password-1'), 'X-Gitea-OTP': codes[1]! } })).status, 401);
    assert.equal((await own(h, 'GET', '/user/two-factor', { auth: token })).body.recovery_codes_left, 8);

    const fresh = await own(h, 'POST', '/user/two-factor/recovery-codes', { auth: token });
    assert.equal(fresh.status, 201);
    assert.equal((await own(h, 'POST', '/session', { body: { username: 'rc', password: 'rc-password-1', otp: codes[2] } })).status, 401, 'the old set is gone');
    assert.equal((await own(h, 'POST', '/session', { body: { username: 'rc', password: 'rc-password-1', otp: fresh.body.recovery_codes[0] } })).status, 201);
    const stored = await storeText(h);
    assert.ok(!stored.includes(fresh.body.recovery_codes[1]), 'only hashes of the codes are stored');
    assert.equal((await own(h, 'GET', '/user/two-factor', { auth: token })).body.recovery_codes, undefined, 'codes are shown once');
  });
});
