/** UI: first run → create a repository → push to it with the git CLI → browse the commit, files, branches and settings. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { field, openPage, screenshot, uiFixture } from '../helpers/browser.ts';
import { commitFiles, gitSandbox, makeRepo, withCredentials, type GitSandbox } from '../helpers/git.ts';

const OWNER = { username: 'maker', email: 'maker@example.com', password: 'maker-password-1' };

describe('UI push and browse', () => {
  const ui = uiFixture({ env: { HOMEFORGE_ADMIN_USER: '' } });
  let g: GitSandbox;
  before(async () => {
    g = await gitSandbox();
  });
  after(async () => {
    await g?.dispose();
  });

  test('first run, a new repository, a push from git, and the commit in the browser', async () => {
    const { page, errors } = await openPage(ui.browser, ui.h.url);
    await page.goto('/');
    await field(page, 'Administrator user name').fill(OWNER.username);
    await field(page, 'Email address').fill(OWNER.email);
    await field(page, 'Password').fill(OWNER.password);
    await field(page, 'Repeat the password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Create administrator and sign in' }).click();
    await page.getByRole('heading', { name: 'No repositories yet' }).waitFor();

    await page.getByRole('link', { name: 'Create a repository' }).click();
    await field(page, 'Repository name').fill('garden');
    await field(page, 'Description').fill('Plans for the garden');
    await page.getByRole('button', { name: 'Create repository' }).click();
    await page.getByText('Created the repository maker/garden.').waitFor();
    await page.getByRole('list', { name: 'Repositories' }).getByRole('link', { name: 'maker/garden' }).click();
    await page.getByRole('heading', { name: 'This repository is empty' }).waitFor();
    await screenshot(page, 'repo-empty');
    const cloneUrl = await page.getByRole('textbox', { name: 'HTTP clone URL of maker/garden' }).inputValue();

    // The host runs in this process: git is spawned asynchronously so the host keeps answering.
    const work = path.join(g.dir, 'garden');
    await makeRepo(g, work, { 'README.md': '# Garden\n', 'beds/tomatoes.txt': 'Plant in May.\n' });
    await commitFiles(g, work, { 'beds/beans.txt': 'Climbing beans by the fence.\n' }, 'Add the bean bed\n\nThey need a frame.');
    await g.ok(['push', '-q', withCredentials(cloneUrl, OWNER.username, OWNER.password), 'main'], { cwd: work });
    await g.ok(['tag', 'v1'], { cwd: work });
    await g.ok(['push', '-q', withCredentials(cloneUrl, OWNER.username, OWNER.password), 'v1'], { cwd: work });
    const head = (await g.ok(['rev-parse', 'HEAD'], { cwd: work })).trim();

    await page.reload();
    await page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name: 'Commits' }).click();
    const commits = page.getByRole('list', { name: 'Commits on main' });
    await commits.getByText('Add the bean bed').waitFor();
    await commits.getByText(head.slice(0, 10)).waitFor();
    await commits.getByText('first commit').waitFor();
    await screenshot(page, 'repo-commits');

    await page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name: 'Files' }).click();
    await page.getByText('Add the bean bed').first().waitFor();
    await page.getByRole('link', { name: 'beds/' }).click();
    await page.getByRole('link', { name: 'beans.txt' }).click();
    assert.match(await page.getByRole('region', { name: 'beans.txt' }).innerText(), /Climbing beans by the fence\./);
    await screenshot(page, 'repo-file');
    await page.getByRole('navigation', { name: 'Folder' }).getByRole('link', { name: 'garden' }).click();
    await page.getByRole('link', { name: 'README.md' }).waitFor();
    await screenshot(page, 'repo-files');

    await page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name: 'Branches' }).click();
    await page.getByRole('rowheader', { name: /^main/ }).waitFor();
    await page.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name: 'Tags' }).click();
    await page.getByRole('rowheader', { name: 'v1' }).waitFor();

    await page.getByRole('link', { name: 'Homeforge home' }).click();
    const recent = page.getByRole('list', { name: 'Recent pushes' });
    await recent.getByText('Add the bean bed').waitFor();
    await screenshot(page, 'dashboard-after-push');
    assert.deepEqual(errors, []);
  });

  test('repository settings: archive refuses pushes, the object format is shown, errors name the field', async () => {
    const { page, errors } = await openPage(ui.browser, ui.h.url);
    await page.goto('/');
    await field(page, 'User name or email').fill(OWNER.username);
    await field(page, 'Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Repositories', level: 1 }).waitFor();
    await page.goto('/maker/garden/settings');
    await page.getByText('SHA-1 (chosen at creation; it cannot change)').waitFor();
    // The browser keeps to the schema's length; past it (the limit taken away), the schema's check names the field.
    await field(page, 'Description').fill('x'.repeat(3000));
    assert.equal((await field(page, 'Description').inputValue()).length, 2048);
    await field(page, 'Description').evaluate((el) => el.removeAttribute('maxlength'));
    await field(page, 'Description').fill('x'.repeat(3000));
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.locator('.field-error').first().waitFor();
    assert.equal(await field(page, 'Description').getAttribute('aria-invalid'), 'true');
    await screenshot(page, 'repo-settings-error');

    await field(page, 'Description').fill('Plans and notes');
    await field(page, 'Archived').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved the settings.').waitFor();
    await page.getByRole('heading', { level: 1 }).getByText('archived').waitFor();
    const repo = await ui.h.api('GET', '/repos/maker/garden', { auth: [OWNER.username, OWNER.password] });
    assert.equal(repo.body.archived, true);
    assert.equal(repo.body.description, 'Plans and notes');
    await screenshot(page, 'repo-settings');
    const work = path.join(g.dir, 'garden');
    await commitFiles(g, work, { 'late.txt': 'too late\n' }, 'After archiving');
    const refused = await g.run(['push', '-q', withCredentials(repo.body.clone_url, OWNER.username, OWNER.password), 'main'], { cwd: work });
    assert.notEqual(refused.code, 0, 'an archived repository refuses pushes');
    assert.deepEqual(errors, []);
  });
});
