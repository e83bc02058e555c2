import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, ADMIN, type TestHost } from '../helpers/host.ts';
import { makeUser } from './helpers.ts';

const ON = { 'service.ENABLE_REVERSE_PROXY_AUTHENTICATION_API': 'true' };

describe('reverse-proxy authentication', () => {
  const hosts: TestHost[] = [];
  const host = async (settings: Record<string, string>): Promise<TestHost> => {
    const h = await startHost({ settings });
    hosts.push(h);
    return h;
  };
  after(async () => { for (const h of hosts) await h.stop(); });

  test('X-WEBAUTH-USER from a trusted proxy (loopback by default) signs the user in', async () => {
    const h = await host(ON);
    const res = await h.api('GET', '/user', { headers: { 'X-WEBAUTH-USER': ADMIN.username } });
    assert.equal(res.status, 200);
    assert.equal(res.body.login, ADMIN.username);
    const unknown = await h.api('GET', '/user', { headers: { 'X-WEBAUTH-USER': 'nobody-known' } });
    assert.equal(unknown.status, 401, 'an unknown name without auto-registration is refused, as in Gitea');
  });

  test('the header is ignored when the method is off', async () => {
    const h = await host({});
    const res = await h.api('GET', '/user', { headers: { 'X-WEBAUTH-USER': ADMIN.username } });
    assert.equal(res.status, 401);
    assert.equal(res.body.message, 'token is required');
  });

  test('the header is ignored from an address outside REVERSE_PROXY_TRUSTED_PROXIES', async () => {
    const h = await host({ ...ON, 'security.REVERSE_PROXY_TRUSTED_PROXIES': '10.0.0.0/8,fd00::/8' });
    const res = await h.api('GET', '/user', { headers: { 'X-WEBAUTH-USER': ADMIN.username } });
    assert.equal(res.status, 401);
    assert.equal(res.body.message, 'token is required');
    const trusted = await host({ ...ON, 'security.REVERSE_PROXY_TRUSTED_PROXIES': '10.0.0.0/8,127.0.0.1' });
    assert.equal((await trusted.api('GET', '/user', { headers: { 'X-WEBAUTH-USER': ADMIN.username } })).status, 200);
  });

  test('auto-registration with the email and full-name headers', async () => {
    const h = await host({
      ...ON, 'service.ENABLE_REVERSE_PROXY_AUTO_REGISTRATION': 'true', 'service.ENABLE_REVERSE_PROXY_EMAIL': 'true',
      'service.ENABLE_REVERSE_PROXY_FULL_NAME': 'true',
    });
    const headers = { 'X-WEBAUTH-USER': 'newbie', 'X-WEBAUTH-EMAIL': 'newbie@corp.test', 'X-WEBAUTH-FULLNAME': 'New Bie' };
    const res = await h.api('GET', '/user', { headers });
    assert.equal(res.status, 200);
    assert.equal(res.body.login, 'newbie');
    assert.equal(res.body.email, 'newbie@corp.test');
    assert.equal(res.body.full_name, 'New Bie');
    assert.equal(res.body.active, true);
    assert.equal(res.body.is_admin, false);
    assert.equal((await h.api('GET', '/user', { headers })).body.id, res.body.id, 'the second request finds the same account');
    // With the email header enabled, a request naming only an email finds that account.
    const byEmail = await h.api('GET', '/user', { headers: { 'X-WEBAUTH-EMAIL': 'newbie@corp.test' } });
    assert.equal(byEmail.body.login, 'newbie');
  });

  test('auto-registration without the email setting: a placeholder address, the full name not taken', async () => {
    const h = await host({ ...ON, 'service.ENABLE_REVERSE_PROXY_AUTO_REGISTRATION': 'true' });
    const res = await h.api('GET', '/user', { headers: { 'X-WEBAUTH-USER': 'quiet', 'X-WEBAUTH-EMAIL': 'q@corp.test', 'X-WEBAUTH-FULLNAME': 'Q' } });
    assert.equal(res.status, 200);
    assert.match(res.body.email, /^[0-9a-f-]{36}@localhost$/);
    assert.equal(res.body.full_name, '');
  });

  test('a token or basic credential wins over the proxy header; other header names come from the settings', async () => {
    const h = await host({ ...ON, 'security.REVERSE_PROXY_AUTHENTICATION_USER': 'X-Remote-User' });
    await makeUser(h, 'pat');
    const res = await h.api('GET', '/user', { auth: ['pat', 'pat-password-1'], headers: { 'X-Remote-User': ADMIN.username } });
    assert.equal(res.body.login, 'pat');
    assert.equal((await h.api('GET', '/user', { headers: { 'X-Remote-User': 'pat' } })).body.login, 'pat');
    assert.equal((await h.api('GET', '/user', { headers: { 'X-WEBAUTH-USER': 'pat' } })).status, 401);
  });
});
