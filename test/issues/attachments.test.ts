// Attachments of issues and comments through HTTP: multipart uploads as gitea-js sends them, list/get/edit/
// delete, [attachment] MAX_SIZE (413) and ALLOWED_TYPES (422), who may upload, the browser download at
// /attachments/{uuid} (streamed, counted, 404 for viewers of a private repository who may not read it), and
// the files removed with their issue.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Api } from 'gitea-js';
import { startHost, createToken, request, ADMIN, type TestHost } from '../helpers/host.ts';
import { client, failure, makeUser } from './helpers.ts';

const O = ADMIN.username;

/** Sends one multipart upload by hand (field `attachment`), as curl or tea would. */
async function upload(h: TestHost, token: string | undefined, p: string, name: string, bytes: Buffer, field = 'attachment') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  const res = await fetch(`${h.url}/api/v1${p}`, { method: 'POST', body: form, headers: token ? { Authorization: `token ${token}` } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) as Record<string, unknown> : {} };
}

async function filesIn(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) if (e.isFile()) out.push(e.name);
  return out;
}

describe('issue and comment attachments', () => {
  let h: TestHost;
  let root: string;
  let bobToken: string;
  let carolToken: string;
  let admin: Api<unknown>;
  let commentId = 0;
  before(async () => {
    h = await startHost({ settings: { 'attachment.MAX_SIZE': '1', 'attachment.ALLOWED_TYPES': '.txt,.png,image/*' } });
    root = await createToken(h, ADMIN.username, ADMIN.password);
    admin = client(h, root);
    bobToken = await makeUser(h, 'bob');
    carolToken = await makeUser(h, 'carol');
    await admin.user.createCurrentUserRepo({ name: 'a' });
    await admin.user.createCurrentUserRepo({ name: 'p', private: true });
    await admin.repos.issueCreateIssue(O, 'a', { title: 'with files' });
    await admin.repos.issueCreateIssue(O, 'p', { title: 'private files' });
    commentId = (await h.api('POST', `/repos/${O}/a/issues/1/comments`, { auth: bobToken, body: { body: 'my comment' } })).body.id as number;
  });
  after(async () => { await h.stop(); });

  test('gitea-js uploads to an issue; list, get, rename (201), the issue shows it, the browser downloads it', async () => {
    const bytes = Buffer.from('hello attachment\n');
    const made = await admin.repos.issueCreateIssueAttachment(O, 'a', 1, { attachment: new File([bytes], 'notes.txt', { type: 'text/plain' }) });
    assert.equal(made.status, 201);
    assert.equal(made.data.name, 'notes.txt');
    assert.equal(made.data.size, bytes.length);
    assert.match(made.data.browser_download_url!, new RegExp(`^${h.url}/attachments/[0-9a-f-]{36}$`));
    assert.deepEqual((await admin.repos.issueListIssueAttachments(O, 'a', 1)).data.map((a) => a.name), ['notes.txt']);
    assert.equal((await admin.repos.issueGetIssueAttachment(O, 'a', 1, made.data.id!)).data.uuid, made.data.uuid);
    const renamed = await admin.repos.issueEditIssueAttachment(O, 'a', 1, made.data.id!, { name: 'renamed.txt' }, { headers: { 'Content-Type': 'application/json' } });
    assert.equal(renamed.status, 201);
    assert.equal(renamed.data.name, 'renamed.txt');
    assert.deepEqual((await admin.repos.issueGetIssue(O, 'a', 1)).data.assets?.map((a) => a.name), ['renamed.txt']);
    const dl = await request(h.url, 'GET', `/attachments/${made.data.uuid}`);
    assert.equal(dl.status, 200);
    assert.equal(dl.text, bytes.toString());
    assert.equal(dl.headers.get('content-type'), 'application/octet-stream');
    assert.match(dl.headers.get('content-disposition') ?? '', /^attachment; filename\*=UTF-8''renamed\.txt$/);
    assert.equal((await admin.repos.issueGetIssueAttachment(O, 'a', 1, made.data.id!)).data.download_count, 1);
    assert.equal((await request(h.url, 'GET', '/attachments/00000000-0000-4000-8000-000000000000')).status, 404);
  });

  test('a comment\'s attachments: its poster uploads with ?name=, a stranger may not; the comment shows them', async () => {
    const made = await upload(h, bobToken, `/repos/${O}/a/issues/comments/${commentId}/assets?name=shot.png`, 'ignored.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.name, 'shot.png');
    assert.equal((await upload(h, carolToken, `/repos/${O}/a/issues/comments/${commentId}/assets`, 'x.txt', Buffer.from('x'))).status, 403);
    assert.equal((await upload(h, carolToken, `/repos/${O}/a/issues/1/assets`, 'x.txt', Buffer.from('x'))).status, 403, 'not the issue\'s poster, not a writer');
    const comment = (await admin.repos.issueGetComment(O, 'a', commentId)).data;
    assert.deepEqual(comment.assets?.map((a) => a.name), ['shot.png']);
    assert.deepEqual((await admin.repos.issueListIssueCommentAttachments(O, 'a', commentId)).data.map((a) => a.name), ['shot.png']);
    const img = await request(h.url, 'GET', `/attachments/${String(made.body.uuid)}`);
    assert.equal(img.headers.get('content-type'), 'image/png');
    assert.match(img.headers.get('content-disposition') ?? '', /^inline/);
    assert.equal((await h.api('DELETE', `/repos/${O}/a/issues/comments/${commentId}/assets/${String(made.body.id)}`, { auth: carolToken })).status, 403);
    assert.equal((await h.api('DELETE', `/repos/${O}/a/issues/comments/${commentId}/assets/${String(made.body.id)}`, { auth: bobToken })).status, 204);
    assert.equal((await request(h.url, 'GET', `/attachments/${String(made.body.uuid)}`)).status, 404);
  });

  test('limits: past MAX_SIZE 413, a refused type 422, no file 400, a JSON body 400; nothing is kept', async () => {
    const before = (await filesIn(path.join(h.dataDir, 'attachments'))).length;
    const big = await upload(h, root, `/repos/${O}/a/issues/1/assets`, 'big.txt', Buffer.alloc(1024 * 1024 + 10, 97));
    assert.equal(big.status, 413, JSON.stringify(big.body));
    const exe = await upload(h, root, `/repos/${O}/a/issues/1/assets`, 'tool.exe', Buffer.from('MZ'));
    assert.equal(exe.status, 422);
    assert.equal((await upload(h, root, `/repos/${O}/a/issues/1/assets`, 'a.txt', Buffer.from('x'), 'file')).status, 400);
    assert.equal((await h.api('POST', `/repos/${O}/a/issues/1/assets`, { auth: root, body: { attachment: 'x' } })).status, 400);
    assert.equal((await failure(admin.repos.issueEditIssueAttachment(O, 'a', 1, 999999, { name: 'x.txt' }, { headers: { 'Content-Type': 'application/json' } }))).status, 404);
    assert.equal((await filesIn(path.join(h.dataDir, 'attachments'))).length, before, 'no partial file left');
    assert.equal((await upload(h, undefined, `/repos/${O}/a/issues/1/assets`, 'a.txt', Buffer.from('x'))).status, 401);
  });

  test('hostile input on the new issue routes answers 4xx with a Gitea error body, never 5xx', async () => {
    const bad: [string, string, Record<string, string>, string | undefined][] = [
      ['POST', `/repos/${O}/a/issues/1/assets`, { 'Content-Type': 'multipart/form-data; boundary=zz' }, '--zz\r\nContent-Disposition: form-data; name="attachment"; filename="a.txt"\r\n\r\nunterminated'],
      ['POST', `/repos/${O}/a/issues/1/assets`, { 'Content-Type': 'multipart/form-data' }, 'no boundary'],
      ['POST', `/repos/${O}/a/issues/1/assets`, { 'Content-Type': 'text/plain' }, 'plain'],
      ['POST', `/repos/${O}/a/issues/1/assets`, {}, undefined],
      ['GET', `/repos/${O}/a/issues/1/assets/x`, {}, undefined],
      ['PATCH', `/repos/${O}/a/issues/1/assets/-1`, { 'Content-Type': 'application/json' }, '{"name":""}'],
      ['GET', `/repos/${O}/a/issues/x/timeline`, {}, undefined],
      ['GET', `/repos/${O}/a/issues/1/timeline?since=yesterday`, {}, undefined],
      ['POST', `/repos/${O}/a/issues/x/reactions`, { 'Content-Type': 'application/json' }, '{"content":"heart"}'],
      ['POST', `/repos/${O}/a/issues/1/reactions`, { 'Content-Type': 'application/json' }, '{"content":["heart"]}'],
      ['DELETE', `/repos/${O}/a/issues/comments/abc/reactions`, { 'Content-Type': 'application/json' }, '{"content":"heart"}'],
      ['PUT', `/repos/${O}/a/issues/0/subscriptions/${'x'.repeat(300)}`, {}, undefined],
    ];
    for (const [method, p, headers, body] of bad) {
      const res = await fetch(`${h.url}/api/v1${p}`, { method, headers: { Authorization: `token ${root}`, ...headers }, body });
      const text = await res.text();
      assert.ok(res.status >= 400 && res.status < 500, `${method} ${p}: ${res.status} ${text}`);
      assert.equal(typeof (JSON.parse(text) as { message: unknown }).message, 'string', `${method} ${p}: ${text}`);
    }
    assert.equal((await h.api('GET', '/version')).status, 200);
  });

  test('a private repository\'s attachment: 404 to outsiders at every address; deleting the issue removes the file', async () => {
    const made = await upload(h, root, `/repos/${O}/p/issues/1/assets`, 'plan.txt', Buffer.from('secret'));
    assert.equal(made.status, 201);
    const uuid = String(made.body.uuid);
    assert.equal((await request(h.url, 'GET', `/attachments/${uuid}`, { auth: bobToken })).status, 404);
    assert.equal((await request(h.url, 'GET', `/attachments/${uuid}`)).status, 404);
    assert.equal((await h.api('GET', `/repos/${O}/p/issues/1/assets`, { auth: bobToken })).status, 404);
    assert.equal((await request(h.url, 'GET', `/attachments/${uuid}`, { auth: root })).status, 200);
    assert.ok((await filesIn(path.join(h.dataDir, 'attachments'))).includes(uuid));
    assert.equal((await h.api('DELETE', `/repos/${O}/p/issues/1`, { auth: root })).status, 204);
    assert.ok(!(await filesIn(path.join(h.dataDir, 'attachments'))).includes(uuid), 'the file went with its issue');
    assert.equal((await request(h.url, 'GET', `/attachments/${uuid}`, { auth: root })).status, 404);
  });
});
