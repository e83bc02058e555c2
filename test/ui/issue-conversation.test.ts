/** UI: the issue conversation: timeline events between comments, reactions added and removed, the subscribe toggle, a file attached and listed, #n linked. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, type ApiResponse } from '../helpers/host.ts';
import { screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

const auth: [string, string] = [ADMIN.username, ADMIN.password];

async function ok(p: Promise<ApiResponse>, status: number): Promise<ApiResponse['body']> {
  const r = await p;
  assert.equal(r.status, status, `${r.status}: ${r.text}`);
  return r.body;
}

describe('UI issue conversation', () => {
  const ui = uiFixture();
  before(async () => {
    await ok(ui.h.api('POST', '/user/repos', { auth, body: { name: 'talk' } }), 201);
    await ok(ui.h.api('POST', '/repos/root/talk/labels', { auth, body: { name: 'bug', color: '#d73a4a' } }), 201);
    await ok(ui.h.api('POST', '/repos/root/talk/issues', { auth, body: { title: 'First issue', body: 'the first' } }), 201);
    await ok(ui.h.api('POST', '/repos/root/talk/issues', { auth, body: { title: 'Second issue', body: 'relates to #1' } }), 201);
    await ok(ui.h.api('POST', '/repos/root/talk/issues/1/comments', { auth, body: { body: 'a comment before the label' } }), 201);
    await ok(ui.h.api('POST', '/repos/root/talk/issues/1/labels', { auth, body: { labels: ['bug'] } }), 200);
    await ok(ui.h.api('PATCH', '/repos/root/talk/issues/1', { auth, body: { title: 'First issue, renamed' } }), 201);
  });

  test('events in order, reactions, subscribe, attach a file, issue references as links', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/root/talk/issues/1');
    await page.getByRole('heading', { name: /First issue, renamed/ }).waitFor();
    const conversation = page.getByRole('list', { name: 'Conversation' });
    await conversation.getByText('changed the title from').waitFor();
    // Comment bodies are rendered from markdown after the list shows.
    await conversation.getByText('a comment before the label').waitFor();
    const items = await conversation.locator(':scope > li').allInnerTexts();
    const order = ['referenced this issue from root/talk#2', 'a comment before the label', 'added the label bug', 'changed the title from'];
    const at = order.map((t) => items.findIndex((x) => x.includes(t)));
    assert.ok(at.every((i) => i >= 0), `every event shows: ${JSON.stringify(items)}`);
    assert.deepEqual([...at].sort((a, b) => a - b), at, 'in the order they happened');

    // reactions on the issue: add, see it pressed, remove
    const reactions = page.getByRole('group', { name: 'Reactions to the issue' });
    await reactions.getByText('React').click();
    await reactions.getByRole('button', { name: 'React with heart' }).click();
    const heart = reactions.getByRole('button', { name: /1 heart/ });
    await heart.waitFor();
    assert.equal(await heart.getAttribute('aria-pressed'), 'true');
    const stored = await ok(ui.h.api('GET', '/repos/root/talk/issues/1/reactions', { auth }), 200) as { content: string }[];
    assert.deepEqual(stored.map((r) => r.content), ['heart']);
    await screenshot(page, 'issue-conversation-reaction');
    await heart.click();
    await heart.waitFor({ state: 'detached' });
    assert.deepEqual(await ok(ui.h.api('GET', '/repos/root/talk/issues/1/reactions', { auth }), 200), []);

    // subscribe toggle: the poster watches; unsubscribe, then subscribe again
    const side = page.getByRole('complementary', { name: 'Issue details' });
    await side.getByText('You are subscribed to this issue.').waitFor();
    await side.getByRole('button', { name: 'Unsubscribe' }).click();
    await side.getByText('You are not subscribed to this issue.').waitFor();
    assert.equal((await ok(ui.h.api('GET', '/repos/root/talk/issues/1/subscriptions/check', { auth }), 200)).subscribed, false);
    await side.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await side.getByText('You are subscribed to this issue.').waitFor();

    // attach a file to the issue
    await page.getByLabel('Attach a file to the issue').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('attached from the UI\n') });
    await page.getByRole('group', { name: 'Files of the issue' }).getByRole('button', { name: 'notes.txt' }).waitFor();
    const assets = await ok(ui.h.api('GET', '/repos/root/talk/issues/1/assets', { auth }), 200) as { name: string; size: number }[];
    assert.deepEqual(assets.map((a) => [a.name, a.size]), [['notes.txt', 21]]);
    await screenshot(page, 'issue-conversation-attachment');

    // #1 in the second issue is a link to the first
    await page.goto('/root/talk/issues/2');
    const link = page.getByRole('article', { name: 'Issue description' }).getByRole('link', { name: '#1' });
    await link.waitFor();
    assert.equal(await link.getAttribute('href'), '/root/talk/issues/1');
    assert.deepEqual(errors, []);
  });
});
