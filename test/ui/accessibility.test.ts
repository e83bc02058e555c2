/** UI: landmarks, one heading per page, a label on every control, keyboard use, and the desktop window's session. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, createToken, startHost, type TestHost } from '../helpers/host.ts';
import { ensureRenderer, launchBrowser, openPage, screenshot } from '../helpers/browser.ts';

/** Problems found on the page: controls without a label, buttons that are not buttons, missing landmarks. */
async function audit(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea'))) {
      const labelled = (el.labels?.length ?? 0) > 0 || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby');
      if (!labelled) problems.push(`unlabelled ${el.tagName.toLowerCase()} ${el.getAttribute('name') ?? ''}`);
    }
    for (const el of Array.from(document.querySelectorAll('[onclick], a:not([href])'))) problems.push(`clickable non-button ${el.outerHTML.slice(0, 60)}`);
    for (const b of Array.from(document.querySelectorAll('button'))) if (!(b.textContent ?? '').trim() && !b.getAttribute('aria-label')) problems.push('button without a name');
    if (document.querySelectorAll('main').length !== 1) problems.push('not exactly one main landmark');
    if (document.querySelectorAll('h1').length !== 1) problems.push('not exactly one h1');
    return problems;
  });
}

describe('UI accessibility and the desktop session', () => {
  let h: TestHost;
  let browser: Browser;
  let token: string;
  before(async () => {
    ensureRenderer();
    h = await startHost();
    browser = await launchBrowser();
    token = await createToken(h, ADMIN.username, ADMIN.password);
  });
  after(async () => {
    await browser?.close();
    await h?.stop();
  });

  test('every main page has landmarks, one h1 and a label on every control', async () => {
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'audited', auto_init: true, readme: 'Default' } })).status, 201);
    const { page, errors } = await openPage(browser, h.url);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.deepEqual(await audit(page), [], 'sign-in page');
    await page.evaluate((t) => sessionStorage.setItem('homeforge.token', t), token);
    for (const [path, heading] of [['/', 'Repositories'], ['/repo/create', 'New repository'], ['/-/admin/users', 'Users'], ['/-/admin/users/new', 'New user'],
      ['/-/admin/users/root/edit', 'Edit root'], ['/user/settings/applications', 'Access tokens'], ['/user/settings/security', 'Two-factor authentication'],
      ['/repo/migrate', 'Import a repository'], ['/-/admin/orgs', 'Organizations'], ['/-/admin/hooks/system', 'System webhooks'],
      ['/-/admin/hooks/default', 'Default webhooks'], ['/-/admin/auth-sources', 'Login sources'], ['/-/admin/settings', 'Host settings'],
      ['/root/audited', /^root\/audited/], ['/root/audited/commits', /^root\/audited/], ['/root/audited/branches', /^root\/audited/],
      ['/root/audited/settings', /^root\/audited/], ['/root/audited/settings/collaboration', /^root\/audited/], ['/root/audited/settings/hooks', /^root\/audited/]] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('status').filter({ hasText: /Loading/ }).waitFor({ state: 'detached' });
      assert.deepEqual(await audit(page), [], path);
      assert.equal(await page.getByRole('banner').count(), 1, path);
      assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 1, path);
    }
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    assert.deepEqual(errors, []);
  });

  test('the keyboard reaches the skip link, the navigation and the forms; focus is visible', async () => {
    const { page } = await openPage(browser, h.url);
    await page.goto('/');
    await page.evaluate((t) => sessionStorage.setItem('homeforge.token', t), token);
    await page.reload();
    await page.getByRole('heading', { name: 'Repositories', level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    assert.equal(await skip.evaluate((el) => el === document.activeElement), true);
    const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
    assert.notEqual(outline, 'none');
    await screenshot(page, 'keyboard-skip-link');

    // Through the navigation by keyboard to the new-user form, then type into it.
    const adminLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Site administration' });
    for (let i = 0; i < 10 && !(await adminLink.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    assert.equal(await page.getByRole('main').evaluate((el) => el === document.activeElement), true, 'focus moves to the new page');
  });

  test('the desktop window is signed in through window.homeforge.session() and offers no sign-out', async () => {
    const { context, page, errors } = await openPage(browser, h.url, { colorScheme: 'dark' });
    // A string, not a function: the test's compiled functions carry helpers the page does not have.
    await context.addInitScript({ content: `window.homeforge = { session: () => Promise.resolve({ token: ${JSON.stringify(token)}, username: 'root' }) };` });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Repositories', level: 1 }).waitFor();
    assert.match(await page.getByRole('banner').innerText(), /Signed in as\s+root/);
    assert.equal(await page.getByRole('button', { name: 'Sign out' }).count(), 0);
    await screenshot(page, 'desktop-dark');
    assert.deepEqual(errors, []);
  });

  test('a phone-sized window shows the pages without sideways scrolling', async () => {
    const { page } = await openPage(browser, h.url);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.evaluate((t) => sessionStorage.setItem('homeforge.token', t), token);
    for (const [path, heading, shot] of [['/', 'Repositories', 'phone-dashboard'], ['/-/admin/users', 'Users', 'phone-users'], ['/user/settings/applications', 'Access tokens', 'phone-tokens']] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      // Every part of the page has loaded (the dashboard loads its list and its panels side by side).
      await page.waitForFunction(() => !Array.from(document.querySelectorAll('[role="status"]')).some((e) => /Loading/.test(e.textContent ?? '')));
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${path} scrolls sideways`);
      await screenshot(page, shot);
    }
  });
});
