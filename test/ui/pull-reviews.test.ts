/**
 * UI: reviewing a pull request: the head's commit status on the list and the page, a single line comment and a
 * pending review started by clicking lines of the files tab, the review submitted with a verdict, the reviews
 * in the conversation (outdated after a new commit), and an administrator dismissing and restoring a review.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken, type ApiResponse } from '../helpers/host.ts';
import { screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

const auth: [string, string] = [ADMIN.username, ADMIN.password];
const b64 = (s: string): string => Buffer.from(s).toString('base64');
const R = '/repos/root/rv';

async function ok(p: Promise<ApiResponse>, status: number): Promise<ApiResponse['body']> {
  const r = await p;
  assert.equal(r.status, status, `${r.status}: ${r.text}`);
  return r.body;
}

describe('UI pull request reviews', () => {
  const ui = uiFixture();
  let rita: string;
  let head: string;
  before(async () => {
    await ok(ui.h.api('POST', '/admin/users', { auth, body: { username: 'rita', email: 'rita@example.com', password: 'rita-password-1', must_change_password: false } }), 201);
    rita = await createToken(ui.h, 'rita', 'rita-password-1');
    await ok(ui.h.api('POST', '/user/repos', { auth, body: { name: 'rv', auto_init: true } }), 201);
    await ok(ui.h.api('PUT', `${R}/collaborators/rita`, { auth, body: { permission: 'write' } }), 204);
    await ok(ui.h.api('POST', `${R}/contents/feature.txt`, { auth, body: { content: b64('alpha\nbeta\ngamma\n'), message: 'add the feature', new_branch: 'feature' } }), 201);
    const pr = await ok(ui.h.api('POST', `${R}/pulls`, { auth, body: { head: 'feature', base: 'main', title: 'Add the feature' } }), 201);
    head = pr.head.sha;
    await ok(ui.h.api('POST', `${R}/statuses/${head}`, { auth, body: { state: 'success', context: 'ci/build', description: 'built', target_url: 'https://ci.example.com/1' } }), 201);
  });

  test('line comments from the files tab, a submitted review, its outdated state and its dismissal', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h, 'rita', 'rita-password-1');
    await page.goto('/root/rv/pulls');
    await page.getByRole('link', { name: 'checks passed: ci/build success' }).first().waitFor();
    await page.goto('/root/rv/pulls/1');
    await page.getByLabel('Branches').getByRole('link', { name: 'checks passed: ci/build success' }).waitFor();

    // A single comment: click the line "beta" (new line 2) and send it on its own.
    await page.getByRole('link', { name: 'Files changed' }).click();
    await page.getByRole('button', { name: 'Unified' }).click();
    const diff = page.getByRole('region', { name: 'Files changed' });
    await diff.locator('tr', { hasText: 'beta' }).locator('.d2h-code-linenumber').click();
    const composer = page.getByRole('form', { name: 'Comment on feature.txt' });
    await composer.getByLabel('Comment on feature.txt line 2').fill('Is beta the right name?');
    await screenshot(page, 'pull-reviews-composer');
    await composer.getByRole('button', { name: 'Add single comment' }).click();
    await page.getByLabel('Line comments on feature.txt').getByText('Is beta the right name?').waitFor();

    // A pending review: click "gamma" (line 3), start a review, then add a second comment to it on line 1.
    await diff.locator('tr', { hasText: 'gamma' }).locator('.d2h-code-linenumber').click();
    await composer.getByLabel('Comment on feature.txt line 3').fill('gamma needs a test');
    await composer.getByRole('button', { name: 'Start a review' }).click();
    await page.getByRole('heading', { name: 'Finish your review' }).waitFor();
    await diff.locator('tr', { hasText: 'alpha' }).locator('.d2h-code-linenumber').click();
    await composer.getByLabel('Comment on feature.txt line 1').fill('alpha is fine');
    await composer.getByRole('button', { name: 'Add review comment' }).click();
    await page.getByText('Your pending review holds 2 line comments').waitFor();
    await screenshot(page, 'pull-reviews-pending');
    let reviews = (await ui.h.api('GET', `${R}/pulls/1/reviews`, { auth })).body as { state: string }[];
    assert.deepEqual(reviews.map((r) => r.state), ['COMMENT'], 'the pending review is not seen by others');

    // Submit it as a change request with a summary.
    await page.getByLabel('Review summary').fill('Two small things.');
    await page.getByRole('radio', { name: /Request changes/ }).check();
    await page.getByRole('button', { name: 'Submit review' }).click();
    await page.getByRole('heading', { name: 'Review these changes' }).waitFor();
    reviews = (await ui.h.api('GET', `${R}/pulls/1/reviews`, { auth })).body;
    assert.deepEqual(reviews.map((r) => r.state), ['COMMENT', 'REQUEST_CHANGES']);
    const lines = (await ui.h.api('GET', `${R}/pulls/1/reviews/${(reviews[1] as unknown as { id: number }).id}/comments`, { auth })).body as { body: string; position: number }[];
    assert.deepEqual(lines.map((c) => `${c.position}:${c.body}`), ['3:gamma needs a test', '1:alpha is fine']);

    // The conversation shows both reviews; a new commit makes them outdated.
    await page.getByRole('link', { name: 'Conversation' }).click();
    const changes = page.getByRole('article', { name: 'Review by rita' }).filter({ hasText: 'requested changes' });
    await changes.getByText('Two small things.').waitFor();
    await changes.getByLabel('Line comments of the review by rita').getByText('gamma needs a test').waitFor();
    const sha = (await ui.h.api('GET', `${R}/contents/feature.txt?ref=feature`, { auth })).body.sha;
    await ok(ui.h.api('PUT', `${R}/contents/feature.txt`, { auth, body: { content: b64('alpha\nbeta\ndelta\n'), message: 'rename gamma', branch: 'feature', sha } }), 200);
    let fresh = '';
    for (let i = 0; i < 100 && (fresh === '' || fresh === head); i++) {
      fresh = (await ui.h.api('GET', `${R}/pulls/1`, { auth })).body.head.sha;
      if (fresh === head) await new Promise((r) => setTimeout(r, 200));
    }
    assert.notEqual(fresh, head);
    await page.reload();
    await changes.getByText('Outdated').first().waitFor();
    await screenshot(page, 'pull-reviews-conversation');
    assert.deepEqual(errors, []);
    await page.context().close();

    // The repository owner dismisses the change request, then restores it.
    const admin = await signedIn(ui.browser, ui.h);
    await admin.page.goto('/root/rv/pulls/1');
    const card = admin.page.getByRole('article', { name: 'Review by rita' }).filter({ hasText: 'requested changes' });
    await card.getByRole('button', { name: 'Dismiss the review of rita' }).click();
    await card.getByLabel('Why is it dismissed?').fill('Handled in a follow-up.');
    await card.getByRole('button', { name: 'Dismiss review' }).click();
    await card.getByText('Dismissed').waitFor();
    await screenshot(admin.page, 'pull-reviews-dismissed');
    const dismissed = (await ui.h.api('GET', `${R}/pulls/1/reviews`, { auth: rita })).body.find((r: { state: string }) => r.state === 'REQUEST_CHANGES');
    assert.equal(dismissed.dismissed, true);
    await card.getByRole('button', { name: 'Restore the review of rita' }).click();
    await card.getByRole('button', { name: 'Dismiss the review of rita' }).waitFor();
    assert.equal((await ui.h.api('GET', `${R}/pulls/1/reviews/${dismissed.id}`, { auth })).body.dismissed, false);
    // The poster cannot give a verdict on their own pull request.
    assert.equal(await admin.page.getByRole('radio', { name: /Approve/ }).isDisabled(), true);
    assert.deepEqual(admin.errors, []);
  });

  test('the poster asks for a review from the sidebar, with the possible reviewers and assignees suggested, and takes it back', async () => {
    await ok(ui.h.api('POST', `${R}/contents/second.txt`, { auth, body: { content: b64('second\n'), message: 'a second change', new_branch: 'second' } }), 201);
    const pr = await ok(ui.h.api('POST', `${R}/pulls`, { auth, body: { head: 'second', base: 'main', title: 'A second change' } }), 201);
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto(`/root/rv/pulls/${pr.number}`);
    const reviewers = page.getByRole('region', { name: 'Reviewers' });
    await reviewers.getByText('Nobody is asked.').waitFor();
    const suggested = async (list: string) => page.locator(`#${list} option`).evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    await page.waitForFunction(() => document.querySelectorAll('#reviewer-candidates option').length > 0);
    assert.deepEqual(await suggested('reviewer-candidates'), ['rita', 'root']);
    assert.deepEqual(await suggested('assignee-candidates'), ['rita', 'root']);
    await reviewers.getByLabel('Ask for a review from').fill('rita');
    await reviewers.getByRole('button', { name: 'Request review' }).click();
    await reviewers.getByRole('button', { name: 'Remove the request to rita' }).waitFor();
    await screenshot(page, 'pull-review-requested');
    assert.deepEqual((await ok(ui.h.api('GET', `${R}/pulls/${pr.number}`, { auth }), 200)).requested_reviewers.map((u: { login: string }) => u.login), ['rita']);
    await reviewers.getByRole('button', { name: 'Remove the request to rita' }).click();
    await reviewers.getByText('Nobody is asked.').waitFor();
    assert.deepEqual((await ok(ui.h.api('GET', `${R}/pulls/${pr.number}`, { auth }), 200)).requested_reviewers, []);
    assert.deepEqual(errors, []);
  });
});
