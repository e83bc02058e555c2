// Every answer of the implemented GET and POST operations (and the writes on the way) is checked against the
// response schema its route declares, strict about unknown keys; gitea-js reads a few of them as a real client.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { giteaApi } from 'gitea-js';
import { startHost, request, ADMIN, type TestHost } from '../helpers/host.ts';
import { checker, declaredGetPost, mismatches, routeOf, type Checker } from './checked.ts';
import { Repository } from '../../server/structs/repo.ts';
import * as accounts from './flows-accounts.ts';
import * as repoFlows from './flows-repos.ts';
import * as issueFlows from './flows-issues.ts';
import * as wikiFlows from './flows-wiki.ts';
import * as packageFlows from './flows-packages.ts';
import * as issueExtraFlows from './flows-issue-extras.ts';
import * as releaseFlows from './flows-releases.ts';
import * as pullFlows from './flows-pulls.ts';
import * as protectionFlows from './flows-protection.ts';
import * as actionSecretFlows from './flows-actions-secrets.ts';
import * as actionFlows from './flows-actions.ts';
import * as runnerFlows from './flows-runners.ts';
import * as notificationFlows from './flows-notifications.ts';
import * as feedFlows from './flows-feeds.ts';

/** Operations left out, each with the reason; anything else that is GET or POST must be exercised. */
const NOT_EXERCISED: Record<string, string> = {
  orgGetHookDelivery: 'same handler as repoGetHookDelivery; an org hook has no delivery without an org event',
  userGetHookDelivery: 'same handler as repoGetHookDelivery',
  adminGetHookDelivery: 'same handler as repoGetHookDelivery',
  orgReplayHookDelivery: 'same handler as repoReplayHookDelivery',
  userReplayHookDelivery: 'same handler as repoReplayHookDelivery',
  adminReplayHookDelivery: 'same handler as repoReplayHookDelivery',
  homeforgeNegotiateSignIn: 'answers 200 only to a Kerberos ticket: test/auth/negotiate.test.ts checks it against its schema with a real KDC',
};

describe('answers match their declared schemas', () => {
  let h: TestHost;
  let c: Checker;
  let w: accounts.World;
  before(async () => {
    h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': '*', 'migrations.ALLOW_LOCALNETWORKS': 'true' } });
    c = checker(h);
  });
  after(async () => { await h?.stop(); });

  test('misc, users and tokens', async () => {
    await accounts.misc(c);
    const tokens = await accounts.accounts(c);
    w = { ...tokens, teamId: 0 };
  });

  test('organizations, members and teams', async () => {
    w.teamId = await accounts.orgs(c, w);
  });

  test('followers and following', async () => {
    await accounts.follows(c, w);
  });

  test('repositories, collaborators and team repositories', async () => {
    await repoFlows.repos(c, w);
    await repoFlows.transfers(c, w);
    await repoFlows.access(c, w);
  });

  test('branches, tags, commits, refs, trees, blobs and contents', async () => {
    await repoFlows.gitData(c, w);
  });

  test('watches', async () => {
    await repoFlows.watches(c, w);
  });

  test('stars', async () => {
    await repoFlows.stars(c, w);
  });

  test('topics', async () => {
    await repoFlows.topics(c, w);
  });

  test('avatars of users, organizations and repositories', async () => {
    await repoFlows.avatars(c, w);
  });

  test('hooks and their deliveries', async () => {
    await repoFlows.hooks(c, w);
  });

  test('contents writes, annotated tags and branch renames (when their routes exist)', async () => {
    await repoFlows.writes(c, w);
  });

  test('issues, comments, labels and milestones', async () => {
    await issueFlows.issues(c, w);
  });

  test('wiki pages and revisions', async () => {
    await wikiFlows.wiki(c, w);
  });

  test('packages', async () => {
    await packageFlows.packages(c, h, w);
  });

  test('reactions, subscriptions, timeline and attachments of issues', async () => {
    await issueExtraFlows.issueExtras(c, h, w);
  });

  test('issue templates and the issue config', async () => {
    await issueExtraFlows.issueTemplates(c, w);
  });

  test('releases, attachments, tag protection and commit statuses', async () => {
    await releaseFlows.releases(c, w);
  });

  test('forks and pull requests', async () => {
    await pullFlows.pulls(c, w);
  });

  test('branch protection rules, reviews and review requests', async () => {
    await protectionFlows.protections(c, w);
    await protectionFlows.reviews(c, w);
  });

  test('notification threads', async () => {
    await notificationFlows.notifications(c, h, w);
  });

  test('activity feeds', async () => {
    await feedFlows.feeds(c, w);
  });

  test('runners and registration tokens', async () => {
    await runnerFlows.runners(c, h, w);
  });

  test('pull and push mirrors', async () => {
    await repoFlows.mirrors(c, h, w);
  });

  test('actions secrets and variables', async () => {
    await actionSecretFlows.actionSecrets(c, w);
  });

  test('actions runs, jobs, workflows and tasks', async () => {
    await actionFlows.actions(c, h, w);
  });

  test('Homeforge extensions', async () => {
    await accounts.homeforge(c, w);
  });

  test('gitea-js reads the same shapes', async () => {
    const api = giteaApi(h.url, { token: w.admin });
    const me = await api.user.userGetCurrent();
    c.body('GET', '/api/v1/user', me.status, me.data);
    const repo = await api.repos.repoGet(ADMIN.username, 'demo');
    c.body('GET', `/api/v1/repos/${ADMIN.username}/demo`, repo.status, repo.data);
    const branches = await api.repos.repoListBranches(ADMIN.username, 'demo');
    c.body('GET', `/api/v1/repos/${ADMIN.username}/demo/branches`, branches.status, branches.data);
    const file = await api.repos.repoGetContents(ADMIN.username, 'demo', 'README.md');
    c.body('GET', `/api/v1/repos/${ADMIN.username}/demo/contents/README.md`, file.status, file.data);
    const org = await api.orgs.orgGet('acme');
    c.body('GET', '/api/v1/orgs/acme', org.status, org.data);
    const hooks = await api.repos.repoListHooks(ADMIN.username, 'demo');
    c.body('GET', `/api/v1/repos/${ADMIN.username}/demo/hooks`, hooks.status, hooks.data);
  });

  test('/api/swagger describes the answers with the named structs', async () => {
    const doc = (await request(h.url, 'GET', '/api/swagger')).body;
    assert.deepEqual(doc.paths['/repos/{owner}/{repo}'].get.responses['200'].content['application/json'].schema, { $ref: '#/components/schemas/Repository' });
    assert.deepEqual(doc.components.schemas.Repository.properties.owner, { $ref: '#/components/schemas/User' });
    assert.deepEqual(doc.paths['/user/repos'].post.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/CreateRepoOption' });
    assert.ok(doc.paths['/repos/{owner}/{repo}'].delete.responses['204']);
  });

  test('every GET and POST operation was exercised', () => {
    const setup = new Set(['homeforgeSetup']); // exercised on a fresh host below
    const missing = declaredGetPost().map((r) => r.operationId).filter((op) => !c.seen.has(op) && !setup.has(op) && !(op in NOT_EXERCISED));
    assert.deepEqual(missing, []);
  });
});

describe('first-run setup', () => {
  test('the setup answers match their schemas on a host without users', async () => {
    const fresh = await startHost({ env: { HOMEFORGE_ADMIN_USER: '', HOMEFORGE_ADMIN_PASSWORD: '', HOMEFORGE_ADMIN_EMAIL: '' } });
    try {
      const c = checker(fresh);
      assert.equal((await c.hf('GET', '/setup')).body.needs_admin, true);
      const created = await c.hf('POST', '/setup', { body: { username: 'first', email: 'first@example.com', password: 'first-password-1' } });
      assert.equal(created.body.user.is_admin, true);
      assert.equal((await c.hf('GET', '/setup')).body.needs_admin, false);
    } finally {
      await fresh.stop();
    }
  });
});

describe('the checks can fail', () => {
  test('an unknown key, a wrong type and a missing field are each reported', () => {
    const def = routeOf('GET', '/api/v1/repos/a/b');
    assert.equal(def.operationId, 'repoGet');
    assert.equal(def.response, Repository);
    assert.deepEqual(mismatches(Repository, {}).length > 10, true);
    const user = {
      id: 1, login: 'a', login_name: '', source_id: 0, full_name: '', email: 'a@x', avatar_url: '', html_url: '', language: '', is_admin: false,
      last_login: '0001-01-01T00:00:00Z', created: '2026-01-01T00:00:00Z', restricted: false, active: false, prohibit_login: false, location: '',
      website: '', description: '', visibility: 'public', followers_count: 0, following_count: 0, starred_repos_count: 0, username: 'a',
    };
    const userDef = routeOf('GET', '/api/v1/users/a');
    assert.deepEqual(mismatches(userDef.response!, user), []);
    assert.match(mismatches(userDef.response!, { ...user, extra: 1 }).join(), /extra/);
    assert.match(mismatches(userDef.response!, { ...user, id: '1' }).join(), /^id:/);
    const noLogin = Object.fromEntries(Object.entries(user).filter(([k]) => k !== 'login'));
    assert.match(mismatches(userDef.response!, noLogin).join(), /^login:/);
    assert.match(mismatches(userDef.response!, { ...user, created: 'yesterday' }).join(), /^created:/);
  });
});
