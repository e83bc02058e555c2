/** UI: a pending transfer accepted, rejected and cancelled from the repository page; old addresses lead to the new one. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken } from '../helpers/host.ts';
import { screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

describe('UI repository transfers', () => {
  const ui = uiFixture();
  let admin: string;
  let alice: string;
  before(async () => {
    admin = await createToken(ui.h, ADMIN.username, ADMIN.password);
    for (const u of ['alice', 'bob']) {
      const res = await ui.h.api('POST', '/admin/users', { auth: admin, body: { username: u, email: `${u}@example.com`, password: `${u}-password-1`, must_change_password: false } });
      assert.equal(res.status, 201);
    }
    alice = await createToken(ui.h, 'alice', 'alice-password-1');
  });

  const start = async (name: string) => {
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: alice, body: { name, auto_init: true, private: true } })).status, 201);
    const res = await ui.h.api('POST', `/repos/alice/${name}/transfer`, { auth: alice, body: { new_owner: 'bob' } });
    assert.equal(res.status, 201);
  };

  test('the recipient sees the pending transfer and rejects one, accepts another', async () => {
    await start('declined');
    await start('gift');
    const { page, errors } = await signedIn(ui.browser, ui.h, 'bob', 'bob-password-1');
    await page.goto('/alice/declined');
    const box = page.getByRole('region', { name: 'Transfer waiting for bob' });
    await box.waitFor();
    assert.match(await box.innerText(), /alice asked to transfer this repository to bob/);
    assert.equal(await box.getByRole('button', { name: 'Cancel transfer' }).count(), 0, 'cancelling is the owner side\'s');
    await screenshot(page, 'transfer-pending-recipient');
    await box.getByRole('button', { name: 'Reject transfer' }).click();
    await box.waitFor({ state: 'detached' });
    const declined = await ui.h.api('GET', '/repos/alice/declined', { auth: alice });
    assert.equal(declined.body.owner.login, 'alice');
    assert.equal(declined.body.repo_transfer, undefined);

    await page.goto('/alice/gift');
    await page.getByRole('button', { name: 'Accept transfer' }).click();
    await page.waitForURL('**/bob/gift');
    await page.getByRole('link', { name: 'bob/gift' }).waitFor();
    const moved = await ui.h.api('GET', '/repos/bob/gift', { auth: admin });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.repo_transfer, undefined);
    assert.deepEqual(errors, []);
  });

  test('the owner sees the pending transfer and cancels it', async () => {
    await start('kept');
    const { page, errors } = await signedIn(ui.browser, ui.h, 'alice', 'alice-password-1');
    await page.goto('/alice/kept');
    const box = page.getByRole('region', { name: 'Transfer waiting for bob' });
    await box.waitFor();
    assert.equal(await box.getByRole('button', { name: 'Accept transfer' }).count(), 0, 'only the recipient accepts');
    await screenshot(page, 'transfer-pending-owner');
    await box.getByRole('button', { name: 'Cancel transfer' }).click();
    await box.waitFor({ state: 'detached' });
    assert.equal((await ui.h.api('GET', '/repos/alice/kept', { auth: alice })).body.repo_transfer, undefined);
    assert.equal((await ui.h.api('POST', '/repos/alice/kept/transfer/accept', { auth: await createToken(ui.h, 'bob', 'bob-password-1') })).status, 404);
    assert.deepEqual(errors, []);
  });

  test('the old web address of a renamed, then transferred repository opens the new one', async () => {
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: admin, body: { name: 'before', auto_init: true } })).status, 201);
    assert.equal((await ui.h.api('PATCH', `/repos/${ADMIN.username}/before`, { auth: admin, body: { name: 'after' } })).status, 200);
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto(`/${ADMIN.username}/before/commits/branch/main`);
    await page.waitForURL(`**/${ADMIN.username}/after/commits/branch/main`);
    await page.getByRole('link', { name: `${ADMIN.username}/after` }).waitFor();
    assert.equal((await ui.h.api('POST', `/repos/${ADMIN.username}/after/transfer`, { auth: admin, body: { new_owner: 'alice' } })).status, 202);
    await page.goto(`/${ADMIN.username}/before/src/branch/main/README.md`);
    await page.waitForURL('**/alice/after/src/branch/main/README.md');
    await page.getByRole('link', { name: 'alice/after' }).waitFor();
    await screenshot(page, 'transfer-old-address');
    assert.deepEqual(errors, []);
  });
});
