/**
 * UI: the lists not paged by another UI test (branches, tags, webhooks, a webhook's deliveries, an organization's
 * teams) page through the address by 20, with "Page X of N" from the API's X-Total-Count, over a reload.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { ADMIN, createToken } from '../helpers/host.ts';
import { screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

const EXTRA = 21;
const names = (prefix: string) => Array.from({ length: EXTRA }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);

/** A loopback receiver that answers every delivery 200. */
async function receiver(): Promise<{ url: string; count(): number; close(): Promise<void> }> {
  let n = 0;
  const server = http.createServer((req, res) => { req.resume(); req.on('end', () => { n++; res.writeHead(200).end('ok'); }); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, count: () => n, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** On `url`, the pager reads "Page 1 of 2" (with `total` when given); Next moves to page 2 in the address, which a reload keeps. */
async function pages(page: Page, url: string, total: string | null, name: string): Promise<void> {
  await page.goto(url);
  const pager = page.getByRole('navigation', { name: 'Pages', exact: true });
  await pager.getByText(`Page 1 of 2${total ? `, of ${total}` : ''}`).waitFor();
  await pager.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL((u) => u.searchParams.get('page') === '2');
  await pager.getByText(`Page 2 of 2${total ? `, of ${total}` : ''}`).waitFor();
  assert.equal(await pager.getByRole('button', { name: 'Next' }).isDisabled(), true, `${url}: page 2 is the last`);
  await page.reload();
  await pager.getByText(`Page 2 of 2${total ? `, of ${total}` : ''}`).waitFor();
  await screenshot(page, `lists-${name}-page-2`);
}

describe('UI list paging', () => {
  const ui = uiFixture({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
  let target: Awaited<ReturnType<typeof receiver>>;
  let hookId = 0;
  before(async () => {
    target = await receiver();
    const auth = await createToken(ui.h, ADMIN.username, ADMIN.password);
    const ok = async (method: string, p: string, body: unknown, status: number) => {
      const r = await ui.h.api(method, p, { auth, body });
      assert.equal(r.status, status, `${method} ${p}: ${r.text}`);
      return r.body;
    };
    await ok('POST', '/user/repos', { name: 'lists', auto_init: true }, 201);
    for (const b of names('branch-')) await ok('POST', '/repos/root/lists/branches', { new_branch_name: b, old_branch_name: 'main' }, 201);
    for (const t of names('v0.')) await ok('POST', '/repos/root/lists/tags', { tag_name: t, target: 'main' }, 201);
    hookId = (await ok('POST', '/repos/root/lists/hooks', { type: 'gitea', active: true, events: ['push'], config: { url: target.url, content_type: 'json' } }, 201)).id;
    for (const n of names('quiet-')) await ok('POST', '/repos/root/lists/hooks', { type: 'gitea', active: false, events: ['push'], config: { url: `${target.url}/${n}`, content_type: 'json' } }, 201);
    for (let i = 0; i <= EXTRA; i++) await ok('POST', `/repos/root/lists/hooks/${hookId}/tests`, undefined, 204);
    await ok('POST', '/orgs', { username: 'guild' }, 201);
    for (const t of names('team-')) await ok('POST', '/orgs/guild/teams', { name: t, permission: 'read', units: ['repo.code'] }, 201);
    const end = Date.now() + 30_000;
    while (target.count() < EXTRA + 1) {
      if (Date.now() > end) throw new Error(`only ${target.count()} test deliveries arrived`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  after(async () => {
    await target?.close();
  });

  test('branches, tags, webhooks, deliveries and teams page by 20', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await pages(page, '/root/lists/branches', '22 branches', 'branches');
    await pages(page, '/root/lists/tags', '21 tags', 'tags');
    await pages(page, '/root/lists/settings/hooks', null, 'hooks');
    await pages(page, `/root/lists/settings/hooks/${hookId}`, null, 'deliveries');
    await pages(page, '/org/guild/teams', null, 'teams');
    assert.deepEqual(errors, []);
  });
});
