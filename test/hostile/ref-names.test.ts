/**
 * Ref names that git would read as options or that git and Gitea refuse (`--output=/tmp/x`, `-D`, `HEAD`, `..`,
 * `@{`, control characters, `.lock`): branch and tag creation answer Gitea's 422 and nothing is created.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHost, createToken, ADMIN } from '../helpers/host.ts';

test('hostile branch and tag names are refused with 422 and create nothing', { timeout: 300_000 }, async () => {
  const h = await startHost();
  const marker = path.join(tmpdir(), `hf-refname-${process.pid}`);
  try {
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'names', auto_init: true } })).status, 201);
    const R = `/repos/${ADMIN.username}/names`;
    const hostile = [`--output=${marker}`, '-D', 'HEAD', 'a..b', 'a@{1}', 'nl\nx', 'tab\tx', 'x.lock', 'a/.hidden', '/lead', 'trail/', 'a//b', 'sp ace', 'q?', 'st*r', 'a~1', 'c:d', 'b\\s', '@', 'end.', 'x'.repeat(101)];
    for (const name of hostile) {
      const b = await h.api('POST', `${R}/branches`, { auth: token, body: { new_branch_name: name } });
      assert.equal(b.status, 422, `branch ${JSON.stringify(name)}: ${b.text}`);
      if (name.length > 100) continue; // refused by the body schema's length cap
      assert.match(b.body.message, /is not a valid branch name/);
      assert.equal(b.body.errors[0].field, 'new_branch_name');
      const t = await h.api('POST', `${R}/tags`, { auth: token, body: { tag_name: name } });
      assert.equal(t.status, 422, `tag ${JSON.stringify(name)}: ${t.text}`);
      assert.match(t.body.message, /is not a valid tag name/);
      assert.equal(t.body.errors[0].field, 'tag_name');
    }
    const branches = (await h.api('GET', `${R}/branches`)).body as { name: string }[];
    assert.deepEqual(branches.map((b) => b.name), ['main']);
    assert.deepEqual((await h.api('GET', `${R}/tags`)).body, []);
    assert.equal(existsSync(marker), false, 'no file written by an option in a name');
    // names git and Gitea accept still work
    for (const name of ['feature/x', 'v1.0', 'x@y', 'ünïcode']) {
      assert.equal((await h.api('POST', `${R}/branches`, { auth: token, body: { new_branch_name: name } })).status, 201, name);
    }
    assert.equal((await h.api('POST', `${R}/tags`, { auth: token, body: { tag_name: 'v1.0.0' } })).status, 201);
  } finally {
    await h.stop();
  }
});
