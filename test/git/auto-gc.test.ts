// git's own automatic gc never runs in a hosted repository: a fetch into it (pull mirrors, merges, forks) leaves its
// packs as they came. Only the host's upkeep repacks and prunes, and it is held while a backup copies object files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fetchRef } from '../../server/git/merge.ts';
import { gitSandbox, makeRepo, commitFiles, type GitSandbox } from '../helpers/git.ts';

const packs = async (gitDir: string): Promise<number> => (await readdir(path.join(gitDir, 'objects', 'pack'))).filter((f) => f.endsWith('.pack')).length;

/** A bare repository whose own config asks for gc in the foreground as soon as it has two packs, and a pack per fetch. */
async function eagerRepo(g: GitSandbox, gitDir: string): Promise<void> {
  await g.ok(['init', '-q', '--bare', '-b', 'main', gitDir]);
  const eager: [string, string][] = [['fetch.unpackLimit', '1'], ['gc.autoPackLimit', '1'], ['gc.autoDetach', 'false'], ['maintenance.autoDetach', 'false']];
  for (const [k, v] of eager) {
    await g.ok(['config', k, v], { env: { GIT_DIR: gitDir } });
  }
}

test('a fetch into a hosted repository runs no automatic gc, whatever the repository asks', async () => {
  const g = await gitSandbox();
  try {
    const src = path.join(g.dir, 'src');
    const srcGit = path.join(src, '.git');
    await makeRepo(g, src, { 'a.txt': 'a\n' });
    const [hosted, plain] = [path.join(g.dir, 'hosted.git'), path.join(g.dir, 'plain.git')];
    await eagerRepo(g, hosted);
    await eagerRepo(g, plain);
    for (let i = 0; i < 2; i++) {
      await commitFiles(g, src, { [`f${i}.txt`]: `${i}\n` }, `commit ${i}`);
      await fetchRef(hosted, srcGit, 'refs/heads/main', 'refs/heads/main');
      await g.ok(['fetch', '-q', srcGit, '+refs/heads/main:refs/heads/main'], { env: { GIT_DIR: plain } });
    }
    assert.equal(await packs(plain), 1, 'plain git, as the repository asks, packed its two fetched packs into one');
    assert.equal(await packs(hosted), 2, 'the host\'s fetches left their two packs for the host\'s own upkeep');
  } finally {
    await g.dispose();
  }
});
