/** Exercises the repository-side operations (repos, git data, contents, watches, stars, avatars, hooks, mirrors) through a checker. */
import assert from 'node:assert/strict';
import { ADMIN, type TestHost } from '../helpers/host.ts';
import { allRoutes, type Checker } from './checked.ts';
import type { World } from './flows-accounts.ts';

const R = `/repos/${ADMIN.username}/demo`;

/** Repositories: create (user, admin, org), read, edit with external trackers, list and search. */
export async function repos(c: Checker, w: World): Promise<void> {
  const { admin, alice } = w;
  const demo = await c.v1('POST', '/user/repos', { auth: admin, body: { name: 'demo', description: 'a demo', auto_init: true, default_branch: 'main' } });
  await c.v1('POST', '/admin/users/alice/repos', { auth: admin, body: { name: 'alice-repo', private: true, object_format_name: 'sha256' } });
  await c.v1('POST', '/orgs/acme/repos', { auth: admin, body: { name: 'tools' } });
  await c.v1('POST', '/user/repos', { auth: admin, body: { name: 'tracked' } });
  await c.v1('PATCH', `/repos/${ADMIN.username}/tracked`, {
    auth: admin,
    body: {
      has_issues: true, external_tracker: { external_tracker_url: 'https://tracker.example/' },
      has_wiki: true, external_wiki: { external_wiki_url: 'https://wiki.example/' }, website: 'https://demo.example',
    },
  });
  await c.v1('PATCH', `/repos/${ADMIN.username}/tracked`, { auth: admin, body: { has_pull_requests: false, archived: true } });
  for (const auth of [admin, alice, undefined]) {
    await c.v1('GET', R, { auth });
    await c.v1('GET', `/repos/${ADMIN.username}/tracked`, { auth });
    await c.v1('GET', `/repositories/${demo.body.id}`, { auth });
    await c.v1('GET', '/repos/search?q=&limit=50', { auth });
    await c.v1('GET', `/users/${ADMIN.username}/repos`, { auth });
    await c.v1('GET', '/orgs/acme/repos', { auth });
  }
  await c.v1('GET', '/user/repos', { auth: alice });
  await c.v1('GET', '/repos/alice/alice-repo', { auth: alice });
  await c.hf('GET', `${R}/health`, { auth: alice });
  const kept = await c.hf('POST', `${R}/health`, { auth: admin });
  assert.equal(kept.body.health, 'ok');
}

/** Transfers: at once to an organization, and pending to a user until accepted or rejected. */
export async function transfers(c: Checker, w: World): Promise<void> {
  const { admin, alice } = w;
  await c.v1('POST', '/user/repos', { auth: admin, body: { name: 'handover' } });
  await c.v1('POST', `/repos/${ADMIN.username}/handover/transfer`, { auth: admin, body: { new_owner: 'acme' } });
  for (const name of ['gift', 'gift2']) {
    await c.v1('POST', '/user/repos', { auth: alice, body: { name } });
    await c.v1('POST', `/repos/alice/${name}/transfer`, { auth: alice, body: { new_owner: ADMIN.username } });
  }
  await c.v1('POST', '/repos/alice/gift/transfer/reject', { auth: admin });
  await c.v1('POST', '/repos/alice/gift2/transfer/accept', { auth: admin });
  await c.v1('POST', '/user/repos', { auth: alice, body: { name: 'gift3' } });
  await c.v1('POST', '/repos/alice/gift3/transfer', { auth: alice, body: { new_owner: ADMIN.username } });
  await c.hf('POST', '/repos/alice/gift3/transfer/cancel', { auth: alice });
}

/** Collaborators, repository teams and team repositories. */
export async function access(c: Checker, w: World): Promise<void> {
  const { admin, alice, teamId } = w;
  await c.v1('PUT', `${R}/collaborators/alice`, { auth: admin, body: { permission: 'write' } });
  await c.v1('GET', `${R}/collaborators`, { auth: admin });
  await c.v1('GET', `${R}/collaborators/alice`, { auth: admin });
  await c.v1('GET', `${R}/collaborators/alice/permission`, { auth: admin });
  await c.v1('PUT', `/teams/${teamId}/repos/acme/tools`, { auth: admin });
  await c.v1('GET', `/teams/${teamId}/repos`, { auth: alice });
  await c.v1('GET', `/teams/${teamId}/repos/acme/tools`, { auth: alice });
  await c.v1('GET', '/repos/acme/tools/teams', { auth: admin });
  await c.v1('GET', '/repos/acme/tools/teams/devs', { auth: admin });
}

/** Branches, tags, commits, refs, trees, blobs, contents and raw files of the auto-initialised repository. */
export async function gitData(c: Checker, w: World): Promise<void> {
  const { admin, alice } = w;
  await c.v1('POST', `${R}/branches`, { auth: admin, body: { new_branch_name: 'feature' } });
  await c.v1('POST', `${R}/tags`, { auth: admin, body: { tag_name: 'v1', message: 'first release', target: 'main' } });
  await c.v1('POST', `${R}/tags`, { auth: admin, body: { tag_name: 'light' } });
  for (const auth of [admin, alice, undefined]) {
    await c.v1('GET', `${R}/branches`, { auth });
    await c.v1('GET', `${R}/branches/feature`, { auth });
    await c.v1('GET', `${R}/tags`, { auth });
    await c.v1('GET', `${R}/tags/v1`, { auth });
  }
  const commits = await c.v1('GET', `${R}/commits?stat=true&files=true&verification=true`, { auth: admin });
  await c.v1('GET', `${R}/commits?stat=false&verification=false&files=false`);
  const sha = commits.body[0].sha as string;
  await c.v1('GET', `${R}/git/commits/${sha}?files=true`, { auth: alice });
  await c.v1('GET', `${R}/git/refs`);
  await c.v1('GET', `${R}/git/refs/heads`);
  await c.v1('GET', `${R}/git/refs/heads/main`);
  const tree = await c.v1('GET', `${R}/git/trees/${sha}?recursive=true`);
  const blob = tree.body.tree.find((e: { type: string }) => e.type === 'blob');
  await c.v1('GET', `${R}/git/blobs/${blob.sha}`);
  await c.v1('GET', `${R}/contents`);
  await c.v1('GET', `${R}/contents/${blob.path}?ref=feature`);
  await c.v1('GET', `${R}/contents/${blob.path}?ref=v1`);
  await c.v1('GET', `${R}/raw/${blob.path}`);
  await c.v1('GET', `${R}/media/${blob.path}`);
  const zip = await c.v1('GET', `${R}/archive/main.zip`);
  assert.equal(zip.headers.get('content-type'), 'application/zip');
  await c.v1('GET', `${R}/git/commits/${sha}.diff`);
  await c.v1('GET', `${R}/git/commits/${sha}.patch`, { auth: alice });
  for (const auth of [admin, undefined]) await c.v1('GET', `${R}/compare/${sha}...feature?files=true`, { auth });
  await c.v1('POST', '/markdown', { auth: alice, body: { Text: '# Demo\n\n[a](b.md)', Mode: 'gfm', Context: `/${ADMIN.username}/demo/src/branch/main` } });
  await c.v1('POST', '/markdown/raw', { rawBody: '**raw**', headers: { 'Content-Type': 'text/plain' } });
}

/** Watching: subscribe, check, list watchers and watched repositories. */
export async function watches(c: Checker, w: World): Promise<void> {
  await c.v1('PUT', `${R}/subscription`, { auth: w.alice });
  await c.v1('GET', `${R}/subscription`, { auth: w.alice });
  await c.v1('GET', `${R}/subscribers`);
  await c.v1('GET', '/user/subscriptions', { auth: w.alice });
  await c.v1('GET', '/users/alice/subscriptions');
}

/** Stars: star a public and a private repository, check, list stargazers and starred repositories, take one off. */
export async function stars(c: Checker, w: World): Promise<void> {
  await c.v1('PUT', `/user/starred/${ADMIN.username}/demo`, { auth: w.alice });
  await c.v1('PUT', '/user/starred/alice/alice-repo', { auth: w.alice });
  await c.v1('GET', `/user/starred/${ADMIN.username}/demo`, { auth: w.alice });
  for (const auth of [w.alice, w.admin, undefined]) {
    await c.v1('GET', `${R}/stargazers`, { auth });
    await c.v1('GET', '/users/alice/starred', { auth });
  }
  assert.equal((await c.v1('GET', '/user/starred', { auth: w.alice })).body.length, 2);
  await c.v1('DELETE', '/user/starred/alice/alice-repo', { auth: w.alice });
}

const hookBody = (type: string) => ({
  type, active: true, events: ['push', 'repository'], branch_filter: 'main',
  config: { url: 'http://127.0.0.1:9/hook', content_type: 'json', ...(type === 'slack' ? { channel: '#dev' } : {}) },
});

/** Topics: replace, add, delete, list and search, as the owner, a collaborator and a visitor. */
export async function topics(c: Checker, w: World): Promise<void> {
  const { admin, alice } = w;
  await c.v1('PUT', `${R}/topics`, { auth: admin, body: { topics: ['demo', 'Sample'] } });
  await c.v1('PUT', `${R}/topics/extra`, { auth: admin });
  await c.v1('DELETE', `${R}/topics/sample`, { auth: admin });
  for (const auth of [admin, alice, undefined]) {
    const listed = await c.v1('GET', `${R}/topics`, { auth });
    assert.deepEqual(listed.body.topics, ['demo', 'extra']);
    const found = await c.v1('GET', '/topics/search?q=de', { auth });
    assert.deepEqual(found.body.topics.map((t: { topic_name: string }) => t.topic_name), ['demo']);
  }
}

/** A one-pixel GIF, base64. */
const GIF = 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';

/** Avatars: a user's, an organization's and a repository's uploaded, the answers naming them, then deleted. */
export async function avatars(c: Checker, w: World): Promise<void> {
  const { admin, alice } = w;
  await c.v1('POST', '/user/avatar', { auth: alice, body: { image: GIF } });
  await c.v1('POST', '/orgs/acme/avatar', { auth: admin, body: { image: GIF } });
  await c.v1('POST', `${R}/avatar`, { auth: admin, body: { image: GIF } });
  assert.match((await c.v1('GET', R, { auth: admin })).body.avatar_url, /\/repo-avatars\/\d+\/[0-9a-f]{64}$/);
  await c.v1('GET', '/repos/search?q=demo', { auth: admin });
  await c.v1('GET', '/users/alice');
  await c.v1('GET', '/orgs/acme');
  await c.v1('DELETE', '/user/avatar', { auth: alice });
  await c.v1('DELETE', '/orgs/acme/avatar', { auth: admin });
  await c.v1('DELETE', `${R}/avatar`, { auth: admin });
  assert.equal((await c.v1('GET', R, { auth: admin })).body.avatar_url, '');
}

/** Hooks at every level, a test delivery, and the delivery history with a replay. */
export async function hooks(c: Checker, w: World): Promise<void> {
  const { admin, alice } = w;
  const levels: [string, string][] = [[`${R}/hooks`, admin], ['/orgs/acme/hooks', admin], ['/user/hooks', alice], ['/admin/hooks', admin]];
  const ids: number[] = [];
  for (const [base, auth] of levels) {
    const hook = await c.v1('POST', base, { auth, body: hookBody(base === '/admin/hooks' ? 'slack' : 'gitea') });
    ids.push(hook.body.id as number);
    await c.v1('PATCH', `${base}/${hook.body.id}`, { auth, body: { events: ['push'], config: { url: 'http://127.0.0.1:9/edited', content_type: 'form' } } });
    await c.v1('GET', base, { auth });
    await c.v1('GET', `${base}/${hook.body.id}`, { auth });
    await c.v1('GET', `${base}/${hook.body.id}/deliveries`, { auth });
  }
  await c.v1('GET', '/admin/hooks?type=all', { auth: admin });
  await c.v1('POST', `${R}/hooks/${ids[0]}/tests`, { auth: admin });
  const list = await c.v1('GET', `${R}/hooks/${ids[0]}/deliveries`, { auth: admin });
  const uuid = list.body[0].uuid as string;
  await c.v1('GET', `${R}/hooks/${ids[0]}/deliveries/${uuid}`, { auth: admin });
  await c.v1('POST', `${R}/hooks/${ids[0]}/deliveries/${uuid}/replay`, { auth: admin });
}

/** A pull mirror of the demo repository and a push mirror, with their syncs and status. */
export async function mirrors(c: Checker, h: TestHost, w: World): Promise<void> {
  const { admin } = w;
  await c.v1('POST', '/repos/migrate', {
    auth: admin, body: { clone_addr: `${h.url}${R.replace('/repos', '')}.git`, repo_name: 'demo-mirror', mirror: true, mirror_interval: '8h' },
  });
  await c.v1('POST', `/repos/${ADMIN.username}/demo-mirror/mirror-sync`, { auth: admin });
  await c.hf('GET', `/repos/${ADMIN.username}/demo-mirror/mirror`, { auth: admin });
  await c.v1('GET', `/repos/${ADMIN.username}/demo-mirror`, { auth: admin });
  const pm = await c.v1('POST', `${R}/push_mirrors`, { auth: admin, body: { remote_address: 'http://127.0.0.1:9/copy.git', interval: '8h', sync_on_commit: false } });
  await c.v1('GET', `${R}/push_mirrors`, { auth: admin });
  await c.v1('GET', `${R}/push_mirrors/${pm.body.remote_name}`, { auth: admin });
  await c.v1('POST', `${R}/push_mirrors-sync`, { auth: admin });
}

/** Whether the route table has an operation (routes other areas add; exercised as soon as they exist). */
export const implemented = (operationId: string): boolean => allRoutes().some((r) => r.operationId === operationId);

/** Contents writes, annotated tags and branch renames, as Gitea defines them, once their routes exist. */
export async function writes(c: Checker, w: World): Promise<void> {
  const { admin } = w;
  const b64 = (s: string): string => Buffer.from(s).toString('base64');
  if (implemented('repoCreateFile')) {
    const created = await c.v1('POST', `${R}/contents/docs/new.md`, { auth: admin, body: { content: b64('new\n'), message: 'add new.md' } });
    if (implemented('repoUpdateFile')) {
      const updated = await c.v1('PUT', `${R}/contents/docs/new.md`, { auth: admin, body: { content: b64('newer\n'), sha: created.body.content.sha, message: 'edit' } });
      if (implemented('repoDeleteFile')) {
        await c.v1('DELETE', `${R}/contents/docs/new.md`, { auth: admin, body: { sha: updated.body.content.sha, message: 'remove' } });
      }
      // PUT without a sha creates the file: 201, Gitea's other success status of repoUpdateFile
      const put = await c.v1('PUT', `${R}/contents/docs/put.md`, { auth: admin, body: { content: b64('put\n') } });
      assert.equal(put.status, 201);
    }
  }
  if (implemented('repoChangeFiles')) {
    await c.v1('POST', `${R}/contents`, { auth: admin, body: { message: 'two files', files: [{ operation: 'create', path: 'a.txt', content: b64('a') }, { operation: 'create', path: 'b.txt', content: b64('b') }] } });
  }
  if (implemented('GetAnnotatedTag')) {
    const tag = await c.v1('GET', `${R}/tags/v1`, { auth: admin });
    await c.v1('GET', `${R}/git/tags/${tag.body.id}`, { auth: admin });
  }
  if (implemented('repoRenameBranch')) {
    await c.v1('POST', `${R}/branches`, { auth: admin, body: { new_branch_name: 'old-name' } });
    await c.v1('PATCH', `${R}/branches/old-name`, { auth: admin, body: { name: 'new-name' } });
  }
}
