/** The UI's API client against a real host: token header, Gitea's error words, the fields a 422 names. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient, ApiError, parseFieldErrors } from '../../renderer/src/api/client.ts';
import { ADMIN, createToken, startHost, type TestHost } from '../helpers/host.ts';

describe('UI API client', () => {
  let h: TestHost;
  let restore: typeof fetch;
  before(async () => {
    h = await startHost();
    restore = globalThis.fetch;
    // The client fetches same-origin paths, as in the browser; here they go to the test host.
    globalThis.fetch = (input, init) => restore(typeof input === 'string' && input.startsWith('/') ? `${h.url}${input}` : input, init);
  });
  after(async () => {
    globalThis.fetch = restore;
    await h?.stop();
  });

  test('parses the fields named by a 422 message', () => {
    assert.deepEqual(parseFieldErrors('[username]: Required, [email]: Invalid email, with a comma'), { username: 'Required', email: 'Invalid email, with a comma' });
    assert.deepEqual(parseFieldErrors('[body.name]: too long'), { name: 'too long' });
    assert.deepEqual(parseFieldErrors('user already exists [name: x]'), {});
  });

  test('sends the token and turns error answers into ApiError with the message and fields', async () => {
    const api = new ApiClient(await createToken(h, ADMIN.username, ADMIN.password));
    const me = await api.get<{ login: string }>('/api/v1/user');
    assert.equal(me.login, ADMIN.username);

    const refused = await api.post('/api/v1/admin/users', { email: 'x@example.com' }).catch((e: unknown) => e);
    assert.ok(refused instanceof ApiError);
    assert.equal(refused.status, 422);
    assert.ok(refused.fields.username, refused.message);

    let ended = 0;
    const stale = new ApiClient('0'.repeat(40));
    stale.onUnauthorized = () => { ended++; };
    const denied = await stale.get('/api/v1/user').catch((e: unknown) => e);
    assert.ok(denied instanceof ApiError);
    assert.equal(denied.status, 401);
    assert.equal(ended, 1);

    const missing = await api.get('/api/v1/repos/root/none').catch((e: unknown) => e);
    assert.ok(missing instanceof ApiError);
    assert.equal(missing.status, 404);
    assert.ok(missing.message.length > 0);
  });
});
