/** UI: add a webhook to a repository → a push delivers to a loopback receiver → see the request and response → replay it. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ADMIN } from '../helpers/host.ts';
import { field, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';
import { gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';

interface Received { headers: http.IncomingHttpHeaders; body: string }

/** A loopback HTTP server that records each request and answers 200 "thanks". */
async function receiver(): Promise<{ url: string; got: Received[]; close(): Promise<void> }> {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(200, { 'Content-Type': 'text/plain', 'X-Receiver': 'test' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, got, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('UI webhooks', () => {
  const ui = uiFixture({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
  let g: GitSandbox;
  let target: Awaited<ReturnType<typeof receiver>>;
  before(async () => {
    g = await gitSandbox();
    target = await receiver();
  });
  after(async () => {
    await g?.dispose();
    await target?.close();
  });

  test('adds a webhook, shows the delivery of a push with request and response, and replays it', async () => {
    const created = await ui.h.api('POST', '/user/repos', { auth: [ADMIN.username, ADMIN.password], body: { name: 'hooked' } });
    assert.equal(created.status, 201);
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/root/hooked/settings/hooks');
    await page.getByText(/No webhooks yet/).waitFor();

    // The browser checks the address first: empty, then not an address; neither is sent.
    await page.getByRole('button', { name: 'Add webhook' }).click();
    assert.equal(await field(page, 'Target URL').evaluate((el) => (el as HTMLInputElement).validity.valueMissing), true);
    await field(page, 'Target URL').fill('not a url');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    assert.equal(await field(page, 'Target URL').evaluate((el) => (el as HTMLInputElement).validity.typeMismatch), true);
    assert.ok((await field(page, 'Target URL').evaluate((el) => (el as HTMLInputElement).validationMessage)).length > 0);
    await page.getByText(/No webhooks yet/).waitFor();
    await screenshot(page, 'webhook-add-error');

    await field(page, 'Target URL').fill(target.url);
    await field(page, 'Secret').fill('s3cret');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByText(`Added the webhook for ${target.url}.`).waitFor();
    await screenshot(page, 'webhooks');
    await page.getByRole('link', { name: target.url }).click();
    await page.getByText(/Nothing sent yet/).waitFor();

    const work = path.join(g.dir, 'hooked');
    await makeRepo(g, work, { 'a.txt': 'one\n' });
    await g.ok(['push', '-q', withCredentials(created.body.clone_url, ADMIN.username, ADMIN.password), 'main'], { cwd: work });
    await until(() => target.got.length === 1, 'the push delivery');
    assert.equal(target.got[0]!.headers['x-gitea-event'], 'push');

    const deliveries = page.getByRole('list', { name: 'Deliveries' });
    await deliveries.getByText('delivered (200)').waitFor();
    await deliveries.getByRole('button', { name: /^Show request and response/ }).first().click();
    await deliveries.getByRole('region', { name: 'Request' }).getByText(`POST ${target.url}`).waitFor();
    assert.match(await deliveries.getByLabel('Request body').innerText(), /"ref": "refs\/heads\/main"/);
    assert.match(await deliveries.getByLabel('Response body').innerText(), /thanks/);
    assert.match(await deliveries.getByRole('region', { name: 'Response' }).innerText(), /X-Receiver: test/i);
    await screenshot(page, 'webhook-deliveries');

    await deliveries.getByRole('button', { name: /^Replay delivery/ }).first().click();
    await page.getByText(/^Replayed as delivery/).waitFor();
    await until(() => target.got.length === 2, 'the replayed delivery');
    assert.equal(target.got[1]!.body, target.got[0]!.body, 'the replay sends the same body');
    await deliveries.getByText('delivered (200)').nth(1).waitFor();
    assert.equal(await deliveries.getByRole('listitem').count(), 2);
    await screenshot(page, 'webhook-replayed');
    assert.deepEqual(errors, []);
  });

  test('system webhooks live under site administration', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.getByRole('link', { name: 'Site administration' }).click();
    await page.getByRole('navigation', { name: 'Site administration' }).getByRole('link', { name: 'System webhooks' }).click();
    await page.getByText(/No webhooks yet/).waitFor();
    await field(page, 'Target URL').fill(target.url);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByRole('link', { name: target.url }).waitFor();
    const system = await ui.h.api('GET', '/admin/hooks?type=system', { auth: [ADMIN.username, ADMIN.password] });
    assert.equal(system.body.length, 1);
    assert.equal(system.body[0].config.is_system_webhook, 'true');
    const defaults = await ui.h.api('GET', '/admin/hooks?type=default', { auth: [ADMIN.username, ADMIN.password] });
    assert.equal(defaults.body.length, 0);
    await screenshot(page, 'admin-system-webhooks');
    assert.deepEqual(errors, []);
  });
  test('edits a webhook: url, branch filter and events change, and a test delivery is labelled as a test', async () => {
    const auth: [string, string] = [ADMIN.username, ADMIN.password];
    assert.equal((await ui.h.api('POST', '/user/repos', { auth, body: { name: 'edited', auto_init: true } })).status, 201);
    const made = await ui.h.api('POST', '/repos/root/edited/hooks', { auth, body: { type: 'gitea', active: true, events: ['push'], config: { url: `${target.url}/old`, content_type: 'json' } } });
    assert.equal(made.status, 201);
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto(`/root/edited/settings/hooks/${made.body.id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Edit this webhook' });
    await field(page, 'Target URL').fill(`${target.url}/new`);
    await field(page, 'Branch filter').fill('{main,release/*}');
    await form.getByLabel('Issues').check();
    await form.getByRole('button', { name: 'Save webhook' }).click();
    await page.getByText('The webhook is saved.').waitFor();
    await page.getByRole('heading', { name: `${target.url}/new` }).waitFor();
    await screenshot(page, 'webhook-edited');
    const saved = await ui.h.api('GET', `/repos/root/edited/hooks/${made.body.id}`, { auth });
    assert.equal(saved.body.config.url, `${target.url}/new`);
    assert.equal(saved.body.branch_filter, '{main,release/*}');
    // Gitea stores the issues group with its sub-events (issue_comment, issue_label, ...).
    assert.ok(saved.body.events.includes('issues') && saved.body.events.includes('push'), saved.body.events.join(','));

    const before = target.got.length;
    await page.getByRole('button', { name: 'Send a test delivery' }).click();
    await until(() => target.got.length === before + 1, 'the test delivery');
    const deliveries = page.getByRole('list', { name: 'Deliveries' });
    await deliveries.getByText('test', { exact: true }).waitFor();
    await screenshot(page, 'webhook-test-delivery');
    assert.deepEqual(errors, []);
  });
});
