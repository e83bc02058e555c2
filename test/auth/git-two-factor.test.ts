/**
 * Two-factor users over git, as Gitea: a password is refused with 401 and Gitea's words (git cannot send a fresh
 * code with each request), and a personal token as the password clones and pushes. A burst of git requests with
 * a password costs one password check.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHost, createToken, basic, request, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials, commitFiles, type GitSandbox } from '../helpers/git.ts';
import { awayFromStepEdge, codeAt, makeUser, own, signIn } from './helpers.ts';
import { TWO_FACTOR_GIT } from '../../server/services/auth/password.ts';

describe('two-factor users over git', () => {
  let h: TestHost;
  let g: GitSandbox;
  before(async () => { h = await startHost(); g = await gitSandbox(); });
  after(async () => { await g?.dispose(); await h?.stop(); });

  test('a password is refused with Gitea\'s text; a token as the password clones and pushes', async () => {
    await makeUser(h, 'tfa');
    const session = await signIn(h, 'tfa', 'tfa-password-1');
    assert.equal((await h.api('POST', '/user/repos', { auth: session, body: { name: 'work', private: true, auto_init: true } })).status, 201);
    const token = await createToken(h, 'tfa', 'tfa-password-1', ['write:repository']);
    const start = await own(h, 'POST', '/user/two-factor/enrolment', { auth: session });
    await awayFromStepEdge();
    assert.equal((await own(h, 'POST', '/user/two-factor/confirm', { auth: session, body: { code: codeAt(start.body.secret, 0) } })).status, 200);

    const url = `${h.url}/tfa/work.git`;
    const refused = await g.run(['clone', withCredentials(url, 'tfa', 'tfa-password-1'), 'refused']);
    assert.notEqual(refused.code, 0);
    assert.ok(refused.stderr.includes(TWO_FACTOR_GIT), refused.stderr);
    // A code in an extra header does not help: git would send the same single-use code with every request.
    const withCode = await g.run(['-c', `http.extraHeader=X-Gitea-OTP: ${codeAt(start.body.secret, 0)}`, 'clone', withCredentials(url, 'tfa', 'tfa-password-1'), 'with-code']);
    assert.notEqual(withCode.code, 0);
    const answer = await request(h.url, 'GET', '/tfa/work.git/info/refs?service=git-upload-pack', { headers: { Authorization: basic('tfa', 'tfa-password-1') } });
    assert.equal(answer.status, 401);
    assert.equal(answer.text.trim(), TWO_FACTOR_GIT);
    // A wrong password is not told about the second factor.
    const wrong = await request(h.url, 'GET', '/tfa/work.git/info/refs?service=git-upload-pack', { headers: { Authorization: basic('tfa', 'not-the-password') } });
    assert.equal(wrong.status, 401);
    assert.ok(!wrong.text.includes('two-factor'));

    const clone = path.join(g.dir, 'work');
    await g.ok(['clone', withCredentials(url, 'tfa', token), clone]);
    const pushed = await commitFiles(g, clone, { 'notes.md': 'pushed with a token\n' }, 'from a two-factor user');
    await g.ok(['push', 'origin', 'HEAD:main'], { cwd: clone });
    const branch = await h.api('GET', '/repos/tfa/work/branches/main', { auth: token });
    assert.equal(branch.body.commit.id, pushed);
  });
});
