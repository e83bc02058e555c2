import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials, makeRepo, commitFiles, type GitSandbox } from '../helpers/git.ts';
import { pktLine, FLUSH } from '../../server/git/pkt-line.ts';

describe('git over HTTP: access', () => {
  let h: TestHost;
  let g: GitSandbox;
  let token: string;
  let work: string;

  before(async () => {
    h = await startHost();
    g = await gitSandbox();
    token = await createToken(h, ADMIN.username, ADMIN.password);
    for (const [name, priv] of [['secret', true], ['open', false]] as const) {
      assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name, private: priv } })).status, 201);
    }
    work = path.join(g.dir, 'work');
    await makeRepo(g, work, { 'a.txt': 'a\n' });
    for (const name of ['secret', 'open']) await g.ok(['push', withCredentials(`${h.url}/root/${name}.git`, 'root', token), 'main'], { cwd: work });
  });
  after(async () => {
    await g.dispose();
    await h.stop();
  });

  test('a private repository asks for credentials and refuses a clone without them', async () => {
    const res = await fetch(`${h.url}/root/secret.git/info/refs?service=git-upload-pack`);
    assert.equal(res.status, 401);
    assert.match(res.headers.get('www-authenticate') ?? '', /^Basic realm=/);
    const r = await g.run(['clone', `${h.url}/root/secret.git`, path.join(g.dir, 'no-creds')]);
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /Authentication failed|could not read Username|terminal prompts disabled/);
  });

  test('a private repository clones with a token or a password', async () => {
    await g.ok(['clone', '-q', withCredentials(`${h.url}/root/secret.git`, 'root', token), path.join(g.dir, 'with-token')]);
    await g.ok(['clone', '-q', withCredentials(`${h.url}/root/secret`, ADMIN.username, ADMIN.password), path.join(g.dir, 'with-password')]);
    const header = `Authorization: token ${token}`;
    await g.ok(['-c', `http.extraHeader=${header}`, 'clone', '-q', `${h.url}/root/secret.git`, path.join(g.dir, 'with-header')]);
  });

  test('a wrong password is 401; another user without access gets 404', async () => {
    const bad = await g.run(['clone', withCredentials(`${h.url}/root/secret.git`, 'root', 'wrong-password'), path.join(g.dir, 'bad')]);
    assert.notEqual(bad.code, 0);
    const u = await h.api('POST', '/admin/users', { auth: token, body: { username: 'alice', email: 'alice@example.com', password: 'alice-password-1', must_change_password: false } });
    assert.equal(u.status, 201, u.text);
    const auth = `Basic ${Buffer.from('alice:alice-password-1').toString('base64')}`;
    const res = await fetch(`${h.url}/root/secret.git/info/refs?service=git-upload-pack`, { headers: { Authorization: auth } });
    assert.equal(res.status, 404);
    const push = await fetch(`${h.url}/root/open.git/info/refs?service=git-receive-pack`, { headers: { Authorization: auth } });
    assert.equal(push.status, 403);
  });

  test('anonymous clone of a public repository works, anonymous push asks for credentials', async () => {
    await g.ok(['clone', '-q', `${h.url}/root/open`, path.join(g.dir, 'anon')]);
    const res = await fetch(`${h.url}/root/open.git/info/refs?service=git-receive-pack`);
    assert.equal(res.status, 401);
  });

  test('a read-only token may clone but not push', async () => {
    const ro = await createToken(h, ADMIN.username, ADMIN.password, ['read:repository']);
    await g.ok(['clone', '-q', withCredentials(`${h.url}/root/secret.git`, 'root', ro), path.join(g.dir, 'ro')]);
    const r = await g.run(['push', withCredentials(`${h.url}/root/secret.git`, 'root', ro), 'main:other'], { cwd: work });
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /403|required=\[write:repository\]/);
  });

  test('an archived repository refuses pushes with a message and stays readable', async () => {
    const res = await h.api('PATCH', '/repos/root/open', { auth: token, body: { archived: true } });
    assert.equal(res.status, 200);
    assert.equal(res.body.archived, true);
    assert.notEqual(res.body.archived_at, '1970-01-01T00:00:00Z');
    await commitFiles(g, work, { 'b.txt': 'b\n' }, 'more');
    const before = (await h.api('GET', '/repos/root/open/branches/main', { auth: token })).body.commit.id;
    const r = await g.run(['push', withCredentials(`${h.url}/root/open.git`, 'root', token), 'main'], { cwd: work });
    assert.notEqual(r.code, 0);
    // Refused by the pre-receive hook: git prints the host's words and names the hook.
    assert.match(r.stderr, /remote: This repo is archived/);
    assert.match(r.stderr, /pre-receive hook declined/);
    assert.equal((await h.api('GET', '/repos/root/open/branches/main', { auth: token })).body.commit.id, before);
    await g.ok(['clone', '-q', `${h.url}/root/open.git`, path.join(g.dir, 'archived-clone')]);
    const back = await h.api('PATCH', '/repos/root/open', { auth: token, body: { archived: false } });
    assert.equal(back.body.archived_at, '1970-01-01T00:00:00Z');
    await g.ok(['push', withCredentials(`${h.url}/root/open.git`, 'root', token), 'main'], { cwd: work });
  });

  test('a gzip-encoded request body is accepted and Git-Protocol is passed on', async () => {
    const body = gzipSync(Buffer.concat([pktLine('command=ls-refs\n'), pktLine('object-format=sha1\n'), Buffer.from('0001'), FLUSH]));
    const res = await fetch(`${h.url}/root/open.git/git-upload-pack`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/x-git-upload-pack-request', 'Content-Encoding': 'gzip', 'Git-Protocol': 'version=2' },
    });
    assert.equal(res.status, 200);
    assert.match(await res.text(), /refs\/heads\/main/);
  });

  test('REQUIRE_SIGNIN_VIEW makes even public pulls ask for credentials', async () => {
    h.app.settings = h.app.settings.with({ 'service.REQUIRE_SIGNIN_VIEW': 'true' });
    try {
      const res = await fetch(`${h.url}/root/open.git/info/refs?service=git-upload-pack`);
      assert.equal(res.status, 401);
    } finally {
      h.app.settings = h.app.settings.with({ 'service.REQUIRE_SIGNIN_VIEW': 'false' });
    }
  });
});
