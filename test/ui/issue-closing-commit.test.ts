/** UI: an issue closed by a pushed commit (`Fixes #1`, real git) shows the commit reference and "closed this issue in commit", both linking to the commit page. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN } from '../helpers/host.ts';
import { screenshot, signedIn, uiFixture } from '../helpers/browser.ts';
import { commitFiles, gitSandbox, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { eventually } from '../webhooks/receiver.ts';

const auth: [string, string] = [ADMIN.username, ADMIN.password];

describe('UI issue closed by a commit', () => {
  const ui = uiFixture();
  let g: GitSandbox;
  let sha = '';
  before(async () => {
    g = await gitSandbox();
    assert.equal((await ui.h.api('POST', '/user/repos', { auth, body: { name: 'fixme', auto_init: true } })).status, 201);
    assert.equal((await ui.h.api('POST', '/repos/root/fixme/issues', { auth, body: { title: 'Broken button' } })).status, 201);
    const dir = `${g.dir}/fixme`;
    await g.ok(['clone', '-q', withCredentials(`${ui.h.url}/root/fixme.git`, ADMIN.username, ADMIN.password), dir]);
    sha = await commitFiles(g, dir, { 'button.txt': 'works\n' }, 'Repair the button\n\nFixes #1');
    await g.ok(['push', '-q', 'origin', 'HEAD:main'], { cwd: dir });
    await eventually(async () => ((await ui.h.api('GET', '/repos/root/fixme/issues/1', { auth })).body as { state: string }).state === 'closed');
  });
  after(async () => {
    await g?.dispose();
  });

  test('the conversation shows the commit reference and the close by that commit', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/root/fixme/issues/1');
    await page.getByRole('heading', { name: /Broken button/ }).waitFor();
    const conversation = page.getByRole('list', { name: 'Conversation' });
    const ref = conversation.locator('[data-type="commit_ref"]');
    await ref.waitFor();
    assert.match(await ref.innerText(), new RegExp(`referenced this issue from a commit ${sha.slice(0, 10)} Repair the button`));
    assert.equal(await ref.getByRole('link').getAttribute('href'), `/root/fixme/commit/${sha}`);
    const close = conversation.locator('[data-type="close"]');
    assert.match(await close.innerText(), new RegExp(`closed this issue in commit ${sha.slice(0, 10)}`));
    assert.equal(await close.getByRole('link').getAttribute('href'), `/root/fixme/commit/${sha}`);
    assert.match(await page.locator('header.card').innerText(), /Closed/);
    await screenshot(page, 'issue-closed-by-commit');
    await close.getByRole('link').click();
    await page.waitForURL(`**/root/fixme/commit/${sha}`);
    await page.getByText('Repair the button').first().waitFor();
    assert.deepEqual(errors, []);
  });
});
