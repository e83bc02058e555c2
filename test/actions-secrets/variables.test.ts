/** Actions variables at repository, organization and user level: Gitea's create/get/update/rename/delete answers and resolution for runs. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { secretsWorld, ok } from './helpers.ts';
import { variablesForRun } from '../../server/services/actions/secrets-for-run.ts';

const LEVELS = ['/repos/alice/app/actions/variables', '/orgs/acme/actions/variables', '/user/actions/variables'];

test('variables at every level: 201, 409 when taken, get, list, update with rename (204), delete, 404', async () => {
  const w = await secretsWorld();
  try {
    const owners = [{ owner_id: 0, repo_id: w.repos.app }, { owner_id: w.orgId, repo_id: 0 }, { owner_id: w.aliceId, repo_id: 0 }];
    for (const [i, base] of LEVELS.entries()) {
      ok(await w.h.api('POST', `${base}/region`, { auth: w.alice, body: { value: 'eu\r\nwest', description: 'where' } }), 201);
      const taken = ok(await w.h.api('POST', `${base}/REGION`, { auth: w.alice, body: { value: 'us' } }), 409);
      assert.equal(taken.body.message, 'variable name REGION already exists');
      const got = ok(await w.h.api('GET', `${base}/Region`, { auth: w.alice }), 200);
      assert.deepEqual(got.body, { ...owners[i], name: 'REGION', data: 'eu\nwest', description: 'where' });
      ok(await w.h.api('POST', `${base}/ZONE`, { auth: w.alice, body: { value: 'a' } }), 201);
      const list = ok(await w.h.api('GET', `${base}?limit=1&page=2`, { auth: w.alice }), 200);
      assert.equal(list.headers.get('x-total-count'), '2');
      assert.deepEqual(list.body.map((v: { name: string }) => v.name), ['ZONE']);
      ok(await w.h.api('PUT', `${base}/REGION`, { auth: w.alice, body: { value: 'ap' } }), 204);
      assert.equal(ok(await w.h.api('GET', `${base}/REGION`, { auth: w.alice }), 200).body.data, 'ap');
      ok(await w.h.api('PUT', `${base}/REGION`, { auth: w.alice, body: { name: 'area', value: 'ap', description: 'renamed' } }), 204);
      ok(await w.h.api('GET', `${base}/REGION`, { auth: w.alice }), 404);
      assert.equal(ok(await w.h.api('GET', `${base}/AREA`, { auth: w.alice }), 200).body.description, 'renamed');
      ok(await w.h.api('PUT', `${base}/AREA`, { auth: w.alice, body: { name: 'ZONE', value: 'x' } }), 409);
      ok(await w.h.api('PUT', `${base}/AREA`, { auth: w.alice, body: { name: 'GITEA_AREA', value: 'x' } }), 400);
      ok(await w.h.api('PUT', `${base}/MISSING`, { auth: w.alice, body: { value: 'x' } }), 404);
      ok(await w.h.api('DELETE', `${base}/area`, { auth: w.alice }), 204);
      ok(await w.h.api('DELETE', `${base}/AREA`, { auth: w.alice }), 404);
      ok(await w.h.api('DELETE', `${base}/ZONE`, { auth: w.alice }), 204);
    }
  } finally {
    await w.h.stop();
  }
});

test('variable names and sizes: 400 with Gitea\'s body, 422 for a missing value', async () => {
  const w = await secretsWorld();
  try {
    for (const base of LEVELS) {
      for (const name of ['9LIVES', 'GITHUB_REF', 'has-dash']) {
        const res = ok(await w.h.api('POST', `${base}/${name}`, { auth: w.alice, body: { value: 'v' } }), 400);
        assert.deepEqual(Object.keys(res.body).sort(), ['message', 'url']);
        assert.equal(res.body.message, 'invalid variable name');
        ok(await w.h.api('DELETE', `${base}/${name}`, { auth: w.alice }), 400);
        ok(await w.h.api('GET', `${base}/${name}`, { auth: w.alice }), 404);
      }
      ok(await w.h.api('POST', `${base}/LONG`, { auth: w.alice, body: { value: '€'.repeat(65537) } }), 400);
      ok(await w.h.api('POST', `${base}/LONG`, { auth: w.alice, body: { value: '€'.repeat(65536) } }), 201);
      ok(await w.h.api('POST', `${base}/NOVALUE`, { auth: w.alice, body: {} }), 422);
      ok(await w.h.api('PUT', `${base}/LONG`, { auth: w.alice, body: { description: 'x' } }), 422);
    }
  } finally {
    await w.h.stop();
  }
});

test('a run sees its owner\'s variables with the repository\'s over them', async () => {
  const w = await secretsWorld();
  try {
    ok(await w.h.api('POST', '/user/actions/variables/ENV', { auth: w.alice, body: { value: 'user' } }), 201);
    ok(await w.h.api('POST', '/user/actions/variables/USER_ONLY', { auth: w.alice, body: { value: 'u' } }), 201);
    ok(await w.h.api('POST', '/repos/alice/app/actions/variables/ENV', { auth: w.alice, body: { value: 'repo' } }), 201);
    ok(await w.h.api('POST', '/orgs/acme/actions/variables/ENV', { auth: w.alice, body: { value: 'org' } }), 201);
    assert.deepEqual(await variablesForRun(w.h.app, w.repos.app), { ENV: 'repo', USER_ONLY: 'u' });
    assert.deepEqual(await variablesForRun(w.h.app, w.repos.pub), { ENV: 'user', USER_ONLY: 'u' });
    assert.deepEqual(await variablesForRun(w.h.app, w.repos.tool), { ENV: 'org' });
    // A deleted repository takes its variables and secrets with it.
    ok(await w.h.api('PUT', '/repos/alice/app/actions/secrets/GONE', { auth: w.alice, body: { data: 'x' } }), 201);
    ok(await w.h.api('DELETE', '/repos/alice/app', { auth: w.alice }), 204);
    const { listOf } = await import('../../server/store/action-variables.ts');
    const secretStore = await import('../../server/store/action-secrets.ts');
    assert.deepEqual(await listOf(w.h.app.store, { repoId: w.repos.app }), []);
    assert.deepEqual(await secretStore.listOf(w.h.app.store, { repoId: w.repos.app }), []);
  } finally {
    await w.h.stop();
  }
});

test('a deleted organization or user takes its secrets and variables with it', async () => {
  const w = await secretsWorld();
  try {
    const org = ok(await w.h.api('POST', '/orgs', { auth: w.alice, body: { username: 'shortlived' } }), 201).body.id as number;
    ok(await w.h.api('PUT', '/orgs/shortlived/actions/secrets/GONE', { auth: w.alice, body: { data: 'x' } }), 201);
    ok(await w.h.api('POST', '/orgs/shortlived/actions/variables/GONE', { auth: w.alice, body: { value: 'x' } }), 201);
    ok(await w.h.api('PUT', '/user/actions/secrets/BOBS', { auth: w.bob, body: { data: 'x' } }), 201);
    const bob = ok(await w.h.api('GET', '/user', { auth: w.bob }), 200).body.id as number;
    ok(await w.h.api('DELETE', '/orgs/shortlived', { auth: w.alice }), 204);
    ok(await w.h.api('DELETE', '/admin/users/bob', { auth: w.root }), 204);
    const secretStore = await import('../../server/store/action-secrets.ts');
    const variableStore = await import('../../server/store/action-variables.ts');
    assert.deepEqual(await secretStore.listOf(w.h.app.store, { ownerId: org }), []);
    assert.deepEqual(await variableStore.listOf(w.h.app.store, { ownerId: org }), []);
    assert.deepEqual(await secretStore.listOf(w.h.app.store, { ownerId: bob }), []);
  } finally {
    await w.h.stop();
  }
});
