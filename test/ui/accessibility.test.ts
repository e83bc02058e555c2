/**
 * UI: axe-core's WCAG 2.1 A/AA and best-practice rules on every page of the route list (`renderer/src/routes.tsx`),
 * in the light and the dark theme, with real data; then keyboard use and the desktop window's session.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ADMIN, createToken } from '../helpers/host.ts';
import { openPage, screenshot, uiFixture } from '../helpers/browser.ts';
import { commitFiles, gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { matchedPattern, routePatterns } from './a11y-routes.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/**
 * Full-page screenshots of every audited page, for a person to look through: only with HOMEFORGE_A11Y_SCREENSHOTS=1.
 * No check reads them (axe-core's colour rules compute contrast from the computed styles, not from pixels), and
 * encoding about two hundred full-page images costs processor time on every run.
 */
const SHOTS = process.env.HOMEFORGE_A11Y_SCREENSHOTS === '1';
/** Pages audited at a time, each in its own browser context. */
const LANES = 4;

interface Violation { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }

/** The rules whose outcome depends on colours: the only ones the dark theme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core (loaded by the context's init script) on the page; the violations of impact serious or critical.
 * `coloursOnly`: only the colour rules (the dark theme has the same structure as the light one, checked in full).
 */
async function axe(page: Page, coloursOnly = false): Promise<Violation[]> {
  const runOnly = coloursOnly ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: TAGS };
  const found = await page.evaluate(async (only) => {
    const w = window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: Violation[] }> } };
    return (await w.axe.run(document, { runOnly: only, resultTypes: ['violations'] })).violations;
  }, runOnly);
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Waits until the page has its h1 and no part of it is still loading. */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => !Array.from(document.querySelectorAll('[role="status"]')).some((e) => /Loading/.test(e.textContent ?? '')));
}

/** A loopback receiver that answers every webhook delivery 200. */
async function receiver(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => { req.resume(); req.on('end', () => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok')); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('UI accessibility and the desktop session', () => {
  const ui = uiFixture({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback' } });
  let g: GitSandbox;
  let rx: Awaited<ReturnType<typeof receiver>>;
  let token: string;
  /** Values for the route list's parameters, from the fixtures below. */
  const params: Record<string, string> = { owner: 'root', repo: 'site', name: 'alice', org: 'forge-org', kind: 'branch', index: '1' };
  let ids: { repoHook: number; orgHook: number; adminHook: number; head: string };
  const auth: [string, string] = [ADMIN.username, ADMIN.password];
  const ok = async (p: Promise<{ status: number; body: unknown }>, status: number) => {
    const r = await p;
    assert.equal(r.status, status, JSON.stringify(r.body));
    return r.body as Record<string, unknown>;
  };

  before(async () => {
    g = await gitSandbox();
    rx = await receiver();
    token = await createToken(ui.h, ADMIN.username, ADMIN.password);
    const hook = { type: 'gitea', active: true, events: ['push'], config: { url: rx.url, content_type: 'json' } };
    // A repository with commits, a README, a markdown file, source, a workflow (its runs), a second branch, tags and a webhook with deliveries.
    await ok(ui.h.api('POST', '/user/repos', { auth, body: { name: 'site', description: 'The project site' } }), 201);
    const repoHook = (await ok(ui.h.api('POST', '/repos/root/site/hooks', { auth, body: hook }), 201)).id as number;
    const work = path.join(g.dir, 'site');
    const remote = withCredentials(`${ui.h.url}/root/site.git`, ADMIN.username, ADMIN.password);
    await makeRepo(g, work, { 'README.md': '# Site\n\nThe *project* site. See [the guide](docs/guide.md).\n', 'docs/guide.md': '# Guide\n\n- one\n- two\n\n```sh\nnpm test\n```\n', 'src/main.ts': 'export const answer = 42;\n', '.gitea/workflows/ci.yml': 'on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo built\n' });
    const head = await commitFiles(g, work, { 'src/main.ts': 'export const answer = 43;\nexport const name = "site";\n' }, 'Change the answer');
    await g.ok(['tag', '-a', 'v1.0', '-m', 'First release'], { cwd: work });
    await g.ok(['checkout', '-q', '-b', 'feature'], { cwd: work });
    await commitFiles(g, work, { 'docs/feature.md': '# Feature\n' }, 'Describe the feature');
    await g.ok(['push', '-q', remote, 'main', 'feature', 'v1.0'], { cwd: work });
    await ok(ui.h.api('POST', '/repos/root/site/tags', { auth, body: { tag_name: 'v0.9', target: 'main' } }), 201);
    await ok(ui.h.api('POST', `/repos/root/site/hooks/${repoHook}/tests`, { auth }), 204);
    // Issue #1 with a plain and an exclusive label, a milestone, a markdown comment and a second issue it depends on.
    const bug = (await ok(ui.h.api('POST', '/repos/root/site/labels', { auth, body: { name: 'bug', color: '#d73a4a' } }), 201)).id as number;
    const high = (await ok(ui.h.api('POST', '/repos/root/site/labels', { auth, body: { name: 'priority/high', color: '#fbca04', exclusive: true } }), 201)).id as number;
    const milestone = (await ok(ui.h.api('POST', '/repos/root/site/milestones', { auth, body: { title: 'v1.0' } }), 201)).id as number;
    await ok(ui.h.api('POST', '/repos/root/site/issues', { auth, body: { title: 'The guide is short', body: 'It needs **more** steps.', labels: [bug, high], milestone } }), 201);
    await ok(ui.h.api('POST', '/repos/root/site/issues', { auth, body: { title: 'Write more steps' } }), 201);
    await ok(ui.h.api('POST', '/repos/root/site/issues/1/comments', { auth, body: { body: 'Agreed, see `docs/guide.md`.' } }), 201);
    await ok(ui.h.api('POST', '/repos/root/site/issues/1/dependencies', { auth, body: { index: 2, owner: 'root', repo: 'site' } }), 201);
    // A second user with a token, an organization with a team and a webhook, a system webhook.
    await ok(ui.h.api('POST', '/admin/users', { auth, body: { username: 'alice', email: 'alice@example.com', password: 'alice-password-1', must_change_password: false } }), 201);
    await createToken(ui.h, 'alice', 'alice-password-1', ['all'], 'alice-laptop');
    await ok(ui.h.api('POST', '/orgs', { auth, body: { username: 'forge-org', description: 'Forge people' } }), 201);
    await ok(ui.h.api('POST', '/orgs/forge-org/teams', { auth, body: { name: 'writers', permission: 'write', units: ['repo.code'], includes_all_repositories: true } }), 201);
    const orgHook = (await ok(ui.h.api('POST', '/orgs/forge-org/hooks', { auth, body: hook }), 201)).id as number;
    const adminHook = (await ok(ui.h.api('POST', '/admin/hooks', { auth, body: hook }), 201)).id as number;
    // A release of v1.0, a wiki page and a pull request (#3) from the feature branch.
    await ok(ui.h.api('POST', '/repos/root/site/releases', { auth, body: { tag_name: 'v1.0', name: 'First release', body: 'The *first* one.' } }), 201);
    await ok(ui.h.api('POST', '/repos/root/site/wiki/new', { auth, body: { title: 'Home', content_base64: Buffer.from('# Welcome\n\nThe site wiki.\n').toString('base64') } }), 201);
    await ok(ui.h.api('POST', '/repos/root/site/pulls', { auth, body: { head: 'feature', base: 'main', title: 'Describe the feature' } }), 201);
    ids = { repoHook, orgHook, adminHook, head };
    params.sha = head;
    // The workflow's first run, from the push above.
    params.number = '1';
  });
  after(async () => {
    await g?.dispose();
    await rx?.close();
  });

  /**
   * The addresses audited: at least one per route of the list. A route without an entry here is filled in from
   * `params` (`*` left empty), so a page added later is audited too; one with a parameter not in `params` fails.
   */
  function addresses(patterns: string[]): { url: string; signedIn: boolean }[] {
    const r = '/root/site';
    const fixed = [
      '/', '/repo/create', '/repo/migrate', '/user/login?redirect_to=/root/site', '/user/settings', '/user/settings/account', '/user/settings/applications', '/user/settings/security',
      '/-/admin', '/-/admin/users', '/-/admin/users/new', '/-/admin/users/alice/edit', '/-/admin/users/alice/tokens', '/-/admin/orgs', '/-/admin/orgs/forge-org',
      '/-/admin/orgs/forge-org/hooks', `/-/admin/orgs/forge-org/hooks/${ids.orgHook}`, '/-/admin/hooks/system', '/-/admin/hooks/default',
      `/-/admin/hooks/system/${ids.adminHook}`, '/-/admin/auth-sources', '/-/admin/settings', '/admin/users', '/settings/applications', '/setup', '/login',
      '/root', '/alice', '/forge-org', r, `${r}/src/branch/main`, `${r}/src/branch/main/README.md`, `${r}/src/branch/main/docs/guide.md`, `${r}/src/branch/main/docs`,
      `${r}/src/branch/main/src/main.ts`, `${r}/src/tag/v1.0`, `${r}/src/commit/${ids.head}/src/main.ts`, `${r}/commits`, `${r}/commits/branch/feature`,
      `${r}/commit/${ids.head}`, `${r}/compare/main...feature`, `${r}/branches`, `${r}/tags`, `${r}/releases`, `${r}/issues`, `${r}/issues/new`, `${r}/issues/1`, `${r}/labels`, `${r}/milestones`, `${r}/pulls`, `${r}/pulls/3`, `${r}/pulls/3/commits`, `${r}/pulls/3/files`, `${r}/pulls/new`,
      `${r}/releases/tag/v1.0`, `${r}/releases/new`, `${r}/releases/edit/v1.0`, `${r}/wiki`, `${r}/wiki/Home`, `${r}/settings/branches`,
      `${r}/settings`, `${r}/settings/collaboration`, `${r}/settings/hooks`, `${r}/settings/hooks/${ids.repoHook}`, `${r}/settings/mirror`, '/no/such/page',
      '/org/forge-org/teams', '/org/forge-org/settings/hooks', `/org/forge-org/settings/hooks/${ids.orgHook}`,
      '/root/-/packages', '/root/-/packages/generic/none', '/root/-/packages/generic/none/1.0',
    ];
    const covered = new Set(fixed.map((u) => matchedPattern(patterns, u)));
    for (const p of patterns) {
      if (covered.has(p)) continue;
      fixed.push(p.replace(/\/\*$/, '').replace(/:(\w+)/g, (_, k: string) => {
        if (!(k in params)) throw new Error(`route ${p}: no fixture value for :${k}; add an address for it in the accessibility test`);
        return params[k]!;
      }));
    }
    return [
      ...fixed.map((url) => ({ url, signedIn: true })),
      // A signed-out visitor: the sign-in page and the public pages.
      ...['/user/login', '/root', '/explore/repos', '/explore/users', '/explore/organizations', r, `${r}/src/branch/main/docs/guide.md`, `${r}/commits`, `${r}/commit/${ids.head}`, `${r}/branches`, `${r}/tags`, `${r}/issues`, `${r}/issues/1`, `${r}/labels`, `${r}/milestones`].map((url) => ({ url, signedIn: false })),
    ];
  }

  test('axe-core finds no serious or critical violation on any page of the route list (light: every rule; dark: the colour rules)', async () => {
    const patterns = routePatterns();
    const visited = new Set<string>();
    const report: string[] = [];
    const pageErrors: string[] = [];
    /** Every address to audit, signed in or not; the signed-in ones first, so that a lane seldom changes context. */
    const jobs = [true, false].flatMap((signed) => addresses(patterns).filter((a) => a.signedIn === signed));
    /** A browser context, signed in or not, with axe-core loaded in every page. */
    const openContext = async (signed: boolean) => {
      const opened = await openPage(ui.browser, ui.h.url);
      // An init script, not a <script> tag: the host's Content-Security-Policy allows no inline script.
      await opened.context.addInitScript({ path: AXE });
      if (signed) await opened.context.addInitScript({ content: `sessionStorage.setItem('homeforge.token', ${JSON.stringify(token)});` });
      return { ...opened, signed };
    };
    /** Audits the loaded page in one theme: every rule in the light one, the colour rules in the dark one. */
    const audit = async (page: Page, theme: 'light' | 'dark', signed: boolean, url: string): Promise<void> => {
      await page.emulateMedia({ colorScheme: theme });
      // The themes are CSS only (prefers-color-scheme), so the loaded page takes the other one as it is.
      assert.equal(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), theme === 'dark', `${url}: the ${theme} theme is not applied`);
      if (SHOTS) {
        const slug = url.replace(/\?.*$/, '').replace('/-/', '/_/').replace(/[^a-z0-9._]+/gi, '-').replace(/^-|-$/g, '') || 'home';
        await screenshot(page, `a11y-${theme}-${signed ? '' : 'visitor-'}${slug}`.slice(0, 120));
      }
      for (const v of await axe(page, theme === 'dark')) {
        for (const n of v.nodes) report.push(`${theme}${signed ? '' : ' visitor'} ${url}: ${v.id} (${v.impact}) at ${JSON.stringify(n.target)}: ${v.help}${n.failureSummary ? ` | ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`);
      }
    };
    /** One lane: takes the next address, in a context of its signing (a new one when it changes), and audits it in both themes. */
    const lane = async (): Promise<void> => {
      let current: Awaited<ReturnType<typeof openContext>> | undefined;
      const done = async () => {
        if (!current) return;
        pageErrors.push(...current.errors);
        await current.context.close();
      };
      for (let job = jobs.shift(); job; job = jobs.shift()) {
        const { signedIn: signed, url } = job;
        if (current?.signed !== signed) {
          await done();
          current = await openContext(signed);
        }
        const { page } = current;
        const pattern = matchedPattern(patterns, url);
        if (pattern !== undefined) visited.add(pattern);
        try {
          await page.emulateMedia({ colorScheme: 'light' });
          await page.goto(url);
          await settled(page);
        } catch (err) {
          throw new Error(`${signed ? '' : 'visitor '}${url}: the page did not finish loading: ${(err as Error).message}`, { cause: err });
        }
        await audit(page, 'light', signed, url);
        await audit(page, 'dark', signed, url);
      }
      await done();
    };
    // A page load waits on the host and the network as much as on the processor: LANES pages load at a time.
    await Promise.all(Array.from({ length: LANES }, lane));
    const missed = patterns.filter((p) => !visited.has(p));
    assert.deepEqual(missed, [], 'routes of the list the audit did not visit');
    if (report.length) console.log(report.join('\n'));
    assert.deepEqual(report, [], 'serious or critical axe-core violations');
    assert.deepEqual(pageErrors, [], 'page errors');
  });

  test('the keyboard reaches the skip link, the navigation and the forms; focus is visible', async () => {
    const { page } = await openPage(ui.browser, ui.h.url);
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
    const { context, page, errors } = await openPage(ui.browser, ui.h.url, { colorScheme: 'dark' });
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
    const { page } = await openPage(ui.browser, ui.h.url);
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
