/** The owner session made through the session service, and the preload's exposed API. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { startHost, request, ADMIN } from '../helpers/host.ts';
import { ownerSessionProvider, findOwner, DESKTOP_TOKEN_NAME } from '../../main/owner-session.ts';
import { createUser } from '../../server/services/user/users.ts';
import { createToken, listTokens } from '../../server/services/token/tokens.ts';

describe('owner session', () => {
  test('none before the first administrator exists; made for the lowest-id administrator after', async () => {
    const h = await startHost({ env: { HOMEFORGE_ADMIN_USER: '' } });
    try {
      const session = ownerSessionProvider(h.app);
      assert.equal(await session(), null);
      await createUser(h.app, { username: 'plain', email: 'plain@example.com', password: 'plain-password-1' });
      assert.equal(await session(), null, 'a user who is not an administrator is not the owner');
      await createUser(h.app, { username: 'owner', email: 'owner@example.com', password: 'owner-password-1', is_admin: true });
      await createUser(h.app, { username: 'later', email: 'later@example.com', password: 'later-password-1', is_admin: true });
      const made = await session();
      assert.equal(made?.username, 'owner');
      assert.match(made?.token ?? '', /^hfs_[\w-]{43}$/);
      assert.equal((await h.api('GET', '/user', { auth: made!.token })).body.login, 'owner');
    } finally {
      await h.stop();
    }
  });

  test('a UI session, not a personal token: an older desktop token is removed, and an ended session is made again', async () => {
    const h = await startHost();
    try {
      const owner = (await findOwner(h.app))!;
      assert.equal(owner.name, ADMIN.username);
      await createToken(h.app, owner, DESKTOP_TOKEN_NAME, ['all']);
      const session = ownerSessionProvider(h.app);
      const first = await session();
      assert.equal((await listTokens(h.app, owner)).length, 0, 'no personal token is listed for the window');
      assert.equal((await h.api('GET', '/user', { auth: first!.token })).status, 200);
      assert.equal((await session())?.token, first?.token, 'one session per run');
      assert.equal((await request(h.url, 'DELETE', '/api/homeforge/session', { auth: first!.token })).status, 204);
      const second = await session();
      assert.notEqual(second?.token, first?.token);
      assert.equal((await h.api('GET', '/user', { auth: first!.token })).status, 401, 'the ended session stays ended');
      assert.equal((await h.api('GET', '/user', { auth: second!.token })).status, 200);
    } finally {
      await h.stop();
    }
  });
});

describe('preload', () => {
  test('is self-contained: at run time it imports electron only (a sandboxed preload can require nothing else)', () => {
    const source = readFileSync(new URL('../../main/preload.cts', import.meta.url), 'utf8');
    const runtimeImports = [...source.matchAll(/^import (?!type )[^;]*from '([^']+)'/gm)].map((m) => m[1]);
    assert.deepEqual(runtimeImports, ['electron']);
  });

  test('exposes exactly { session } as window.homeforge, which invokes the session channel', async () => {
    const require = createRequire(import.meta.url);
    const exposed: Record<string, unknown> = {};
    const invoked: string[] = [];
    const fake = {
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => { exposed[key] = api; } },
      ipcRenderer: { invoke: (channel: string) => { invoked.push(channel); return Promise.resolve({ token: 't', username: 'u' }); } },
    };
    const electronPath = require.resolve('electron');
    require.cache[electronPath] = { id: electronPath, filename: electronPath, loaded: true, exports: fake } as NodeJS.Module;
    try {
      require('../../main/preload.cts');
    } finally {
      delete require.cache[electronPath];
    }
    assert.deepEqual(Object.keys(exposed), ['homeforge']);
    const api = exposed.homeforge as { session(): Promise<unknown> };
    assert.deepEqual(Object.keys(api), ['session']);
    assert.deepEqual(await api.session(), { token: 't', username: 'u' });
    assert.deepEqual(invoked, ['homeforge:session']);
  });
});
