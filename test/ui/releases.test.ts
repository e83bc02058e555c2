/**
 * UI: releases end to end: a release made in the form with a new tag, markdown notes and a file; the list with the
 * rendered notes and downloads; editing and publishing a draft; status icons on commits and branches linking to
 * the status target.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, type ApiResponse } from '../helpers/host.ts';
import { errorBeside, field, screenshot, signedIn, uiFixture } from '../helpers/browser.ts';

const auth: [string, string] = [ADMIN.username, ADMIN.password];

async function ok(p: Promise<ApiResponse>, status: number): Promise<ApiResponse['body']> {
  const r = await p;
  assert.equal(r.status, status, `${r.status}: ${r.text}`);
  return r.body;
}

describe('UI releases and commit statuses', () => {
  const ui = uiFixture();
  let dir: string;
  let head: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'homeforge-ui-rel-'));
    await ok(ui.h.api('POST', '/user/repos', { auth, body: { name: 'shipit', auto_init: true } }), 201);
    head = (await ok(ui.h.api('GET', '/repos/root/shipit/branches/main', { auth }), 200)).commit.id;
    await ok(ui.h.api('POST', `/repos/root/shipit/statuses/${head}`, { auth, body: { state: 'success', context: 'ci/build', target_url: 'https://ci.example.com/builds/7', description: 'built' } }), 201);
    await ok(ui.h.api('POST', `/repos/root/shipit/statuses/${head}`, { auth, body: { state: 'failure', context: 'ci/lint', target_url: 'https://ci.example.com/lint/7' } }), 201);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('a new release with a new tag, markdown notes and a file; the list shows notes and downloads', async () => {
    const file = path.join(dir, 'app-1.0.txt');
    await writeFile(file, 'the app, version 1.0\n');
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/root/shipit/releases');
    await page.getByText('No releases yet').waitFor();
    await page.getByRole('link', { name: 'New release' }).click();
    await field(page, 'Tag').fill('v1.0');
    await field(page, 'Title').fill('First flight');
    await field(page, 'Notes').fill('## Highlights\n\n- it **flies**');
    await page.getByLabel('Add files').setInputFiles(file);
    await screenshot(page, 'release-new');
    await page.getByRole('button', { name: 'Publish release' }).click();
    await page.waitForURL(/\/root\/shipit\/releases\/tag\/v1\.0$/);
    const card = page.getByRole('article', { name: /First flight/ });
    await card.locator('strong', { hasText: 'flies' }).waitFor();
    const download = card.getByRole('link', { name: 'app-1.0.txt' });
    const href = await download.getAttribute('href');
    assert.equal(href, `${ui.h.url}/root/shipit/releases/download/v1.0/app-1.0.txt`);
    assert.equal(await (await fetch(href!)).text(), 'the app, version 1.0\n');
    await card.getByRole('link', { name: 'Source code (ZIP)' }).waitFor();
    const rel = await ok(ui.h.api('GET', '/repos/root/shipit/releases/tags/v1.0', { auth }), 200);
    assert.equal(rel.draft, false);
    assert.equal((await ok(ui.h.api('GET', '/repos/root/shipit/tags/v1.0', { auth }), 200)).commit.sha, head, 'the tag was made at the default branch');
    await page.goto('/root/shipit/releases');
    await page.getByRole('heading', { name: /First flight/ }).waitFor();
    await screenshot(page, 'releases-list');
    assert.deepEqual(errors, []);
  });

  test('a draft is edited and published from its edit page', async () => {
    await ok(ui.h.api('POST', '/repos/root/shipit/releases', { auth, body: { tag_name: 'v2.0', name: 'Second', draft: true } }), 201);
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/root/shipit/releases');
    const card = page.getByRole('article', { name: /Second/ });
    await card.getByText('Draft').waitFor();
    await card.getByRole('link', { name: 'Edit Second' }).click();
    await page.getByRole('heading', { name: 'Edit release v2.0' }).waitFor();
    await field(page, 'Notes').fill('Now *ready*.');
    await page.getByLabel(/^Draft/).uncheck();
    await page.getByRole('button', { name: 'Save release' }).click();
    await page.waitForURL(/\/releases\/tag\/v2\.0$/);
    await page.getByRole('article', { name: /Second/ }).locator('em', { hasText: 'ready' }).waitFor();
    const rel = await ok(ui.h.api('GET', '/repos/root/shipit/releases/tags/v2.0', { auth }), 200);
    assert.equal(rel.draft, false);
    assert.equal((await ui.h.api('GET', '/repos/root/shipit/tags/v2.0', { auth })).status, 200, 'publishing made the tag');
    assert.deepEqual(errors, []);
  });

  test('the form asks for a tag first, and a tag that already has a release is refused in words beside it', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/root/shipit/releases/new');
    const tag = field(page, 'Tag');
    await tag.waitFor();
    assert.equal(await tag.getAttribute('required'), '');
    assert.equal(await tag.getAttribute('maxlength'), '255');
    assert.equal(await tag.evaluate((el: HTMLInputElement) => el.validity.valueMissing), true);
    await tag.fill('v1.0');
    await field(page, 'Title').fill('Again');
    await page.getByRole('button', { name: 'Publish release' }).click();
    assert.equal(await errorBeside(tag), 'The tag v1.0 already has a release.');
    await screenshot(page, 'release-tag-taken');
    assert.equal((await ok(ui.h.api('GET', '/repos/root/shipit/releases/tags/v1.0', { auth }), 200)).name, 'First flight');
    assert.deepEqual(errors, []);
  });

  test('status icons on commits and branches: the worst state, linking to its target', async () => {
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto('/root/shipit/commits/branch/main');
    const icon = page.getByRole('link', { name: /checks failed/ }).first();
    await icon.waitFor();
    assert.equal(await icon.getAttribute('href'), 'https://ci.example.com/lint/7');
    assert.match(await icon.getAttribute('aria-label') ?? '', /ci\/build success/);
    await page.goto('/root/shipit/branches');
    const branchIcon = page.getByRole('link', { name: /checks failed/ }).first();
    await branchIcon.waitFor();
    await screenshot(page, 'branches-status');
    await ok(ui.h.api('POST', `/repos/root/shipit/statuses/${head}`, { auth, body: { state: 'success', context: 'ci/lint', target_url: 'https://ci.example.com/lint/8' } }), 201);
    await page.goto('/root/shipit/commits/branch/main');
    const passed = page.getByRole('link', { name: /checks passed/ }).first();
    await passed.waitFor();
    assert.match(await passed.getAttribute('href') ?? '', /^https:\/\/ci\.example\.com\//);
    assert.deepEqual(errors, []);
  });
});
