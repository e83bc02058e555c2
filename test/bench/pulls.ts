/**
 * Pull requests on the large generated repository (5,000 commits; --quick: 300): opening a pull request of 100
 * commits (its mergeability check in the bare repository included), checking it again after the base moves,
 * merging it (merge commit and squash), and the delay from a push to the head branch until the pull request
 * shows the new head (compared with the push alone).
 */
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { gitSandbox } from '../helpers/git.ts';
import { generateRepo } from './lib/gen-repo.ts';
import { adminToken, api, ADMIN, startHostProcess } from './lib/proc.ts';
import { fmt, median, timed } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';

interface PullAnswer { number: number; head: { sha: string }; mergeable: boolean }

/** Runs the pull-request benchmark. */
export async function runPulls(o: BenchOptions): Promise<AreaResult> {
  const size = o.quick ? { commits: 300, bytes: 3 * 2 ** 20, prCommits: 100, rounds: 2 } : { commits: 5000, bytes: 50 * 2 ** 20, prCommits: 100, rounds: 7 };
  const root = o.tmp;
  const git = await gitSandbox();
  const host = await startHostProcess(path.join(root, 'host'));
  const rows: string[][] = [];
  const data: Record<string, unknown> = { ...size };
  try {
    const token = await adminToken(host.url);
    const push = `${host.url.replace('://', `://${ADMIN.username}:${token}@`)}/${ADMIN.username}/big.git`;
    const src = path.join(root, 'src.git');
    await generateRepo(src, 'sha1', size.commits, size.bytes);
    await api(host.url, 'POST', '/user/repos', token, { name: 'big' });
    await git.ok(['-C', src, 'push', '-q', push, 'main:refs/heads/main']);
    const work = path.join(root, 'work');
    await git.ok(['clone', '-q', src, work]);
    const branch = async (name: string, from: string): Promise<void> => {
      await git.ok(['-C', work, 'checkout', '-q', '-B', name, from]);
      for (let i = 0; i < size.prCommits; i++) {
        await writeFile(path.join(work, `${name}-${i % 10}.txt`), `${name} ${i}\n`);
        await git.ok(['-C', work, 'add', '-A']);
        await git.ok(['-C', work, 'commit', '-q', '-m', `${name} ${i}`]);
      }
      await git.ok(['-C', work, 'push', '-q', push, `${name}:refs/heads/${name}`]);
    };
    const open = async (head: string) => (await api(host.url, 'POST', `/repos/${ADMIN.username}/big/pulls`, token, { head, base: 'main', title: head })) as PullAnswer;
    const merge = (n: number, style: string) => api(host.url, 'POST', `/repos/${ADMIN.username}/big/pulls/${n}/merge`, token, { Do: style });

    await branch('pr-merge', 'origin/main');
    await branch('pr-squash', 'origin/main');
    let pr: PullAnswer | undefined;
    const createMs = await timed(async () => { pr = await open('pr-merge'); });
    const squashPr = await open('pr-squash');
    const mergeMs = await timed(() => merge(pr!.number, 'merge'));
    // The squash pull request is checked again when main moved (the merge above); then merged.
    const recheckMs = await timed(() => api(host.url, 'GET', `/repos/${ADMIN.username}/big/pulls/${squashPr.number}`, token));
    const squashMs = await timed(() => merge(squashPr.number, 'squash'));
    rows.push([`open a pull request of ${size.prCommits} commits (check included)`, fmt(createMs)]);
    rows.push(['read it back (check stored)', fmt(recheckMs)]);
    rows.push(['merge (merge commit)', fmt(mergeMs)]);
    rows.push(['merge (squash)', fmt(squashMs)]);

    // Push-to-update: one commit pushed to the head of an open pull request, until the API shows it.
    await branch('pr-sync', 'origin/main');
    const sync = await open('pr-sync');
    const delays: number[] = [];
    const pushes: number[] = [];
    for (let r = 0; r < size.rounds; r++) {
      await writeFile(path.join(work, 'sync.txt'), `round ${r}\n`);
      await git.ok(['-C', work, 'commit', '-q', '-am', `sync ${r}`]);
      const sha = (await git.ok(['-C', work, 'rev-parse', 'HEAD'])).trim();
      const t0 = performance.now();
      await git.ok(['-C', work, 'push', '-q', push, 'pr-sync:refs/heads/pr-sync']);
      pushes.push(performance.now() - t0);
      for (;;) {
        const got = (await api(host.url, 'GET', `/repos/${ADMIN.username}/big/pulls/${sync.number}`, token)) as PullAnswer;
        if (got.head.sha === sha) break;
        await new Promise((res) => setTimeout(res, 5));
      }
      delays.push(performance.now() - t0);
    }
    rows.push(['push of 1 commit to the head (git push alone)', fmt(median(pushes))]);
    rows.push(['push to pull request updated (push + sync + check)', fmt(median(delays))]);
    data.ms = { createMs, recheckMs, mergeMs, squashMs, pushes, delays };
  } finally {
    await host.stop();
    await git.dispose();
  }
  return {
    area: 'pulls',
    title: 'Pull requests: mergeability, merges and push-to-update on a large repository',
    tables: [{ title: 'ms (median where repeated)', columns: ['operation', 'ms'], rows }],
    notes: [`Repository: ${size.commits.toLocaleString('en-US')} commits, ${fmt(size.bytes / 2 ** 20)} MiB (git fast-import); pull requests of ${size.prCommits} commits; push-to-update: median of ${size.rounds}.`],
    data,
  };
}
