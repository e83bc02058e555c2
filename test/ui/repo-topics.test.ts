/** UI: a repository admin manages the topics on the repository home; an invalid one is named beside the field. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken } from '../helpers/host.ts';
import { errorBeside, field, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

describe('UI repository topics', () => {
  const ui = uiFixture();
  let token: string;
  before(async () => {
    token = await createToken(ui.h, ADMIN.username, ADMIN.password);
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: token, body: { name: 'site', description: 'The project site', auto_init: true } })).status, 201);
    const alice = { username: 'alice', email: 'alice@example.com', password: 'alice-password-1', must_change_password: false };
    assert.equal((await ui.h.api('POST', '/admin/users', { auth: token, body: alice })).status, 201);
  });

  test('the admin saves topics from the inline editor after a refusal; they show as badges on the Files tab only', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto(`/${ADMIN.username}/site`);
    await page.getByRole('button', { name: 'Manage topics' }).click();
    const input = field(page, 'Topics');
    await input.fill('Web, tools Bad_Topic');
    await page.getByRole('button', { name: 'Save topics' }).click();
    assert.match(await errorBeside(input), /^⚠?\s*Not valid: bad_topic\. A topic starts with a letter or digit/);
    await screenshot(page, 'topics-invalid');
    assert.deepEqual((await ui.h.api('GET', `/repos/${ADMIN.username}/site/topics`, { auth: token })).body.topics, []);

    await input.fill('Web, tools  docs');
    await page.getByRole('button', { name: 'Save topics' }).click();
    const badges = page.getByRole('list', { name: 'Topics' });
    await badges.waitFor();
    assert.deepEqual(await badges.getByRole('listitem').allInnerTexts(), ['docs', 'tools', 'web']);
    assert.deepEqual((await ui.h.api('GET', `/repos/${ADMIN.username}/site/topics`, { auth: token })).body.topics, ['docs', 'tools', 'web']);
    await screenshot(page, 'topics-saved');

    // The editor starts from the saved topics, and Cancel leaves them.
    await page.getByRole('button', { name: 'Manage topics' }).click();
    assert.equal(await input.inputValue(), 'docs tools web');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await badges.waitFor();

    await page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name: 'Branches' }).click();
    await page.getByRole('heading', { name: 'Branches', level: 2 }).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Topics' }).count(), 0);
    assert.deepEqual(errors, []);
  });

  test('another user sees the badges without the editor', async () => {
    assert.equal((await ui.h.api('PUT', `/repos/${ADMIN.username}/site/topics`, { auth: token, body: { topics: ['web'] } })).status, 204);
    const { page, errors } = await signedIn(ui.browser, ui.h, 'alice', 'alice-password-1');
    await page.goto(`/${ADMIN.username}/site`);
    await page.getByRole('list', { name: 'Topics' }).getByText('web').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Manage topics' }).count(), 0);
    assert.deepEqual(errors, []);
  });
});
