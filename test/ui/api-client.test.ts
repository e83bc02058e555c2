/** The UI's API client against a real host: token header, Gitea's error words, the fields a 422 names. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient, ApiError, fieldProblems } from '../../renderer/src/api/client.ts';
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

  test('reads the fields of a 422 answer from its structured errors, not from its message', () => {
    const errors = [
      { field: 'username', code: 'required', message: 'username is required' },
      { field: 'email', code: 'invalid_format', message: 'email must be an email address, with a comma' },
      { field: 'email', code: 'too_long', max: 254, message: 'a second problem of the same field' },
      { field: 'events.0', code: 'invalid_value', message: 'events.0 must be one of "push"' },
    ];
    assert.deepEqual(fieldProblems(errors), {
      username: { code: 'required', message: 'username is required' },
      email: { code: 'invalid_format', message: 'email must be an email address, with a comma' },
      events: { code: 'invalid_value', message: 'events.0 must be one of "push"' },
    });
    assert.deepEqual(fieldProblems(undefined), {});
    assert.deepEqual(fieldProblems([{ field: 1 }, null, 'x']), {});
  });

  test('sends the token and turns error answers into ApiError with the message and fields', async () => {
    const api = new ApiClient(await createToken(h, ADMIN.username, ADMIN.password));
    const me = await api.get<{ login: string }>('/api/v1/user');
    assert.equal(me.login, ADMIN.username);

    const refused = await api.post('/api/v1/admin/users', { email: 'x@example.com' }).catch((e: unknown) => e);
    assert.ok(refused instanceof ApiError);
    assert.equal(refused.status, 422);
    assert.equal(refused.problems.username?.code, 'required', refused.message);
    assert.ok(!/Invalid input|received undefined|\[username\]/.test(refused.message), refused.message);

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
    assert.equal(missing.message, 'The repository root/none does not exist.');
  });

  test('keeps the body of an error answer for fields of its own (the names a topic refusal lists)', async () => {
    const api = new ApiClient(await createToken(h, ADMIN.username, ADMIN.password));
    await api.post('/api/v1/user/repos', { name: 'tagged' });
    const refused = await api.request('PUT', '/api/v1/repos/root/tagged/topics', { body: { topics: ['fine', 'Not Fine'] } }).catch((e: unknown) => e);
    assert.ok(refused instanceof ApiError);
    assert.equal(refused.status, 422);
    assert.equal(refused.message, 'Topic names are invalid');
    assert.deepEqual(refused.body?.invalidTopics, ['not fine']);
  });
});
