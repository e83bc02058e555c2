import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { startHost, request, ADMIN, type TestHost } from '../helpers/host.ts';
import { createHost } from '../../server/host.ts';

describe('host basics', () => {
  let h: TestHost;
  before(async () => { h = await startHost(); });
  after(async () => { await h.stop(); });

  test('GET /version answers Gitea ServerVersion', async () => {
    const res = await h.api('GET', '/version');
    assert.equal(res.status, 200);
    assert.match(res.body.version, /^\d+\.\d+\.\d+/);
  });

  test('GET /settings/api answers GeneralAPISettings with Gitea defaults', async () => {
    const res = await h.api('GET', '/settings/api');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {
      max_response_items: 50, default_paging_num: 30, default_git_trees_per_page: 1000,
      default_max_blob_size: 10485760, default_max_response_size: 104857600,
    });
  });

  test('unknown route: 404 with Gitea error body, whatever the body', async () => {
    const res = await h.api('POST', '/no/such/route', { rawBody: '{not json' });
    assert.equal(res.status, 404);
    assert.equal(res.body.message, 'not found');
    assert.equal(res.body.url, `${h.url}/api/swagger`);
  });

  test('malformed JSON on a real route: 400', async () => {
    const res = await h.api('POST', '/admin/users', { rawBody: '{"email":', auth: [ADMIN.username, ADMIN.password], headers: { 'Content-Type': 'application/json' } });
    assert.equal(res.status, 400);
    assert.match(res.body.message, /invalid JSON/);
  });

  test('oversized body: 413', async () => {
    const big = JSON.stringify({ email: 'x'.repeat(11 * 1024 * 1024) });
    const res = await h.api('POST', '/admin/users', { rawBody: big, auth: [ADMIN.username, ADMIN.password], headers: { 'Content-Type': 'application/json' } });
    assert.equal(res.status, 413);
    assert.ok(res.body.message);
  });

  test('the first admin from the environment exists and can sign in', async () => {
    const res = await h.api('GET', '/user', { auth: [ADMIN.username, ADMIN.password] });
    assert.equal(res.status, 200);
    assert.equal(res.body.login, ADMIN.username);
    assert.equal(res.body.is_admin, true);
  });

  test('GET /user without credentials: 401 token is required', async () => {
    const res = await h.api('GET', '/user');
    assert.equal(res.status, 401);
    assert.equal(res.body.message, 'token is required');
  });

  test('GET answers carry an ETag and honour If-None-Match', async () => {
    const first = await h.api('GET', '/settings/api');
    const etag = first.headers.get('etag');
    assert.ok(etag);
    // fetch() adds Cache-Control: no-cache to conditional requests, so ask with plain http as git clients do.
    const status = await new Promise<number>((resolve, reject) => {
      http.get(`${h.url}/api/v1/settings/api`, { headers: { 'If-None-Match': etag } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject);
    });
    assert.equal(status, 304);
  });

  test('the generated API description lists the routes', async () => {
    const res = await request(h.url, 'GET', '/api/swagger');
    assert.equal(res.status, 200);
    assert.equal(res.body.paths['/version'].get.operationId, 'getVersion');
  });
});

describe('data dir and settings', () => {
  test('a second host on the same data dir refuses to start', async () => {
    const h = await startHost();
    try {
      await assert.rejects(createHost({ dataDir: h.dataDir, port: 0 }), /already using the data dir/);
    } finally {
      await h.stop();
    }
  });

  test('an invalid app.ini value stops the start naming the key', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-ini-'));
    try {
      await writeFile(path.join(dir, 'app.ini'), '[api]\nMAX_RESPONSE_ITEMS = lots\n');
      await assert.rejects(createHost({ dataDir: dir, port: 0 }), /\[api\] MAX_RESPONSE_ITEMS/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('app.ini values apply and HOMEFORGE__SECTION__KEY overrides them', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-ini-'));
    await writeFile(path.join(dir, 'app.ini'), '[api]\nMAX_RESPONSE_ITEMS = 20\nDEFAULT_PAGING_NUM = 7\n');
    const h = await startHost({ dataDir: dir, env: { HOMEFORGE__API__MAX_RESPONSE_ITEMS: '25' } });
    try {
      const res = await h.api('GET', '/settings/api');
      assert.equal(res.body.max_response_items, 25);
      assert.equal(res.body.default_paging_num, 7);
    } finally {
      await h.stop();
    }
  });

  test('an invalid environment override names the key', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-ini-'));
    try {
      await assert.rejects(createHost({ dataDir: dir, port: 0, env: { HOMEFORGE__SECURITY__DISABLE_QUERY_AUTH_TOKEN: 'maybe' } }),
        /\[security\] DISABLE_QUERY_AUTH_TOKEN/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('data written before a restart is there after it', async () => {
    const h = await startHost({ keepData: true });
    const dir = h.dataDir;
    await h.stop();
    const again = await startHost({ dataDir: dir, env: { HOMEFORGE_ADMIN_USER: '' } });
    try {
      const res = await again.api('GET', '/user', { auth: [ADMIN.username, ADMIN.password] });
      assert.equal(res.status, 200);
    } finally {
      await again.stop();
    }
  });
});
