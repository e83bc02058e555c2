/** Who may manage secrets and variables: repository admins, organization owners, the user; never a public-only token. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { secretsWorld, ok } from './helpers.ts';
import { createToken } from '../helpers/host.ts';

test('repository level: admins only; outsiders of a private repository get 404; anonymous 401', async () => {
  const w = await secretsWorld();
  try {
    ok(await w.h.api('PUT', '/repos/alice/app/actions/secrets/S', { auth: w.alice, body: { data: 'v' } }), 201);
    ok(await w.h.api('POST', '/repos/alice/app/actions/variables/V', { auth: w.alice, body: { value: 'v' } }), 201);
    for (const [method, p] of [['GET', 'secrets'], ['PUT', 'secrets/S'], ['DELETE', 'secrets/S'], ['GET', 'variables'], ['GET', 'variables/V'], ['POST', 'variables/W'], ['PUT', 'variables/V'], ['DELETE', 'variables/V']] as const) {
      const body = method === 'GET' ? undefined : p.startsWith('secrets') ? { data: 'x' } : { value: 'x' };
      const url = `/repos/alice/app/actions/${p}`;
      // carol writes to the repository but is no admin of it: 403, as Gitea's reqRepoAdmin.
      ok(await w.h.api(method, url, { auth: w.carol, body }), 403);
      const outsider = ok(await w.h.api(method, url, { auth: w.bob, body }), 404);
      const missing = ok(await w.h.api(method, url.replace('/app/', '/nothing/'), { auth: w.bob, body }), 404);
      assert.equal(outsider.body.message.replace('alice/app', 'X'), missing.body.message.replace('alice/nothing', 'X'));
      ok(await w.h.api(method, url, { body }), 401);
      ok(await w.h.api(method, url, { auth: w.root, body }), method === 'POST' ? 201 : method === 'GET' ? 200 : 204);
      // put things back for the next row
      if (method === 'DELETE' && p.startsWith('secrets')) ok(await w.h.api('PUT', '/repos/alice/app/actions/secrets/S', { auth: w.alice, body: { data: 'v' } }), 201);
      if (method === 'DELETE' && p.startsWith('variables')) ok(await w.h.api('POST', '/repos/alice/app/actions/variables/V', { auth: w.alice, body: { value: 'v' } }), 201);
    }
  } finally {
    await w.h.stop();
  }
});

test('organization level: owners only; other members 403; outsiders of a private organization 404', async () => {
  const w = await secretsWorld();
  try {
    const team = ok(await w.h.api('POST', '/orgs/acme/teams', { auth: w.alice, body: { name: 'devs', permission: 'write', units: ['repo.code'] } }), 201).body.id;
    ok(await w.h.api('PUT', `/teams/${team}/members/carol`, { auth: w.alice }), 204);
    ok(await w.h.api('PUT', '/orgs/acme/actions/secrets/S', { auth: w.alice, body: { data: 'v' } }), 201);
    for (const p of ['secrets', 'variables']) {
      ok(await w.h.api('GET', `/orgs/acme/actions/${p}`, { auth: w.carol }), 403);
      const outsider = ok(await w.h.api('GET', `/orgs/acme/actions/${p}`, { auth: w.bob }), 404);
      assert.equal(outsider.status, ok(await w.h.api('GET', `/orgs/nothing/actions/${p}`, { auth: w.bob }), 404).status);
      ok(await w.h.api('GET', `/orgs/acme/actions/${p}`, { auth: w.root }), 200);
    }
    ok(await w.h.api('PUT', '/orgs/acme/actions/secrets/S', { auth: w.carol, body: { data: 'x' } }), 403);
    ok(await w.h.api('DELETE', '/orgs/acme/actions/secrets/S', { auth: w.bob }), 404);
    ok(await w.h.api('POST', '/orgs/acme/actions/variables/V', { auth: w.carol, body: { value: 'x' } }), 403);
  } finally {
    await w.h.stop();
  }
});

test('user level: each user their own; token scopes are checked; public-only tokens are refused everywhere', async () => {
  const w = await secretsWorld();
  try {
    ok(await w.h.api('PUT', '/user/actions/secrets/MINE', { auth: w.alice, body: { data: 'alice' } }), 201);
    // bob's user level is bob's: alice's secret is not his to delete.
    ok(await w.h.api('DELETE', '/user/actions/secrets/MINE', { auth: w.bob }), 404);
    ok(await w.h.api('PUT', '/user/actions/secrets/MINE', { auth: w.bob, body: { data: 'bob' } }), 201);
    const readOnly = await createToken(w.h, 'alice', 'alice-password-1', ['read:user', 'read:repository', 'read:organization']);
    ok(await w.h.api('PUT', '/user/actions/secrets/MINE', { auth: readOnly, body: { data: 'x' } }), 403);
    ok(await w.h.api('PUT', '/repos/alice/pub/actions/secrets/X', { auth: readOnly, body: { data: 'x' } }), 403);
    ok(await w.h.api('GET', '/user/actions/variables', { auth: readOnly }), 200);
    const noUser = await createToken(w.h, 'alice', 'alice-password-1', ['read:repository']);
    ok(await w.h.api('GET', '/user/actions/variables', { auth: noUser }), 403);
    const publicOnly = await createToken(w.h, 'alice', 'alice-password-1', ['public-only', 'all']);
    for (const [method, p, body] of [
      ['GET', '/repos/alice/pub/actions/secrets', undefined], ['PUT', '/repos/alice/pub/actions/secrets/X', { data: 'x' }],
      ['GET', '/repos/alice/app/actions/variables', undefined], ['GET', '/orgs/acme/actions/secrets', undefined],
      ['PUT', '/user/actions/secrets/X', { data: 'x' }], ['GET', '/user/actions/variables', undefined], ['POST', '/user/actions/variables/X', { value: 'x' }],
    ] as const) {
      const res = ok(await w.h.api(method, p, { auth: publicOnly, body }), 403);
      assert.match(res.body.message, /^token scope is limited to public (repos|orgs|users)$/);
    }
  } finally {
    await w.h.stop();
  }
});
