import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, type TestHost } from '../helpers/host.ts';

describe('CORS', () => {
  let h: TestHost;
  let off: TestHost;
  before(async () => {
    h = await startHost({ settings: { 'cors.ENABLED': 'true', 'cors.ALLOW_DOMAIN': 'https://app.example.com,*.lan.test', 'cors.MAX_AGE': '10m' } });
    off = await startHost();
  });
  after(async () => { await h.stop(); await off.stop(); });

  const preflight = (host: TestHost, origin: string) => fetch(`${host.url}/api/v1/user`, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'authorization,x-gitea-otp,content-type' },
  });

  test('a preflight from an allowed origin lists Authorization and X-Gitea-OTP among the allowed headers', async () => {
    const res = await preflight(h, 'https://app.example.com');
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example.com');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(',').map((s) => s.trim());
    for (const name of ['authorization', 'x-gitea-otp', 'content-type', 'user-agent']) assert.ok(allowed.includes(name), name);
    assert.match(res.headers.get('access-control-allow-methods') ?? '', /PATCH/);
    assert.equal(res.headers.get('access-control-max-age'), '600');
    assert.equal(res.headers.get('access-control-allow-credentials'), null);
  });

  test('wildcard host entries match any scheme and port; other origins get no CORS headers', async () => {
    assert.equal((await preflight(h, 'http://box.lan.test:8080')).headers.get('access-control-allow-origin'), 'http://box.lan.test:8080');
    assert.equal((await preflight(h, 'https://evil.test')).headers.get('access-control-allow-origin'), null);
    assert.equal((await preflight(h, 'https://lan.test.evil.test')).headers.get('access-control-allow-origin'), null);
  });

  test('actual requests carry the origin and expose the warning and paging headers', async () => {
    const res = await fetch(`${h.url}/api/v1/version`, { headers: { Origin: 'https://app.example.com' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example.com');
    assert.match(res.headers.get('access-control-expose-headers') ?? '', /X-Gitea-Warning/);
  });

  test('with [cors] ENABLED=false (the default) no CORS header is sent', async () => {
    const res = await fetch(`${off.url}/api/v1/version`, { headers: { Origin: 'https://app.example.com' } });
    assert.equal(res.headers.get('access-control-allow-origin'), null);
    assert.equal((await preflight(off, 'https://app.example.com')).headers.get('access-control-allow-origin'), null);
  });
});
