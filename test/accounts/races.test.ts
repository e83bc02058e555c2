/**
 * Concurrent creates of one name: the store's unique indexes make exactly one succeed, and the others get
 * Gitea's answer for a taken name. Before the indexes, 8 concurrent creates of one user made 7 users.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, type TestHost } from '../helpers/host.ts';
import * as userStore from '../../server/store/users.ts';
import * as repoStore from '../../server/store/repos.ts';
import { ADMIN_AUTH } from './helpers.ts';

describe('concurrent creates of one name', () => {
  let h: TestHost;
  let admin: string;
  before(async () => {
    h = await startHost();
    admin = await createToken(h, ADMIN_AUTH[0], ADMIN_AUTH[1]);
  });
  after(async () => { await h.stop(); });

  test('8 concurrent POST /admin/users of one name: exactly one 201, the others 422', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => h.api('POST', '/admin/users', {
      auth: admin,
      body: { username: 'twin', email: `twin${i}@example.com`, password: 'twin-password-1', must_change_password: false },
    })));
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [201, 422, 422, 422, 422, 422, 422, 422], answers.map((a) => a.text).join('\n'));
    for (const a of answers.filter((x) => x.status === 422)) assert.equal(a.body.message, 'user already exists [name: twin]');
    assert.equal((await userStore.list(h.app.store, (u) => u.lower_name === 'twin')).length, 1);
  });

  test('8 concurrent creates of one email with different names: exactly one 201', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => h.api('POST', '/admin/users', {
      auth: admin,
      body: { username: `mail${i}`, email: 'Shared@example.com', password: 'mail-password-1', must_change_password: false },
    })));
    assert.equal(answers.filter((a) => a.status === 201).length, 1, answers.map((a) => a.text).join('\n'));
    for (const a of answers.filter((x) => x.status !== 201)) {
      assert.equal(a.status, 422);
      assert.equal(a.body.message, 'e-mail already in use [email: Shared@example.com]');
    }
  });

  test('a user and an organization of one name at once: exactly one 201', async () => {
    for (let round = 0; round < 4; round++) {
      const name = `both${round}`;
      const [user, org] = await Promise.all([
        h.api('POST', '/admin/users', {
          auth: admin, body: { username: name, email: `${name}@example.com`, password: 'both-password-1', must_change_password: false },
        }),
        h.api('POST', '/orgs', { auth: admin, body: { username: name } }),
      ]);
      const created = [user, org].filter((a) => a.status === 201);
      assert.equal(created.length, 1, `${user.status} ${user.text} / ${org.status} ${org.text}`);
      const loser = user.status === 201 ? org : user;
      assert.equal(loser.status, 422, loser.text);
      assert.equal(loser.body.message, `user already exists [name: ${name}]`);
      assert.equal((await userStore.list(h.app.store, (u) => u.lower_name === name)).length, 1);
    }
  });

  test('8 concurrent POST /user/repos of one name: one 201, the others 409', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => h.api('POST', '/user/repos', { auth: admin, body: { name: 'same' } })));
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [201, 409, 409, 409, 409, 409, 409, 409], answers.map((a) => a.text).join('\n'));
    for (const a of answers.filter((x) => x.status === 409)) assert.equal(a.body.message, 'The repository with the same name already exists.');
    const root = await userStore.getByName(h.app.store, 'root');
    assert.equal((await repoStore.listByOwner(h.app.store, root!.id)).filter((r) => r.lower_name === 'same').length, 1);
  });

  test('the store refuses a rename onto a taken name, whatever the service checked', async () => {
    const a = await userStore.getByName(h.app.store, 'twin');
    await assert.rejects(userStore.update(h.app.store, a!.id, (u) => { u.name = 'ROOT'; }), /lower_name already exists/);
    assert.equal((await userStore.getById(h.app.store, a!.id))?.name, 'twin');
    assert.equal((await userStore.getByName(h.app.store, 'root'))?.type, 'individual');
  });
});
