/** UI: a team with more members than one page shows them page by page, and the page of one team leaves the others alone. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken } from '../helpers/host.ts';
import { screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

const NAMES = Array.from({ length: 13 }, (_, i) => `member${String(i + 1).padStart(2, '0')}`);

describe('UI team member paging', () => {
  const ui = uiFixture();
  before(async () => {
    const auth = await createToken(ui.h, ADMIN.username, ADMIN.password);
    assert.equal((await ui.h.api('POST', '/orgs', { auth, body: { username: 'crowd' } })).status, 201);
    const team = await ui.h.api('POST', '/orgs/crowd/teams', { auth, body: { name: 'many', permission: 'read', units: ['repo.code'] } });
    assert.equal(team.status, 201, team.text);
    for (const name of NAMES) {
      assert.equal((await ui.h.api('POST', '/admin/users', { auth, body: { username: name, email: `${name}@example.com`, password: `${name}-password-1`, must_change_password: false } })).status, 201);
      assert.equal((await ui.h.api('PUT', `/teams/${team.body.id}/members/${name}`, { auth })).status, 204);
    }
  });

  test('members beyond the first page are a click away', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/org/crowd/teams');
    const list = page.getByRole('list', { name: 'Members of many' });
    await list.getByText('member01').waitFor();
    const shown = async () => (await list.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s*Remove$/, '').trim());
    assert.deepEqual(await shown(), NAMES.slice(0, 10));
    const pager = page.getByRole('navigation', { name: 'Pages of the members of many' });
    assert.match(await pager.innerText(), /Page 1 of 2/);
    assert.equal(await page.getByRole('navigation', { name: 'Pages of the members of Owners' }).count(), 0, 'one page of owners needs no pager');
    await pager.getByRole('button', { name: 'Next' }).click();
    await list.getByText('member11').waitFor();
    assert.deepEqual(await shown(), NAMES.slice(10));
    assert.match(page.url(), /team-\d+-page=2/);
    await page.getByRole('list', { name: 'Members of Owners' }).getByText(ADMIN.username).waitFor();
    await screenshot(page, 'team-members-page-2');
    // Removing a member on the second page keeps the page.
    await page.getByRole('button', { name: 'Remove member13 from many' }).click();
    await list.getByText('member13').waitFor({ state: 'detached' });
    assert.deepEqual(await shown(), NAMES.slice(10, 12));
    assert.deepEqual(errors, []);
  });
});
