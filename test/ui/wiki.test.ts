/** UI: the wiki end to end: the empty wiki, a new page rendered as markdown, an edit, the page list and the history. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN } from '../helpers/host.ts';
import { errorBeside, field, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

const auth: [string, string] = [ADMIN.username, ADMIN.password];

describe('UI wiki', () => {
  const ui = uiFixture();
  before(async () => {
    assert.equal((await ui.h.api('POST', '/user/repos', { auth, body: { name: 'notes' } })).status, 201);
  });

  test('creates, renders, edits, lists and shows the history of a page', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/root/notes');
    await page.getByRole('link', { name: 'Wiki', exact: true }).click();
    await page.getByRole('heading', { name: 'This wiki has no Home page yet' }).waitFor();
    // The first page of an empty wiki starts as Home, as in Gitea.
    await page.getByRole('link', { name: 'Create a page' }).click();
    assert.equal(await field(page, 'Title').inputValue(), 'Home');
    await field(page, 'Content').fill('Welcome to **the notes**.\n\nSee [[Other]] and the [list](_pages).');
    await screenshot(page, 'wiki-new');
    await page.getByRole('button', { name: 'Save page' }).click();
    await page.getByRole('heading', { name: 'Home', exact: true }).waitFor();
    await page.locator('.wiki-body strong', { hasText: 'the notes' }).waitFor();
    assert.match(await page.getByText(/1 revision/).textContent() ?? '', /1 revision/);
    await screenshot(page, 'wiki-page');

    await page.getByRole('link', { name: 'Edit' }).click();
    await field(page, 'Content').fill('Welcome back to **the notes**.');
    await field(page, 'Commit message').fill('reword the welcome');
    await page.getByRole('button', { name: 'Save page' }).click();
    await page.locator('.wiki-body', { hasText: 'Welcome back to' }).waitFor();

    await page.getByRole('link', { name: 'History' }).click();
    await page.getByText('2 revisions').waitFor();
    await page.getByText(/reword the welcome/).waitFor();
    await screenshot(page, 'wiki-history');

    // a second page through the form, then the list shows both
    await page.getByRole('link', { name: 'New page' }).click();
    await field(page, 'Title').fill('Meeting 2026-11-25');
    await field(page, 'Content').fill('- [ ] agenda');
    await page.getByRole('button', { name: 'Save page' }).click();
    await page.getByRole('heading', { name: 'Meeting 2026-11-25' }).waitFor();
    assert.match(page.url(), /\/root\/notes\/wiki\/Meeting\+2026-11-25\.-$/);
    await page.getByRole('link', { name: 'Pages' }).click();
    const rows = page.getByRole('table').getByRole('link');
    await rows.nth(1).waitFor();
    assert.deepEqual((await rows.allTextContents()).sort(), ['Home', 'Meeting 2026-11-25']);
    await screenshot(page, 'wiki-pages');
    await rows.filter({ hasText: 'Meeting' }).click();
    await page.getByRole('heading', { name: 'Meeting 2026-11-25' }).waitFor();

    // The browser asks for a title first; a title that is taken is refused by the host, in words beside the field.
    await page.getByRole('link', { name: 'New page' }).click();
    const title = field(page, 'Title');
    assert.equal(await title.getAttribute('required'), '');
    assert.equal(await title.evaluate((el: HTMLInputElement) => el.validity.valueMissing), true);
    await title.fill('Home');
    await field(page, 'Content').fill('a second home');
    await page.getByRole('button', { name: 'Save page' }).click();
    assert.equal(await errorBeside(title), 'There is already a page called Home.');
    await screenshot(page, 'wiki-title-taken');
    assert.equal(Buffer.from((await ui.h.api('GET', '/repos/root/notes/wiki/page/Home', { auth })).body.content_base64, 'base64').toString(), 'Welcome back to **the notes**.');

    const api = await ui.h.api('GET', '/repos/root/notes/wiki/page/Home', { auth });
    assert.equal(Buffer.from(api.body.content_base64, 'base64').toString(), 'Welcome back to **the notes**.');
    assert.deepEqual(errors, []);
  });
});
