/**
 * API ref writes answer before their branch records reach the disk: a journal intent marks the repository
 * meanwhile. A host killed right after the answers rebuilds the records from the refs at its next start; a host
 * that closes writes them and leaves no intent behind.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request, basic, ADMIN } from '../helpers/host.ts';
import { startChildHost } from '../helpers/child-host.ts';
import { openStore, type Store } from '../../server/store/index.ts';
import * as repoStore from '../../server/store/repos.ts';
import * as branchStore from '../../server/store/branches.ts';
import * as releaseStore from '../../server/store/releases.ts';

const auth = { Authorization: basic(ADMIN.username, ADMIN.password) };

/** The branch names git holds and the ones the records hold, the tags and their tag-only releases, and the journal's intents. */
async function state(store: Store): Promise<{ refs: string[]; records: string[]; tags: string[]; releases: string[]; intents: string[] }> {
  const repo = (await repoStore.list(store)).find((r) => r.name === 'deferred')!;
  const names = (prefix: string) => execFileSync('git', ['for-each-ref', '--format=%(refname:strip=2)', prefix], { cwd: repoStore.gitDirOf(store, repo) })
    .toString().split('\n').filter(Boolean).sort();
  const records = (await branchStore.list(store, repo.id)).map((b) => b.name).sort();
  const releases = (await releaseStore.listAll(store, repo.id, (r) => r.is_tag)).map((r) => r.tag_name).sort();
  return { refs: names('refs/heads/'), records, tags: names('refs/tags/'), releases, intents: (await store.journal.pending()).map((i) => i.kind) };
}

test('branch records and tag-only releases of answered API writes survive a kill (rebuilt from the refs) and a clean close leaves no intent', { timeout: 180_000 }, async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'homeforge-deferred-'));
  try {
    let host = await startChildHost(dataDir);
    const made = await request(host.url, 'POST', '/api/v1/user/repos', { headers: auth, body: { name: 'deferred', auto_init: true } });
    assert.equal(made.status, 201, made.text);
    const names = Array.from({ length: 12 }, (_, i) => `b-${i}`);
    const answers = await Promise.all(names.map((n) => request(host.url, 'POST', '/api/v1/repos/root/deferred/branches', { headers: auth, body: { new_branch_name: n, old_branch_name: 'main' } })));
    for (const a of answers) assert.equal(a.status, 201, a.text);
    const del = await request(host.url, 'DELETE', '/api/v1/repos/root/deferred/branches/b-0', { headers: auth });
    assert.equal(del.status, 204, del.text);
    // annotated tags: their tag-only releases follow the refs the same way
    const tags = Array.from({ length: 8 }, (_, i) => `v${i}`);
    const tagged = await Promise.all(tags.map((t) => request(host.url, 'POST', '/api/v1/repos/root/deferred/tags', { headers: auth, body: { tag_name: t, message: `release ${t}\n\nnotes` } })));
    for (const a of tagged) assert.equal(a.status, 201, a.text);
    // killed at once: the records may not all be on disk, but the repository is marked in the journal
    await host.kill('SIGKILL');
    let store = await openStore(dataDir);
    const killed = await state(store);
    assert.deepEqual(killed.refs, ['main', ...names.slice(1)].sort());
    assert.deepEqual(killed.tags, [...tags].sort());
    assert.ok(killed.intents.includes('records-follow-refs'), `intents at the kill: ${killed.intents.join(', ')}`);
    // a release write the kill lost (removed here, so the rebuild is seen whatever reached the disk)
    const repoId = (await repoStore.list(store)).find((r) => r.name === 'deferred')!.id;
    const lost = await releaseStore.getByTag(store, repoId, 'v0');
    if (lost) await releaseStore.remove(store, lost.id);

    // the next start rebuilds the records from the refs and forgets the intent
    host = await startChildHost(dataDir);
    const again = await request(host.url, 'POST', '/api/v1/repos/root/deferred/branches', { headers: auth, body: { new_branch_name: 'after', old_branch_name: 'main' } });
    assert.equal(again.status, 201, again.text);
    await host.kill('SIGTERM');
    store = await openStore(dataDir);
    const closed = await state(store);
    assert.deepEqual(closed.records, closed.refs);
    assert.deepEqual(closed.refs, ['after', 'main', ...names.slice(1)].sort());
    assert.deepEqual(closed.releases, closed.tags);
    assert.deepEqual(closed.intents, []);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
