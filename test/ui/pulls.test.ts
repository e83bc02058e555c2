/** UI: pull requests end to end: open one from the new pull request page, see its commits and files, a blocked merge box with its reason, merge with an allowed style. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, type ApiResponse } from '../helpers/host.ts';
import { field, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

const auth: [string, string] = [ADMIN.username, ADMIN.password];
const b64 = (s: string): string => Buffer.from(s).toString('base64');

async function ok(p: Promise<ApiResponse>, status: number): Promise<ApiResponse['body']> {
  const r = await p;
  assert.equal(r.status, status, `${r.status}: ${r.text}`);
  return r.body;
}

describe('UI pull requests', () => {
  const ui = uiFixture();
  before(async () => {
    await ok(ui.h.api('POST', '/user/repos', { auth, body: { name: 'review', auto_init: true } }), 201);
    await ok(ui.h.api('PATCH', '/repos/root/review', { auth, body: { allow_rebase: false, allow_rebase_explicit: false, allow_fast_forward_only_merge: false } }), 200);
    await ok(ui.h.api('POST', '/repos/root/review/contents/feature.txt', { auth, body: { content: b64('a feature\n'), message: 'add the feature', new_branch: 'feature' } }), 201);
    await ok(ui.h.api('PUT', '/repos/root/review/contents/README.md', { auth, body: { content: b64('theirs\n'), message: 'readme on a branch', new_branch: 'clash', sha: (await ui.h.api('GET', '/repos/root/review/contents/README.md', { auth })).body.sha } }), 200);
    await ok(ui.h.api('PUT', '/repos/root/review/contents/README.md', { auth, body: { content: b64('ours\n'), message: 'readme on main', sha: (await ui.h.api('GET', '/repos/root/review/contents/README.md', { auth })).body.sha } }), 200);
  });

  test('opens a pull request, reads its commits and files, sees a blocked merge, merges another', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/root/review');
    await page.getByRole('link', { name: 'Pull requests 0' }).click();
    await page.getByRole('link', { name: 'New pull request' }).click();
    await field(page, 'Pull from (head)').fill('feature');
    await field(page, 'Title').fill('Add the feature');
    await screenshot(page, 'pulls-new');
    await page.getByRole('button', { name: 'Create pull request' }).click();
    await page.getByRole('heading', { name: /Add the feature/ }).waitFor();
    await page.getByLabel('Branches').getByText('feature').first().waitFor();
    assert.match(await page.getByLabel('Branches').innerText(), /root wants to merge feature into main · 1 file, \+1 −0/);
    await page.getByRole('button', { name: 'Close pull request' }).waitFor();
    const box = page.getByRole('region', { name: 'This pull request can be merged' });
    await box.waitFor();
    // As on the issue page and in Gitea: the title card first, then the timeline, the merge and review boxes, the comment form.
    const order = await page.locator('#issue-title, ol.timeline, #merge-box, #review-box, #add-comment').evaluateAll((els) => els.map((e) => e.id || e.getAttribute('aria-label')));
    assert.deepEqual(order, ['issue-title', 'Conversation', 'merge-box', 'review-box', 'add-comment']);
    const styles = await box.getByLabel('Merge style').locator('option').allTextContents();
    assert.deepEqual(styles, ['Create a merge commit', 'Squash into one commit']);
    await page.getByRole('link', { name: 'Commits' }).last().click();
    await page.getByLabel(/Files of /).getByText('added feature.txt').waitFor();
    await page.getByRole('link', { name: 'Files changed' }).click();
    await page.getByText('a feature').first().waitFor();
    await page.getByRole('heading', { name: 'Add the feature #1' }).waitFor();
    await screenshot(page, 'pulls-files');

    const clash = await ok(ui.h.api('POST', '/repos/root/review/pulls', { auth, body: { head: 'clash', base: 'main', title: 'Clashing readme' } }), 201);
    await page.goto(`/root/review/pulls/${clash.number}`);
    const blocked = page.getByRole('region', { name: 'Merging is blocked' });
    await blocked.getByText(/README\.md/).waitFor();
    assert.equal(await blocked.getByRole('button', { name: 'Merge' }).isDisabled(), true);
    await screenshot(page, 'pulls-blocked');

    await page.goto('/root/review/pulls/1');
    const mergeBox = page.getByRole('region', { name: 'This pull request can be merged' });
    await mergeBox.getByLabel('Merge style').selectOption('squash');
    await mergeBox.getByRole('button', { name: 'Merge' }).click();
    await page.getByLabel('Branches').getByText(/root merged/).waitFor({ timeout: 60_000 });
    // Merged, it keeps the size of its change, and is neither closed nor reopened from the comment form.
    assert.match(await page.getByLabel('Branches').innerText(), /root merged feature into main · 1 file, \+1 −0/);
    assert.equal(await page.getByText('Merged', { exact: true }).count(), 1, 'the state is shown once, in the title card');
    await page.getByRole('button', { name: 'Comment', exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: /(Close|Reopen) pull request/ }).count(), 0);
    const merged = (await ui.h.api('GET', '/repos/root/review/pulls/1', { auth })).body;
    assert.equal(merged.merged, true);
    await page.goto('/root/review/pulls?state=closed');
    await page.getByRole('link', { name: 'Add the feature' }).waitFor();
    await screenshot(page, 'pulls-list');
    assert.deepEqual(errors, []);
  });
});
