/** UI: the explore pages (repositories, users, organizations) for a signed-out visitor and a signed-in user: search in the address, tabs, paging. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ADMIN, makeUser } from '../helpers/host.ts';
import { openPage, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

/** Types `words` into the explore page's search box and sends it; waits until the address holds them. */
async function search(page: Page, what: string, words: string): Promise<void> {
  await page.getByRole('searchbox', { name: `Search ${what}` }).fill(words);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL((u) => u.searchParams.get('q') === words);
}

describe('UI explore', () => {
  const ui = uiFixture();
  const auth: [string, string] = [ADMIN.username, ADMIN.password];
  before(async () => {
    const alice = await makeUser(ui.h, 'alice');
    await makeUser(ui.h, 'carol', { full_name: 'Carol Jones' });
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: alice, body: { name: 'lantern', description: 'A small light' } })).status, 201);
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: alice, body: { name: 'hidden-notes', private: true } })).status, 201);
    assert.equal((await ui.h.api('POST', '/orgs', { auth, body: { username: 'makers', full_name: 'The Makers' } })).status, 201);
    assert.equal((await ui.h.api('POST', '/orgs', { auth, body: { username: 'insiders', visibility: 'limited' } })).status, 201);
  });

  test('a visitor finds a public repository by name and by description, none for other words, and never a private one', async () => {
    const { page, errors } = await openPage(ui.browser, ui.h.url);
    // The dashboard asks a visitor to sign in; a public page (a profile) has the top bar with Explore.
    await page.goto('/alice');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
    await page.waitForURL('**/explore/repos');
    const list = page.getByRole('list', { name: 'Repositories' });
    await list.getByRole('link', { name: 'alice/lantern' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'alice/hidden-notes' }).count(), 0, 'a private repository is not shown to a visitor');
    await page.getByText('1 repository', { exact: true }).waitFor();

    await search(page, 'repositories', 'small light');
    await list.getByRole('link', { name: 'alice/lantern' }).waitFor();
    await page.getByText('1 repository matching “small light”').waitFor();
    await page.reload();
    assert.equal(await page.getByRole('searchbox', { name: 'Search repositories' }).inputValue(), 'small light', 'a reload keeps the search');
    await list.getByRole('link', { name: 'alice/lantern' }).waitFor();

    await search(page, 'repositories', 'no-such-thing');
    await page.getByText('No repository matches “no-such-thing”.').waitFor();
    assert.equal(await list.count(), 0);
    await screenshot(page, 'explore-repos-none');
    await search(page, 'repositories', 'hidden');
    await page.getByText('No repository matches “hidden”.').waitFor();
    assert.deepEqual(errors, []);
  });

  test('a visitor moves between the tabs: users, and public organizations only', async () => {
    const { page, errors } = await openPage(ui.browser, ui.h.url);
    await page.goto('/explore');
    await page.waitForURL('**/explore/repos');
    const tabs = page.getByRole('navigation', { name: 'Explore' });
    await tabs.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Explore users', level: 1 }).waitFor();
    const users = page.getByRole('list', { name: 'Users' });
    await users.getByRole('link', { name: 'carol' }).waitFor();
    assert.equal(await tabs.getByRole('link', { name: 'Users' }).getAttribute('aria-current'), 'page');
    await search(page, 'users', 'jones');
    await users.getByRole('link', { name: 'carol' }).waitFor();
    assert.equal(await users.getByRole('listitem').count(), 1, 'the full name is searched');
    await search(page, 'users', 'zed');
    await page.getByText('No user matches “zed”.').waitFor();

    await tabs.getByRole('link', { name: 'Organizations' }).click();
    await page.getByRole('heading', { name: 'Explore organizations', level: 1 }).waitFor();
    const orgs = page.getByRole('list', { name: 'Organizations' });
    await orgs.getByRole('link', { name: 'makers' }).waitFor();
    assert.equal(await orgs.getByRole('link', { name: 'insiders' }).count(), 0, 'a limited organization is for signed-in users');
    await screenshot(page, 'explore-orgs-visitor');
    await orgs.getByRole('link', { name: 'makers' }).click();
    await page.getByRole('heading', { name: /The Makers \(makers\)/, level: 1 }).waitFor();
    assert.deepEqual(errors, []);
  });

  test('a signed-in user sees their private repository and limited organizations; users page by the address', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h, 'alice', 'alice-password-1');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
    const repos = page.getByRole('list', { name: 'Repositories' });
    await repos.getByRole('link', { name: 'alice/hidden-notes' }).waitFor();
    await repos.getByRole('link', { name: 'alice/lantern' }).waitFor();
    await screenshot(page, 'explore-repos-signed-in');

    await page.goto('/explore/organizations?q=in');
    const orgs = page.getByRole('list', { name: 'Organizations' });
    await orgs.getByRole('link', { name: 'insiders' }).waitFor();
    assert.match(await orgs.getByRole('listitem').filter({ hasText: 'insiders' }).innerText(), /limited/);
    await search(page, 'organizations', 'the makers');
    await orgs.getByRole('link', { name: 'makers' }).waitFor();
    assert.equal(await orgs.getByRole('listitem').count(), 1);

    // root, alice and carol, two to a page.
    await page.goto('/explore/users?limit=2');
    const pager = page.getByRole('navigation', { name: 'Pages', exact: true });
    await pager.getByText('Page 1 of 2').waitFor();
    await pager.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await page.reload();
    await page.getByRole('list', { name: 'Users' }).getByRole('link', { name: 'root' }).waitFor();
    await pager.getByText('Page 2 of 2').waitFor();
    assert.deepEqual(errors, []);
  });
});
