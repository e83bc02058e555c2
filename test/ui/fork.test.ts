/** UI: the Fork button and page: a fork into an organization, then refusals shown beside the owner and the name. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken } from '../helpers/host.ts';
import { errorBeside, field, openPage, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

describe('UI forks', () => {
  const ui = uiFixture();
  let root: string;
  before(async () => {
    root = await createToken(ui.h, ADMIN.username, ADMIN.password);
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: root, body: { name: 'engine', description: 'The engine', auto_init: true } })).status, 201);
    const alice = { username: 'alice', email: 'alice@example.com', password: 'alice-password-1', must_change_password: false };
    assert.equal((await ui.h.api('POST', '/admin/users', { auth: root, body: alice })).status, 201);
    const token = await createToken(ui.h, 'alice', 'alice-password-1');
    assert.equal((await ui.h.api('POST', '/orgs', { auth: token, body: { username: 'crew' } })).status, 201);
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: token, body: { name: 'taken' } })).status, 201);
  });

  /** The fork form of root/engine with its owner list loaded. */
  async function forkForm(page: Awaited<ReturnType<typeof signedIn>>['page']) {
    await page.goto(`/${ADMIN.username}/engine/fork`);
    const owner = field(page, 'Owner');
    await owner.locator('option[value="crew"]').waitFor({ state: 'attached' });
    return owner;
  }

  test('a signed-in user forks into an organization from the header button, with a name and description of their own', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h, 'alice', 'alice-password-1');
    await page.goto(`/${ADMIN.username}/engine`);
    const button = page.getByRole('link', { name: 'Fork', exact: true });
    const forkCount = () => page.locator('.repo-action', { has: button }).locator('.repo-action-count').textContent().then((t) => t ?? '');
    assert.match(await forkCount(), /^0 forks$/);
    await button.click();
    await page.waitForURL(`**/${ADMIN.username}/engine/fork`);
    const owner = await forkForm(page);
    assert.equal(await field(page, 'Repository name').inputValue(), 'engine');
    assert.equal(await field(page, 'Description').inputValue(), 'The engine');
    await owner.selectOption('crew');
    await field(page, 'Repository name').fill('engine-copy');
    await field(page, 'Description').fill('Our copy of the engine');
    await screenshot(page, 'fork-form');
    await page.getByRole('button', { name: 'Fork repository' }).click();
    await page.waitForURL('**/crew/engine-copy');
    await page.getByRole('link', { name: 'crew/engine-copy' }).waitFor();
    const fork = await ui.h.api('GET', '/repos/crew/engine-copy', { auth: root });
    assert.equal(fork.body.fork, true);
    assert.equal(fork.body.parent.full_name, `${ADMIN.username}/engine`);
    assert.equal(fork.body.description, 'Our copy of the engine');
    assert.equal((await ui.h.api('GET', `/repos/${ADMIN.username}/engine`, { auth: root })).body.forks_count, 1);
    await page.goto(`/${ADMIN.username}/engine`);
    await button.waitFor();
    assert.match(await forkCount(), /^1 fork$/);
    assert.deepEqual(errors, []);
  });

  test('a second fork into the same owner is refused beside the owner, a taken name beside the name', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h, 'alice', 'alice-password-1');
    const owner = await forkForm(page);
    await owner.selectOption('crew');
    await page.getByRole('button', { name: 'Fork repository' }).click();
    assert.equal(await errorBeside(owner), 'This owner already has a fork of the repository: engine-copy.');
    await screenshot(page, 'fork-refused-owner');
    await owner.selectOption('alice');
    const name = field(page, 'Repository name');
    await name.fill('taken');
    await page.getByRole('button', { name: 'Fork repository' }).click();
    assert.match(await errorBeside(name), /already exists/);
    assert.equal((await ui.h.api('GET', '/repos/alice/taken', { auth: root })).body.fork, false);
    assert.deepEqual(errors, []);
  });

  test('a visitor sees the number of forks and no Fork button', async () => {
    const { page, errors } = await openPage(ui.browser, ui.h.url);
    await page.goto(`/${ADMIN.username}/engine`);
    await page.getByRole('link', { name: `${ADMIN.username}/engine` }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Fork', exact: true }).count(), 0);
    assert.equal(await page.locator('.repo-action-count').last().textContent(), '1 fork', 'the fork made above is counted');
    assert.deepEqual(errors, []);
  });
});
