/** A finished artifact stored directly (as an upload through the protocol would leave it), for suites that need a target. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { zipSync } from 'fflate';
import * as artifactStore from '../../server/store/action-artifacts.ts';
import * as runStore from '../../server/store/action-runs.ts';
import { zipPath } from '../../server/services/actions/artifact-files.ts';
import type { TestHost } from '../helpers/host.ts';

/** Stores a confirmed artifact named `name` of the run `runId` with a small zip; answers its id. */
export async function storeArtifact(h: TestHost, runId: number, name: string): Promise<number> {
  const run = await runStore.getRun(h.app.store, runId);
  if (!run) throw new Error('no such run');
  const zip = zipSync({ 'file.txt': new TextEncoder().encode(`${name}\n`) });
  const now = new Date().toISOString();
  const a = await artifactStore.insertArtifact(h.app.store, (id) => ({
    id, run_id: run.id, job_id: 0, task_id: 0, repo_id: run.repo_id, owner_id: run.owner_id, commit_sha: run.commit_sha, name,
    size: zip.length, status: 'confirmed', created: now, updated: now, expires: new Date(Date.now() + 86_400_000).toISOString(),
  }));
  const file = zipPath(h.app, run.repo_id, a.id);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, zip);
  return a.id;
}
