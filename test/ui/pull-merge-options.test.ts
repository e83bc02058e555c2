/** UI: the merge box's administrator options: merging past an unmet branch rule (force_merge) and marking a pull request as manually merged. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, type ApiResponse } from '../helpers/host.ts';
import { screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

const auth: [string, string] = [ADMIN.username, ADMIN.password];
const b64 = (s: string): string => Buffer.from(s).toString('base64');
const R = '/repos/root/opts';

async function ok(p: Promise<ApiResponse>, status: number): Promise<ApiResponse['body']> {
  const r = await p;
  assert.equal(r.status, status, `${r.status}: ${r.text}`);
  return r.body;
}

describe('UI merge options', () => {
  const ui = uiFixture();
  before(async () => {
    await ok(ui.h.api('POST', '/user/repos', { auth, body: { name: 'opts', auto_init: true } }), 201);
    await ok(ui.h.api('PATCH', R, { auth, body: { allow_manual_merge: true } }), 200);
    for (const b of ['one', 'two']) {
      await ok(ui.h.api('POST', `${R}/contents/${b}.txt`, { auth, body: { content: b64(`${b}\n`), message: `add ${b}`, new_branch: b } }), 201);
      await ok(ui.h.api('POST', `${R}/pulls`, { auth, body: { head: b, base: 'main', title: `Add ${b}` } }), 201);
    }
    await ok(ui.h.api('POST', `${R}/branch_protections`, { auth, body: { rule_name: 'main', required_approvals: 1 } }), 201);
  });

  test('an administrator merges past the rule; another pull request is marked merged by a commit on main', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/root/opts/pulls/1');
    const blocked = page.getByRole('region', { name: 'Merging is blocked' });
    await blocked.getByText(/needs 1 approval/).waitFor({ timeout: 60_000 });
    const merge = blocked.getByRole('button', { name: 'Merge', exact: true });
    assert.equal(await merge.isDisabled(), true);
    await blocked.getByLabel('Merge past the branch rules (administrator)').check();
    await screenshot(page, 'pull-merge-force');
    await merge.click();
    await page.getByLabel('Branches').getByText(/root merged/).waitFor({ timeout: 60_000 });
    assert.equal((await ui.h.api('GET', `${R}/pulls/1`, { auth })).body.merged, true);

    const main = (await ui.h.api('GET', `${R}/branches/main`, { auth })).body.commit.id as string;
    await page.goto('/root/opts/pulls/2');
    const box = page.getByRole('region', { name: 'Merging is blocked' });
    await box.getByLabel('Merge style').selectOption('manually-merged');
    await box.getByLabel('Merge commit ID').fill(main);
    await screenshot(page, 'pull-merge-manual');
    await box.getByRole('button', { name: 'Mark as merged' }).click();
    await page.getByLabel('Branches').getByText(/root merged/).waitFor({ timeout: 60_000 });
    const two = (await ui.h.api('GET', `${R}/pulls/2`, { auth })).body;
    assert.equal(two.merged, true);
    assert.equal(two.merge_commit_sha, main);
    assert.equal((await ui.h.api('GET', `${R}/branches/main`, { auth })).body.commit.id, main, 'marking touched no branch');
    assert.deepEqual(errors, []);
  });
});
