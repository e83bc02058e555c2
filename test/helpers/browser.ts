/** UI tests: Debian's Chromium through playwright-core, a built renderer, and screenshots for review. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { ADMIN, startHost, type TestHost } from './host.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.HOMEFORGE_CHROMIUM ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots');

/**
 * Builds renderer/dist when it is missing or older than its sources. Call it before starting a host: the host
 * serves the UI only when renderer/dist exists at its start.
 */
export function ensureRenderer(): void {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-renderer.mjs'), '--if-stale'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`building the renderer failed:\n${r.stdout}\n${r.stderr}`);
}

/** Launches headless Chromium; fails with the install command when it is missing. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`UI tests need Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A host and a browser for the enclosing describe block: started in its before hook, closed in its after hook. */
export function uiFixture(options?: Parameters<typeof startHost>[0]): { readonly h: TestHost; readonly browser: Browser } {
  let h: TestHost | undefined;
  let browser: Browser | undefined;
  before(async () => {
    ensureRenderer();
    h = await startHost(options);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await h?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the UI fixture's ${what} is not started (read it in a hook or test)`);
    return value;
  };
  return {
    get h() { return started(h, 'host'); },
    get browser() { return started(browser, 'browser'); },
  };
}

/** A fresh context (own sessionStorage) and page at `baseUrl`; page errors fail loudly in the test output. */
export async function openPage(browser: Browser, baseUrl: string, opts: { colorScheme?: 'light' | 'dark' } = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 860 }, colorScheme: opts.colorScheme ?? 'light' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => { if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text())) errors.push(msg.text()); });
  page.setDefaultTimeout(10_000);
  return { context, page, errors };
}

/** Writes a full-page screenshot to test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The form control labelled exactly `text` (a required field's label ends with a "*" marker). */
export function field(page: Page, text: string): Locator {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

/** A page signed in through the sign-in form (as the test admin unless told otherwise), on the dashboard. */
export async function signedIn(browser: Browser, h: { url: string }, user = ADMIN.username, password = ADMIN.password): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await openPage(browser, h.url);
  await page.goto('/');
  await signIn(page, user, password);
  await page.getByRole('heading', { name: 'Repositories', level: 1 }).waitFor();
  return { page, errors };
}

/**
 * A page signed in through the sign-in form at `/user/login?redirect_to=<at>`, taken on to `at` (a path with its
 * query) as a user is: for a test that starts there, without loading the dashboard first. The caller waits for
 * the page's own content.
 */
export async function signedInAt(browser: Browser, h: { url: string }, at: string, user = ADMIN.username, password = ADMIN.password): Promise<{ page: Page; errors: string[] }> {
  const { page, errors } = await openPage(browser, h.url);
  await page.goto(`/user/login?redirect_to=${encodeURIComponent(at)}`);
  await signIn(page, user, password);
  await page.waitForURL((u) => `${u.pathname}${u.search}` === at);
  return { page, errors };
}

async function signIn(page: Page, user: string, password: string): Promise<void> {
  await field(page, 'User name or email').fill(user);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The error shown beside a form control (the last element its aria-describedby names), once it is marked invalid. */
export async function errorBeside(control: Locator): Promise<string> {
  await control.page().waitForFunction((el) => el?.getAttribute('aria-invalid') === 'true', await control.elementHandle());
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const last = ids.at(-1);
  if (!last?.endsWith('-error')) throw new Error(`no error is tied to the control (aria-describedby: ${ids.join(' ')})`);
  return (await control.page().locator(`[id="${last}"]`).innerText()).trim();
}
