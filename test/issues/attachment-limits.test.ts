// `[attachment]` as the host runs it: GET /settings/attachment reports the real settings (Gitea's units: MAX_SIZE
// in MiB, ALLOWED_TYPES as written), and MAX_FILES limits the files of one upload: a multipart request carrying
// more files is refused with 422 and Gitea's words, and nothing of it is kept.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';

const O = ADMIN.username;

async function filesIn(dir: string): Promise<number> {
  return (await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])).filter((e) => e.isFile()).length;
}

describe('attachment settings and MAX_FILES', () => {
  let h: TestHost;
  let off: TestHost;
  let token: string;
  const upload = async (names: string[]) => {
    const form = new FormData();
    for (const n of names) form.append('attachment', new Blob([`content of ${n}\n`], { type: 'text/plain' }), n);
    const res = await fetch(`${h.url}/api/v1/repos/${O}/files/issues/1/assets`, { method: 'POST', body: form, headers: { Authorization: `token ${token}` } });
    return { status: res.status, body: JSON.parse(await res.text()) as Record<string, unknown> };
  };
  before(async () => {
    h = await startHost({ settings: { 'attachment.MAX_FILES': '2', 'attachment.MAX_SIZE': '3', 'attachment.ALLOWED_TYPES': '.txt, image/*' } });
    off = await startHost({ settings: { 'attachment.ENABLED': 'false' } });
    token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'files' } })).status, 201);
    assert.equal((await h.api('POST', `/repos/${O}/files/issues`, { auth: token, body: { title: 'with files' } })).status, 201);
  });
  after(async () => { await h.stop(); await off.stop(); });

  test('GET /settings/attachment reports the host\'s settings', async () => {
    assert.deepEqual((await h.api('GET', '/settings/attachment')).body, { enabled: true, allowed_types: '.txt, image/*', max_size: 3, max_files: 2 });
    const defaults = (await off.api('GET', '/settings/attachment')).body as Record<string, unknown>;
    assert.equal(defaults.enabled, false);
    assert.equal(defaults.max_size, 2048);
    assert.equal(defaults.max_files, 5);
    assert.match(String(defaults.allowed_types), /^\.avif,.*\.zip$/);
  });

  test('an upload with more files than MAX_FILES is refused and leaves nothing; up to MAX_FILES it is taken', async () => {
    const before = await filesIn(path.join(h.dataDir, 'attachments'));
    const tooMany = await upload(['a.txt', 'b.txt', 'c.txt']);
    assert.equal(tooMany.status, 422, JSON.stringify(tooMany.body));
    assert.equal(tooMany.body.message, 'You cannot upload any more files.');
    assert.equal(typeof tooMany.body.url, 'string');
    assert.deepEqual((await h.api('GET', `/repos/${O}/files/issues/1/assets`, { auth: token })).body, []);
    assert.equal(await filesIn(path.join(h.dataDir, 'attachments')), before, 'no file kept');
    const two = await upload(['a.txt', 'b.txt']);
    assert.equal(two.status, 201, JSON.stringify(two.body));
    assert.equal(two.body.name, 'a.txt', 'the API attaches the first file of the form, as Gitea reads one');
    assert.equal(((await h.api('GET', `/repos/${O}/files/issues/1/assets`, { auth: token })).body as unknown[]).length, 1);
  });
});
