/** Actions secrets at repository, organization and user level: Gitea's statuses, names, limits, storage and resolution for runs. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { secretsWorld, ok, filesHolding } from './helpers.ts';
import { request } from '../helpers/host.ts';
import { secretsForRun } from '../../server/services/actions/secrets-for-run.ts';

const LEVELS = ['/repos/alice/app/actions/secrets', '/orgs/acme/actions/secrets', '/user/actions/secrets'];

test('secrets at every level: 201 created, 204 updated, listed without values, deleted, then 404', async () => {
  const w = await secretsWorld();
  try {
    for (const base of LEVELS) {
      const value = `value-of-${base.split('/')[1]}-4c7e`;
      ok(await w.h.api('PUT', `${base}/deploy_key`, { auth: w.alice, body: { data: value, description: 'first' } }), 201);
      ok(await w.h.api('PUT', `${base}/DEPLOY_KEY`, { auth: w.alice, body: { data: `${value}-2`, description: 'second' } }), 204);
      ok(await w.h.api('PUT', `${base}/a_token`, { auth: w.alice, body: { data: 'x' } }), 201);
      const listPath = base.startsWith('/user') ? null : base;
      const list = listPath
        ? ok(await w.h.api('GET', listPath, { auth: w.alice }), 200)
        : ok(await request(w.h.url, 'GET', '/api/homeforge/user/actions/secrets', { auth: w.alice }), 200);
      assert.deepEqual(list.body.map((s: { name: string }) => s.name), ['A_TOKEN', 'DEPLOY_KEY']);
      assert.equal(list.headers.get('x-total-count'), '2');
      assert.deepEqual(Object.keys(list.body[1]).sort(), ['created_at', 'description', 'name']);
      assert.equal(list.body[1].description, 'second');
      assert.ok(!list.text.includes(value), 'a list never holds a value');
      ok(await w.h.api('DELETE', `${base}/Deploy_Key`, { auth: w.alice }), 204);
      const gone = ok(await w.h.api('DELETE', `${base}/DEPLOY_KEY`, { auth: w.alice }), 404);
      assert.equal(typeof gone.body.message, 'string');
      assert.ok('url' in gone.body);
    }
  } finally {
    await w.h.stop();
  }
});

test('deleting a user secret removes the user\'s, never the organization\'s of the same name', async () => {
  const w = await secretsWorld();
  try {
    ok(await w.h.api('PUT', '/orgs/acme/actions/secrets/SHARED', { auth: w.alice, body: { data: 'org-value' } }), 201);
    ok(await w.h.api('PUT', '/user/actions/secrets/SHARED', { auth: w.alice, body: { data: 'user-value' } }), 201);
    ok(await w.h.api('DELETE', '/user/actions/secrets/shared', { auth: w.alice }), 204);
    const org = ok(await w.h.api('GET', '/orgs/acme/actions/secrets', { auth: w.alice }), 200);
    assert.deepEqual(org.body.map((s: { name: string }) => s.name), ['SHARED']);
    // The user has none left: a second delete finds nothing, even though the organization (owned by alice) has one.
    ok(await w.h.api('DELETE', '/user/actions/secrets/SHARED', { auth: w.alice }), 404);
    assert.deepEqual(await secretsForRun(w.h.app, w.repos.tool), { SHARED: 'org-value' });
    assert.deepEqual(await secretsForRun(w.h.app, w.repos.app), {});
  } finally {
    await w.h.stop();
  }
});

test('a run sees its owner\'s secrets with the repository\'s over them; forks of pull requests see none', async () => {
  const w = await secretsWorld();
  try {
    ok(await w.h.api('PUT', '/user/actions/secrets/TOKEN', { auth: w.alice, body: { data: 'from-user' } }), 201);
    ok(await w.h.api('PUT', '/user/actions/secrets/ONLY_USER', { auth: w.alice, body: { data: 'u' } }), 201);
    ok(await w.h.api('PUT', '/repos/alice/app/actions/secrets/token', { auth: w.alice, body: { data: 'from-repo' } }), 201);
    ok(await w.h.api('PUT', '/orgs/acme/actions/secrets/TOKEN', { auth: w.alice, body: { data: 'from-org' } }), 201);
    assert.deepEqual(await secretsForRun(w.h.app, w.repos.app), { ONLY_USER: 'u', TOKEN: 'from-repo' });
    assert.deepEqual(await secretsForRun(w.h.app, w.repos.pub), { ONLY_USER: 'u', TOKEN: 'from-user' });
    assert.deepEqual(await secretsForRun(w.h.app, w.repos.tool), { TOKEN: 'from-org' });
    assert.deepEqual(await secretsForRun(w.h.app, w.repos.app, { token: 't0k', forkPullRequest: true, event: 'pull_request' }), { GITHUB_TOKEN: 't0k', GITEA_TOKEN: 't0k' });
    const target = await secretsForRun(w.h.app, w.repos.app, { forkPullRequest: true, event: 'pull_request_target' });
    assert.equal(target.TOKEN, 'from-repo');
  } finally {
    await w.h.stop();
  }
});

test('values are sealed at rest: no stored file holds them, and a run gets them back', async () => {
  const w = await secretsWorld();
  const value = 'plain-secret-value-93f1e0';
  try {
    ok(await w.h.api('PUT', '/repos/alice/app/actions/secrets/AT_REST', { auth: w.alice, body: { data: value } }), 201);
    ok(await w.h.api('PUT', '/orgs/acme/actions/secrets/AT_REST', { auth: w.alice, body: { data: `${value}-org` } }), 201);
    await w.h.app.store.engine.flush();
    const stored = path.join(w.h.dataDir, 'store');
    const doc = JSON.parse(await readFile(path.join(stored, 'action_secrets.json'), 'utf8')) as { rows: Record<string, { name: string; data: string }> };
    const rows = Object.values(doc.rows);
    assert.deepEqual(rows.map((r) => r.name), ['AT_REST', 'AT_REST'], 'both records are stored');
    for (const r of rows) assert.match(r.data, /^v1:[A-Za-z0-9+/=]+$/, 'sealed with the data dir\'s secret box');
    assert.deepEqual(await filesHolding(w.h.dataDir, value), [], 'no file under the data dir holds the value');
    assert.equal((await secretsForRun(w.h.app, w.repos.app)).AT_REST, value);
  } finally {
    await w.h.stop();
  }
});

test('names and sizes: Gitea\'s 400 for a bad name or a value too long, 422 for a missing or empty value', async () => {
  const w = await secretsWorld();
  try {
    for (const name of ['1ABC', 'A-B', 'GITHUB_TOKEN', 'gitea_x', 'Gitea_', 'a.b', 'X'.repeat(256)]) {
      for (const base of LEVELS) {
        const res = ok(await w.h.api('PUT', `${base}/${name}`, { auth: w.alice, body: { data: 'v' } }), 400);
        assert.deepEqual(Object.keys(res.body).sort(), ['message', 'url']);
        assert.equal(res.body.message, 'invalid secret name');
        ok(await w.h.api('DELETE', `${base}/${name}`, { auth: w.alice }), 400);
      }
    }
    ok(await w.h.api('PUT', `/user/actions/secrets/${'X'.repeat(255)}`, { auth: w.alice, body: { data: 'v' } }), 201);
    ok(await w.h.api('PUT', '/user/actions/secrets/_UNDERSCORE_1', { auth: w.alice, body: { data: 'v' } }), 201);
    const big = ok(await w.h.api('PUT', '/user/actions/secrets/BIG', { auth: w.alice, body: { data: 'x'.repeat(65537) } }), 400);
    assert.equal(big.body.message, 'data too long');
    // Gitea counts bytes: 21846 three-byte characters are 65538 bytes.
    ok(await w.h.api('PUT', '/user/actions/secrets/BIG', { auth: w.alice, body: { data: '€'.repeat(21846) } }), 400);
    ok(await w.h.api('PUT', '/user/actions/secrets/BIG', { auth: w.alice, body: { data: 'x'.repeat(65536) } }), 201);
    ok(await w.h.api('PUT', '/user/actions/secrets/EMPTY', { auth: w.alice, body: { data: '' } }), 422);
    ok(await w.h.api('PUT', '/user/actions/secrets/EMPTY', { auth: w.alice, body: { description: 'no data' } }), 422);
    ok(await w.h.api('PUT', '/user/actions/secrets/EMPTY', { auth: w.alice, body: { data: 5 } }), 422);
  } finally {
    await w.h.stop();
  }
});
