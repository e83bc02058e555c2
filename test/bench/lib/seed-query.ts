/**
 * Seeding for the query benchmark, written straight in the store's on-disk layouts: issue partitions (JSON
 * lines, 200 per partition, keyed by the per-repository index) with their counters, and repository records
 * with a bare-directory stub (recovery at start only looks for HEAD).
 */
import { mkdir, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { IssueRecord } from '../../../server/store/issues.ts';
import type { RepoRecord } from '../../../server/store/records.ts';
import { storagePathFor } from '../../../server/store/repos.ts';

const ISSUE_PARTITION = 200;
const BODY = 'Steps to reproduce: clone, push, open the page. '.repeat(8);

/** Writes `perRepo` issues into each of `repoIds` (every third one closed); global ids continue across repositories. */
export async function seedIssues(storeRoot: string, repoIds: number[], perRepo: number): Promise<void> {
  let gid = 1;
  for (const repoId of repoIds) {
    const dir = path.join(storeRoot, 'issues', String(repoId));
    await mkdir(dir, { recursive: true });
    const counters = { open_issues: 0, closed_issues: 0, open_pulls: 0, closed_pulls: 0 };
    const writes: Promise<void>[] = [];
    for (let n = 0; n * ISSUE_PARTITION <= perRepo; n++) {
      const lines: string[] = [];
      for (let index = Math.max(1, n * ISSUE_PARTITION); index <= Math.min(perRepo, (n + 1) * ISSUE_PARTITION - 1); index++) {
        const at = new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();
        const closed = index % 3 === 0;
        const rec: Omit<IssueRecord, 'id' | 'index'> & { id: number; gid: number } = {
          id: index, gid: gid++, repo_id: repoId, poster_id: 1 + (index % 7), original_author: '', title: `Issue ${index}: the push page fails`, content: BODY,
          is_closed: closed, is_pull: index % 10 === 0, is_locked: false, pin_order: 0, milestone_id: 0, priority: 0, label_ids: [1 + (index % 4)],
          assignee_ids: [1], mentioned_ids: [], num_comments: index % 5, ref: '', deadline: 0, created: at, updated: at, closed_at: closed ? at : null,
        };
        counters[`${closed ? 'closed' : 'open'}_${rec.is_pull ? 'pulls' : 'issues'}`] += 1;
        lines.push(JSON.stringify({ op: 'put', rec }));
      }
      if (lines.length) writes.push(writeFile(path.join(dir, `${n}.log`), `${lines.join('\n')}\n`));
    }
    await Promise.all(writes);
    await writeFile(path.join(dir, 'counters.json'), JSON.stringify(counters));
  }
  await writeFile(path.join(storeRoot, 'issues', 'ids.json'), JSON.stringify({ next_id: gid }));
}

/** Adds `count` repositories owned by `ownerId` (every other one private) to a stopped host's store. */
export async function seedRepos(dataDir: string, ownerId: number, count: number): Promise<void> {
  const file = path.join(dataDir, 'store', 'repositories.json');
  const doc = JSON.parse(await readFile(file, 'utf8').catch(() => '{"next_id":1,"rows":{}}')) as { next_id: number; rows: Record<string, RepoRecord> };
  const now = new Date(Date.UTC(2025, 0, 1)).toISOString();
  for (let i = 0; i < count; i++) {
    const id = doc.next_id++;
    const name = `repo-${String(id).padStart(5, '0')}`;
    doc.rows[String(id)] = {
      id, owner_id: ownerId, name, lower_name: name, description: `project ${id}`, website: '', default_branch: 'main', object_format: 'sha1',
      storage_path: storagePathFor(id), is_private: i % 2 === 1, is_empty: false, is_archived: false, archived_at: null, is_template: false,
      is_mirror: false, is_fork: false, fork_id: 0,
      units: { has_code: true, has_issues: true, has_wiki: true, has_pull_requests: true, has_projects: true, has_releases: true, has_packages: true, has_actions: true },
      options: {}, size_kb: 0, created: now, updated: now,
    };
    const bare = path.join(dataDir, 'repositories', storagePathFor(id));
    await mkdir(bare, { recursive: true });
    await writeFile(path.join(bare, 'HEAD'), 'ref: refs/heads/main\n');
  }
  await writeFile(file, JSON.stringify(doc));
}
