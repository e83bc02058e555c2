/** UI: issues end to end: create with a label and milestone, markdown comments, close/reopen, exclusive labels, filters and paging, labels and milestones pages. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, type ApiResponse } from '../helpers/host.ts';
import { field, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

const auth: [string, string] = [ADMIN.username, ADMIN.password];

async function ok(p: Promise<ApiResponse>, status: number): Promise<ApiResponse['body']> {
  const r = await p;
  assert.equal(r.status, status, `${r.status}: ${r.text}`);
  return r.body;
}

describe('UI issues', () => {
  const ui = uiFixture();
  before(async () => {
    await ok(ui.h.api('POST', '/user/repos', { auth, body: { name: 'tracker', description: 'Issues here' } }), 201);
    await ok(ui.h.api('POST', '/repos/root/tracker/labels', { auth, body: { name: 'bug', color: '#d73a4a', description: 'Something is wrong' } }), 201);
    await ok(ui.h.api('POST', '/repos/root/tracker/labels', { auth, body: { name: 'priority/high', color: '#b60205', exclusive: true } }), 201);
    await ok(ui.h.api('POST', '/repos/root/tracker/labels', { auth, body: { name: 'priority/low', color: '#c2e0c6', exclusive: true } }), 201);
    await ok(ui.h.api('POST', '/repos/root/tracker/milestones', { auth, body: { title: 'v1.0' } }), 201);
  });

  test('creates an issue with a label and milestone, comments in markdown, closes and reopens, replaces an exclusive label', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/root/tracker');
    await page.getByRole('link', { name: 'Issues 0' }).click();
    await page.getByRole('link', { name: 'New issue' }).click();
    await field(page, 'Title').fill('The button does nothing');
    await field(page, 'Description').fill('Steps:\n\n1. press **the button**');
    await page.getByLabel('bug', { exact: true }).check();
    await field(page, 'Milestone').selectOption({ label: 'v1.0' });
    await screenshot(page, 'issues-new');
    await page.getByRole('button', { name: 'Create issue' }).click();
    await page.getByRole('heading', { name: /The button does nothing/ }).waitFor();
    const description = page.getByRole('article', { name: 'Issue description' });
    await description.locator('strong', { hasText: 'the button' }).waitFor();
    const side = page.getByRole('complementary', { name: 'Issue details' });
    await side.getByLabel('Labels of this issue').getByText('bug').waitFor();
    assert.equal(await side.getByLabel('Set the milestone').locator('option:checked').textContent(), 'v1.0');

    await field(page, 'Comment').fill('Seen it *too*, see `app.ts`');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    const comment = page.getByRole('article', { name: 'Comment by root' });
    await comment.locator('em', { hasText: 'too' }).waitFor();
    await comment.locator('code', { hasText: 'app.ts' }).waitFor();

    await page.getByRole('button', { name: 'Close issue' }).click();
    await page.getByText('Closed', { exact: true }).waitFor();
    assert.equal((await ok(ui.h.api('GET', '/repos/root/tracker/issues/1', { auth }), 200)).state, 'closed');
    await page.getByRole('button', { name: 'Reopen issue' }).click();
    await page.getByText('Open', { exact: true }).waitFor();
    assert.equal((await ok(ui.h.api('GET', '/repos/root/tracker/issues/1', { auth }), 200)).state, 'open');

    // Exclusive scope: picking priority/low after priority/high leaves only priority/low.
    await side.getByText('Change labels').click();
    await side.getByLabel('priority/high').check();
    const chips = side.getByLabel('Labels of this issue');
    await chips.getByText('high').waitFor();
    await side.getByLabel('priority/low').check();
    await chips.getByText('low').waitFor();
    await chips.getByText('high').waitFor({ state: 'detached' });
    assert.equal(await side.getByLabel('priority/high').isChecked(), false);
    const names = ((await ok(ui.h.api('GET', '/repos/root/tracker/issues/1/labels', { auth }), 200)) as { name: string }[]).map((l) => l.name).sort();
    assert.deepEqual(names, ['bug', 'priority/low']);
    await screenshot(page, 'issues-issue');

    // Editing and deleting the comment.
    await comment.getByRole('button', { name: /^Edit/ }).click();
    await comment.getByLabel('Text of Comment by root').fill('Edited to **bold**');
    await comment.getByRole('button', { name: 'Save' }).click();
    await comment.locator('strong', { hasText: 'bold' }).waitFor();
    await comment.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await comment.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
  });

  test('filters and pages over 30+ issues; the labels and milestones pages', async () => {
    for (let n = 0; n < 32; n++) {
      const body = { title: `Bulk issue ${n}`, ...(n % 4 === 0 ? { labels: [1] } : {}), ...(n === 5 ? { body: 'needle in the haystack' } : {}) };
      const made = await ok(ui.h.api('POST', '/repos/root/tracker/issues', { auth, body }), 201);
      if (n < 3) await ok(ui.h.api('PATCH', `/repos/root/tracker/issues/${made.number}`, { auth, body: { state: 'closed' } }), 201);
    }
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/root/tracker/issues');
    // 1 from the first test + 29 open bulk issues; 3 closed.
    await page.getByRole('link', { name: '30 Open' }).waitFor();
    await page.getByRole('link', { name: '3 Closed' }).waitFor();
    const list = page.getByRole('list', { name: 'Open issues' });
    assert.equal(await list.getByRole('listitem').count(), 20);
    await page.getByText('Page 1 of 2').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    assert.match(page.url(), /page=2/);
    // The previous page stays on screen until page 2 arrives.
    await list.getByRole('listitem').nth(10).waitFor({ state: 'detached' });
    assert.equal(await list.getByRole('listitem').count(), 10);

    await field(page, 'Label').selectOption('bug');
    await page.waitForURL(/labels=bug/);
    assert.doesNotMatch(page.url(), /page=/);
    // bug: the first issue plus bulk issues 0,4,...,28 of which 0 is closed: 1 + 7 open.
    await page.getByRole('link', { name: '8 Open' }).waitFor();
    await page.getByRole('link', { name: '1 Closed' }).waitFor();
    await screenshot(page, 'issues-list-filtered');
    await page.getByRole('link', { name: '1 Closed' }).click();
    await page.getByRole('list', { name: 'Closed issues' }).getByRole('link', { name: 'Bulk issue 0' }).waitFor();

    await page.goto('/root/tracker/issues?q=needle');
    await page.getByRole('link', { name: '1 Open' }).waitFor();
    await page.getByRole('link', { name: 'Bulk issue 5' }).waitFor();
    await page.goto('/root/tracker/issues?milestones=v1.0');
    await page.getByRole('link', { name: '1 Open' }).waitFor();
    await page.getByRole('link', { name: 'The button does nothing' }).waitFor();
    await page.goto('/root/tracker/issues?created_by=nobody-here');
    await page.getByText('No open issues match these filters.').waitFor();
    await screenshot(page, 'issues-list');

    // Labels page: create an exclusive label, edit it, delete it.
    await page.goto('/root/tracker/labels');
    await page.getByRole('group', { name: 'Scope priority (exclusive)' }).waitFor();
    await page.getByText(/at most one label of that scope/).first().waitFor();
    await field(page, 'Label name').fill('kind/feature');
    await field(page, 'Exclusive scope').check();
    await page.getByRole('button', { name: 'Create label' }).click();
    await page.getByText('Created label kind/feature.').waitFor();
    await page.getByRole('group', { name: 'Scope kind (exclusive)' }).waitFor();
    await page.getByRole('button', { name: 'Edit kind/feature' }).click();
    const edit = page.getByRole('form', { name: 'Edit label kind/feature' });
    await edit.getByLabel('Label description').fill('New things');
    await edit.getByRole('button', { name: 'Save label' }).click();
    await page.getByText('Saved label kind/feature.').waitFor();
    await page.getByText('New things').waitFor();
    await screenshot(page, 'issues-labels');
    await page.getByRole('button', { name: 'Delete label kind/feature' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Deleted label kind/feature.').waitFor();
    assert.equal(((await ok(ui.h.api('GET', '/repos/root/tracker/labels', { auth }), 200)) as unknown[]).length, 3);

    // Milestones page: counts and progress, create, edit, close, delete.
    await ok(ui.h.api('PATCH', '/repos/root/tracker/issues/2', { auth, body: { milestone: 1 } }), 201);
    await page.goto('/root/tracker/milestones');
    await page.getByText('50% · 1 open · 1 closed').waitFor();
    await field(page, 'Milestone title').fill('v2.0');
    await page.getByRole('button', { name: 'Create milestone' }).click();
    await page.getByText('Created milestone v2.0.').waitFor();
    await page.getByRole('button', { name: '2 Open' }).waitFor();
    await page.getByRole('button', { name: 'Edit v2.0' }).click();
    await page.getByRole('form', { name: 'Edit milestone v2.0' }).getByLabel('Milestone description').fill('The next one');
    await page.getByRole('button', { name: 'Save milestone' }).click();
    await page.getByText('The next one').waitFor();
    await page.getByRole('button', { name: 'Close v2.0' }).click();
    await page.getByRole('button', { name: '1 Closed' }).waitFor();
    await screenshot(page, 'issues-milestones');
    await page.getByRole('button', { name: '1 Closed' }).click();
    await page.getByRole('button', { name: 'Delete milestone v2.0' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Deleted milestone v2.0.').waitFor();
    assert.equal(((await ok(ui.h.api('GET', '/repos/root/tracker/milestones?state=all', { auth }), 200)) as unknown[]).length, 1);
    assert.deepEqual(errors, []);
  });
});
