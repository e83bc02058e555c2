/**
 * Issue templates pushed with the real git CLI and read over HTTP: Gitea's three routes (templates, config, config
 * check), invalid files left out and counted, a repository without templates, an empty one, a private one refused
 * to strangers, the new-issue view's single-file template and its error list for admins, and gitea-js as a client.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { giteaApi } from 'gitea-js';
import { startHost, createToken, makeUser, request, ADMIN, type TestHost } from '../helpers/host.ts';
import { withCredentials } from '../helpers/git.ts';
import { gitAsync, makeWork, type Work } from '../repo-read/fixture.ts';
import { TEMPLATE_FILES } from './fixture.ts';
import * as repoStore from '../../server/store/repos.ts';
import { issueTemplates } from '../../server/services/issue/templates/read.ts';
import { readerStats } from '../../server/services/repository/cache.ts';

describe('issue templates', () => {
  let h: TestHost;
  let token: string;
  let stranger: string;
  let work: Work;
  const remote = (name: string) => withCredentials(`${h.url}/${ADMIN.username}/${name}.git`, ADMIN.username, token);
  const push = (name: string) => gitAsync(work.dir, 'push', '-q', '-f', remote(name), 'HEAD:main');
  const get = (path: string, auth?: string) => h.api('GET', `/repos/root/${path}`, auth ? { auth } : {});
  /** The new-issue page's view of a repository's templates. */
  const view = (name: string, auth?: string) => request(h.url, 'GET', `/api/homeforge/repos/root/${name}/issue_templates`, auth ? { auth } : {});

  before(async () => {
    h = await startHost();
    token = await createToken(h, ADMIN.username, ADMIN.password);
    stranger = await makeUser(h, 'stranger');
    for (const [name, priv] of [['tpl', false], ['secret', true], ['plain', false], ['empty', false], ['single', false]] as const) {
      const res = await h.api('POST', '/user/repos', { auth: token, body: { name, private: priv } });
      assert.equal(res.status, 201, res.text);
    }
    work = await makeWork('sha1');
    await work.commit({ 'README.md': 'plain\n' }, 'plain');
    await push('plain');
    await work.commit({ '.github/ISSUE_TEMPLATE.md': '---\nname: Single\nabout: The one template\n---\nFill me in.\n' }, 'single file');
    await push('single');
    await work.commit(TEMPLATE_FILES, 'templates');
    await push('tpl');
    await push('secret');
  });
  after(async () => {
    await work.cleanup();
    await h.stop();
  });

  test('templates come in Gitea\'s folder order, invalid ones left out and counted in a warning', async () => {
    const res = await get('tpl/issue_templates');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.map((t: { file_name: string }) => t.file_name), ['.gitea/ISSUE_TEMPLATE/bug.md', '.gitea/ISSUE_TEMPLATE/feature.yaml', '.github/ISSUE_TEMPLATE/other.md']);
    assert.equal(res.headers.get('x-gitea-warning'), 'error occurs when parsing issue template: count=1');
    const [bug, form, other] = res.body;
    assert.deepEqual(bug, {
      name: 'Bug report', title: '[bug] ', about: 'Something is broken', labels: ['bug'], assignees: null, ref: 'refs/heads/main',
      content: '## Steps\n\n1.\n', body: null, file_name: '.gitea/ISSUE_TEMPLATE/bug.md',
    });
    assert.equal(form.about, 'Ask for something new');
    assert.deepEqual(form.labels, ['feature']);
    assert.equal(form.ref, 'refs/heads/');
    assert.deepEqual(form.body.map((f: { type: string; id: string }) => `${f.type}:${f.id}`), ['markdown:0', 'input:summary', 'textarea:details', 'dropdown:area', 'checkboxes:checks']);
    assert.deepEqual(form.body[1].validations, { required: true });
    assert.equal(other.content, 'Tell us.\n');
  });

  test('the config and its check follow the default branch as it moves', async () => {
    assert.deepEqual((await get('tpl/issue_config')).body, { blank_issues_enabled: false, contact_links: [{ name: 'Forum', url: 'https://forum.example.com', about: 'Questions go to the forum' }] });
    assert.deepEqual((await get('tpl/issue_config/validate')).body, { valid: true, message: '' });
    await work.commit({ '.gitea/ISSUE_TEMPLATE/config.yaml': 'contact_links:\n  - name: Forum\n    url: https://forum.example.com\n' }, 'bad config');
    await push('tpl');
    assert.deepEqual((await get('tpl/issue_config')).body, { blank_issues_enabled: true, contact_links: [] });
    assert.deepEqual((await get('tpl/issue_config/validate')).body, { valid: false, message: 'contact_link at position 1 is missing about key' });
    const seen = await view('tpl', token);
    assert.equal(seen.status, 200, seen.text);
    assert.deepEqual(seen.body.errors, [
      { file_name: '.gitea/ISSUE_TEMPLATE/broken.yaml', message: "'about' is required" },
      { file_name: '.gitea/ISSUE_TEMPLATE/config.yaml', message: 'contact_link at position 1 is missing about key' },
    ]);
    await work.commit({ '.gitea/ISSUE_TEMPLATE/config.yaml': TEMPLATE_FILES['.gitea/ISSUE_TEMPLATE/config.yaml']! }, 'good config');
    await push('tpl');
    assert.deepEqual((await get('tpl/issue_config/validate')).body, { valid: true, message: '' });
  });

  test('the error list is for repository admins; other readers get the templates only', async () => {
    const seen = await view('tpl', stranger);
    assert.equal(seen.status, 200, seen.text);
    assert.equal(seen.body.templates.length, 3);
    assert.deepEqual(seen.body.errors, []);
    assert.equal(seen.body.default_template, null);
  });

  test('a repository without templates, an empty one, and one with a single-file template', async () => {
    for (const name of ['plain', 'empty', 'single']) {
      assert.deepEqual((await get(`${name}/issue_templates`)).body, [], name);
      assert.deepEqual((await get(`${name}/issue_config`)).body, { blank_issues_enabled: true, contact_links: [] }, name);
      assert.deepEqual((await get(`${name}/issue_config/validate`)).body, { valid: true, message: '' }, name);
    }
    const single = await view('single');
    assert.equal(single.body.default_template.name, 'Single');
    assert.equal(single.body.default_template.content, 'Fill me in.\n');
  });

  test('a private repository\'s templates are 404 to strangers and anonymous readers', async () => {
    for (const path of ['issue_templates', 'issue_config', 'issue_config/validate']) {
      for (const auth of [undefined, stranger]) {
        const res = await get(`secret/${path}`, auth);
        assert.equal(res.status, 404, `${path} ${auth ? 'stranger' : 'anonymous'}`);
        assert.equal(typeof res.body.message, 'string');
        assert.equal(typeof res.body.url, 'string');
      }
      assert.equal((await get(`secret/${path}`, token)).status, 200, path);
    }
    assert.equal((await view('secret', stranger)).status, 404);
  });

  test('a file over the size bound is refused unread and listed', async () => {
    await work.commit({ '.gitea/ISSUE_TEMPLATE/huge.md': `---\nname: Huge\nabout: big\n---\n${'x'.repeat((1 << 20) + 10)}` }, 'huge');
    await push('tpl');
    const seen = await view('tpl', token);
    assert.match(seen.body.errors.find((e: { file_name: string }) => e.file_name.endsWith('huge.md')).message, /^too large: \d+ > 1048576$/);
    assert.equal((await get('tpl/issue_templates')).headers.get('x-gitea-warning'), 'error occurs when parsing issue template: count=2');
  });

  test('reads are cached by the default branch\'s commit: nothing is read again until it moves', async () => {
    const id = (await get('tpl')).body.id as number;
    const repo = (await repoStore.getById(h.app.store, id))!;
    const first = await issueTemplates(h.app, repo);
    const started = readerStats(h.app).started;
    assert.equal(await issueTemplates(h.app, repo), first);
    assert.equal((await get('tpl/issue_templates')).status, 200);
    assert.equal(readerStats(h.app).started, started);
    await work.commit({ '.github/ISSUE_TEMPLATE/late.md': '---\nname: Late\nabout: Added later\n---\n' }, 'late');
    await push('tpl');
    const moved = await issueTemplates(h.app, repo);
    assert.notEqual(moved, first);
    assert.deepEqual(moved.templates.map((t) => t.name), ['Bug report', 'Feature request', 'Late', 'Other']);
  });

  test('gitea-js reads the templates and the config', async () => {
    const api = giteaApi(h.url, { token });
    const list = await api.repos.repoGetIssueTemplates('root', 'tpl');
    assert.deepEqual(list.data.map((t) => t.name), ['Bug report', 'Feature request', 'Late', 'Other']);
    assert.equal((await api.repos.repoGetIssueConfig('root', 'tpl')).data.blank_issues_enabled, false);
    assert.equal((await api.repos.repoValidateIssueConfig('root', 'tpl')).data.valid, true);
  });
});
