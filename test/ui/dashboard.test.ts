/**
 * UI: a dashboard with 200+ repositories: compact rows, search, sort, the mine / collaborating / all filter and
 * paging, all kept in the address; "Recent pushes" lists a repository that has commits.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ADMIN } from '../helpers/host.ts';
import { screenshot, signedIn, uiFixture } from '../helpers/browser.ts';
import { gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';

const COUNT = 200;
const name = (i: number) => `proj-${String(i).padStart(3, '0')}`;

describe('UI dashboard with many repositories', () => {
  const ui = uiFixture();
  let g: GitSandbox;
  before(async () => {
    g = await gitSandbox();
    const auth: [string, string] = [ADMIN.username, ADMIN.password];
    for (let i = 0; i < COUNT; i++) assert.equal((await ui.h.api('POST', '/user/repos', { auth, body: { name: name(i) } })).status, 201);
    // Someone else's repository that root collaborates on.
    assert.equal((await ui.h.api('POST', '/admin/users', { auth, body: { username: 'bob', email: 'bob@example.com', password: 'bob-password-1', must_change_password: false } })).status, 201);
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: ['bob', 'bob-password-1'], body: { name: 'shared', private: true } })).status, 201);
    assert.equal((await ui.h.api('PUT', '/repos/bob/shared/collaborators/root', { auth: ['bob', 'bob-password-1'], body: { permission: 'write' } })).status, 204);
    // One push, to a repository that is not among the newest.
    const work = path.join(g.dir, 'p');
    await makeRepo(g, work, { 'README.md': '# Seven\n' });
    await g.ok(['commit', '-q', '--allow-empty', '-m', 'Seventh heaven'], { cwd: work });
    await g.ok(['push', '-q', withCredentials(`${ui.h.url}/root/${name(7)}.git`, ADMIN.username, ADMIN.password), 'main'], { cwd: work });
  });
  after(async () => {
    await g?.dispose();
  });

  test('searches, sorts, filters and pages through the URL', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    const rows = page.getByRole('list', { name: 'Repositories' }).getByRole('listitem');
    const names = async () => (await rows.getByRole('link').allInnerTexts());
    const pager = page.getByRole('navigation', { name: 'Pages' });

    await page.getByRole('status').filter({ hasText: `${COUNT + 1} repositories` }).waitFor();
    await pager.getByText('Page 1 of 11').waitFor();
    assert.equal(await rows.count(), 20);
    // Recently updated first: the pushed repository leads.
    assert.equal((await names())[0], `root/${name(7)}`);
    const row = await rows.first().boundingBox();
    assert.ok(row && row.height < 60, `rows are compact (${row?.height}px)`);
    const recent = page.getByRole('list', { name: 'Recent pushes' });
    await recent.getByText('Seventh heaven').waitFor();
    assert.equal(await page.getByText(/Nothing pushed yet/).count(), 0);
    await screenshot(page, 'dashboard-many');

    await page.getByLabel('Sort').selectOption('alpha');
    await page.waitForURL(/sort=alpha/);
    await rows.first().getByRole('link', { name: `root/${name(0)}` }).waitFor();
    await pager.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await pager.getByText('Page 2 of 11').waitFor();
    await rows.first().getByRole('link', { name: `root/${name(20)}` }).waitFor();
    await page.reload();
    await pager.getByText('Page 2 of 11').waitFor();
    await rows.first().getByRole('link', { name: `root/${name(20)}` }).waitFor();

    await page.getByRole('searchbox', { name: 'Find a repository' }).fill('proj-01');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((u) => u.searchParams.get('q') === 'proj-01' && !u.searchParams.has('page'));
    await page.getByRole('status').filter({ hasText: '10 repositories matching “proj-01”' }).waitFor();
    assert.deepEqual(await names(), Array.from({ length: 10 }, (_, i) => `root/${name(10 + i)}`));
    await screenshot(page, 'dashboard-search');
    await page.getByRole('searchbox', { name: 'Find a repository' }).fill('');
    await page.getByRole('button', { name: 'Search' }).click();

    await page.getByLabel('Show').selectOption('collaborating');
    await page.getByRole('status').filter({ hasText: /^1 repository$/ }).waitFor();
    assert.deepEqual(await names(), ['bob/shared']);
    await page.getByLabel('Show').selectOption('mine');
    await page.getByRole('status').filter({ hasText: `${COUNT} repositories` }).waitFor();
    await pager.getByText('Page 1 of 10').waitFor();
    assert.ok(!(await names()).includes('bob/shared'));

    await page.getByLabel('Sort').selectOption('created');
    await page.waitForURL(/sort=created/);
    await rows.first().getByRole('link', { name: `root/${name(COUNT - 1)}` }).waitFor();
    assert.deepEqual(errors, []);
  });
});
