/**
 * Git's probe before a large push (a lone flush packet to git-receive-pack, now answered without starting
 * git) gets what receive-pack would give: 200 with an empty body, nothing changed; credentials still checked.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, request, basic, ADMIN } from '../helpers/host.ts';

const RPC = { 'Content-Type': 'application/x-git-receive-pack-request' };

test('a push probe gets an empty 200 when signed in, 401 when not, and changes nothing', async () => {
  const h = await startHost();
  try {
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'probe', auto_init: true } })).status, 201);
    const before = (await h.api('GET', '/repos/root/probe/branches', { auth: token })).body;
    const url = `/${ADMIN.username}/probe.git/git-receive-pack`;
    const ok = await request(h.url, 'POST', url, { rawBody: '0000', headers: { ...RPC, Authorization: basic(ADMIN.username, token) } });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get('content-type'), 'application/x-git-receive-pack-result');
    assert.equal(ok.text, '');
    const anon = await request(h.url, 'POST', url, { rawBody: '0000', headers: RPC });
    assert.equal(anon.status, 401);
    const other = await request(h.url, 'POST', url, { rawBody: '0001', headers: { ...RPC, Authorization: basic(ADMIN.username, token) } });
    assert.equal(other.status, 200, 'four bytes that are not a flush still reach receive-pack');
    assert.deepEqual((await h.api('GET', '/repos/root/probe/branches', { auth: token })).body, before);
  } finally {
    await h.stop();
  }
});
