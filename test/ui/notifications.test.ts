/** UI: the header shows the unread count; /notifications lists threads with links, marks one read, pins, marks all read; empty state. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken, makeUser } from '../helpers/host.ts';
import { screenshot, signedIn, uiFixture } from '../helpers/browser.ts';
import { notificationsIdle } from '../../server/services/notification/queue.ts';

describe('UI notifications', () => {
  const ui = uiFixture();
  let root: string;
  let alice: string;
  before(async () => {
    root = await createToken(ui.h, ADMIN.username, ADMIN.password);
    alice = await makeUser(ui.h, 'alice');
    // root creates (and so watches) the repository; alice opens two issues in it
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: root, body: { name: 'bells', auto_init: true } })).status, 201);
    for (const title of ['Door squeaks', 'Lamp flickers']) {
      assert.equal((await ui.h.api('POST', '/repos/root/bells/issues', { auth: alice, body: { title } })).status, 201);
    }
    await notificationsIdle(ui.h.app);
  });

  test('header count, the list, mark one read, pin, mark all read, and the empty state', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/');
    const bell = page.getByRole('link', { name: 'Notifications, 2 unread' });
    await bell.waitFor();
    assert.equal(await page.getByTestId('notification-count').textContent(), '2');
    await bell.click();
    const list = page.getByRole('list', { name: 'Unread notifications' });
    await list.getByRole('link', { name: 'Door squeaks' }).waitFor();
    await list.getByRole('link', { name: 'Lamp flickers' }).waitFor();
    await screenshot(page, 'notifications-unread');

    const door = list.getByRole('listitem').filter({ hasText: 'Door squeaks' });
    await door.getByRole('button', { name: 'Mark read' }).click();
    await page.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor();
    await list.getByRole('link', { name: 'Door squeaks' }).waitFor({ state: 'detached' });
    const lamp = list.getByRole('listitem').filter({ hasText: 'Lamp flickers' });
    await lamp.getByRole('button', { name: 'Pin' }).click();
    await lamp.getByText('pinned', { exact: true }).waitFor();

    await page.getByRole('link', { name: 'Read', exact: true }).click();
    await page.getByRole('list', { name: 'Read notifications' }).getByRole('link', { name: 'Door squeaks' }).waitFor();
    await page.getByRole('link', { name: 'Unread', exact: true }).click();
    // a pinned thread stays listed; new activity makes the read one unread, and "Mark all read" clears both
    assert.equal((await ui.h.api('POST', '/repos/root/bells/issues/1/comments', { auth: alice, body: { body: 'still squeaks' } })).status, 201);
    await notificationsIdle(ui.h.app);
    await page.reload();
    await list.getByRole('link', { name: 'Door squeaks' }).waitFor();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    await list.getByRole('link', { name: 'Lamp flickers' }).waitFor();
    await lamp.getByRole('button', { name: 'Mark read' }).click();
    await page.getByText('You have no unread notifications.').waitFor();
    await screenshot(page, 'notifications-empty');

    await page.getByRole('link', { name: 'Read', exact: true }).click();
    await page.getByRole('list', { name: 'Read notifications' }).getByRole('link', { name: 'Lamp flickers' }).click();
    await page.waitForURL(/\/root\/bells\/issues\/2$/);
    assert.equal((await ui.h.api('GET', '/notifications/new', { auth: root })).body.new, 0);
    assert.deepEqual(errors, []);
  });
});
