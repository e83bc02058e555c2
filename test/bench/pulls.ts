/**
 * Pull requests on the large generated repository (5,000 commits; --quick: 300): opening a pull request of 100
 * commits (its mergeability check in the bare repository included), checking it again after the base moves,
 * merging it (merge commit and squash), the delay from a push to the head branch until the pull request
 * shows the new head (compared with the push alone), and what the pre-receive rules (branch protection) add
 * to a push, side by side with the same push in a repository without rules. Each figure has its target.
 */
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { writeFile } from 'node:fs/promises';
import { gitSandbox } from '../helpers/git.ts';
import { appendBranch, generateRepo } from './lib/gen-repo.ts';
import { adminToken, api, ADMIN, startHostProcess } from './lib/proc.ts';
import { fmt, median, timed } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';

interface PullAnswer { number: number; head: { sha: string }; mergeable: boolean }

/**
 * Targets, ms. A desktop host answers a click well inside a second: opening and merging a large pull request
 * (git merge-tree and commit-tree on 5,000 commits) under 1 s, reading a stored one like any other record
 * read (50 ms, the list target of issues); a push shows on its pull request within 1 s after git is done;
 * the pre-receive rules (the hook's question over its channel to the host, the rule with its force check and
 * protected-file diff) cost at most 150 ms over the same push without rules.
 */
const TARGET = { open: 1000, read: 50, merge: 1000, syncAfterPush: 1000, rulesCost: 150 };
const execFileP = promisify(execFile);
const met = (ok: boolean): string => (ok ? 'met' : 'NOT MET');
const row = (what: string, ms: number, target?: number): string[] => [what, fmt(ms), target === undefined ? '–' : `≤ ${fmt(target)}`, target === undefined ? '–' : met(ms <= target)];

/** Runs the pull-request benchmark. */
export async function runPulls(o: BenchOptions): Promise<AreaResult> {
  const size = o.quick ? { commits: 300, bytes: 3 * 2 ** 20, prCommits: 100, rounds: 3 } : { commits: 5000, bytes: 50 * 2 ** 20, prCommits: 100, rounds: 7 };
  const root = o.tmp;
  const git = await gitSandbox();
  const host = await startHostProcess(path.join(root, 'host'));
  const rows: string[][] = [];
  const ruleRows: string[][] = [];
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
    // Each pull request's commits are written by one fast-import run (a 100-commit branch in well under a second).
    const mainTip = (await git.ok(['-C', work, 'rev-parse', 'origin/main'])).trim();
    const branch = async (name: string): Promise<void> => {
      await appendBranch(path.join(work, '.git'), name, mainTip, size.prCommits);
      await git.ok(['-C', work, 'push', '-q', push, `${name}:refs/heads/${name}`]);
    };
    const open = async (head: string) => (await api(host.url, 'POST', `/repos/${ADMIN.username}/big/pulls`, token, { head, base: 'main', title: head })) as PullAnswer;
    const merge = (n: number, style: string) => api(host.url, 'POST', `/repos/${ADMIN.username}/big/pulls/${n}/merge`, token, { Do: style });

    await branch('pr-merge');
    await branch('pr-squash');
    let pr: PullAnswer | undefined;
    const createMs = await timed(async () => { pr = await open('pr-merge'); });
    const squashPr = await open('pr-squash');
    const mergeMs = await timed(() => merge(pr!.number, 'merge'));
    // The squash pull request is checked again when main moved (the merge above); then merged.
    const recheckMs = await timed(() => api(host.url, 'GET', `/repos/${ADMIN.username}/big/pulls/${squashPr.number}`, token));
    const squashMs = await timed(() => merge(squashPr.number, 'squash'));
    rows.push(row(`open a pull request of ${size.prCommits} commits (check included)`, createMs, TARGET.open));
    rows.push(row('read it back (check stored)', recheckMs, TARGET.read));
    rows.push(row('merge (merge commit)', mergeMs, TARGET.merge));
    rows.push(row('merge (squash)', squashMs, TARGET.merge));

    // Push-to-update: one commit pushed to the head of an open pull request, until the API shows it.
    await branch('pr-sync');
    await git.ok(['-C', work, 'checkout', '-q', 'pr-sync']);
    const sync = await open('pr-sync');
    const delays: number[] = [];
    const pushes: number[] = [];
    for (let r = 0; r < size.rounds; r++) {
      await writeFile(path.join(work, 'sync.txt'), `round ${r}\n`);
      await git.ok(['-C', work, 'add', '-A']);
      await git.ok(['-C', work, 'commit', '-q', '-m', `sync ${r}`]);
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
    const after = delays.map((d, i) => d - pushes[i]!);
    rows.push(row('push of 1 commit to the head (git push alone)', median(pushes)));
    rows.push(row('push to pull request updated (push + sync + check)', median(delays)));
    rows.push(row('  of which after git push returned (sync + check)', median(after), TARGET.syncAfterPush));
    data.ms = { createMs, recheckMs, mergeMs, squashMs, pushes, delays };
    data.preReceive = await pushRules({ host: host.url, token, git, work, src, rounds: size.rounds }, ruleRows);
  } finally {
    await host.stop();
    await git.dispose();
  }
  return {
    area: 'pulls',
    title: 'Pull requests: mergeability, merges and push-to-update on a large repository',
    tables: [
      { title: 'ms (median where repeated)', columns: ['operation', 'ms', 'target', 'verdict'], rows },
      { title: `Pre-receive: one commit pushed, median ms of ${size.rounds}`, columns: ['push', 'ms', 'target', 'verdict'], rows: ruleRows },
    ],
    notes: [
      `Repository: ${size.commits.toLocaleString('en-US')} commits, ${fmt(size.bytes / 2 ** 20)} MiB (git fast-import); pull requests of ${size.prCommits} commits; push-to-update: median of ${size.rounds}.`,
      'Pre-receive: the same clone pushes one commit to main of two copies of the repository, each the base of an open pull request; only the second has a protection rule on main (push allow-list, protected file patterns, status checks), so only its hook asks the host.',
    ],
    data,
  };
}

interface RuleBench { host: string; token: string; git: Awaited<ReturnType<typeof gitSandbox>>; work: string; src: string; rounds: number }

/** Median push of one commit to a repository without rules and to a protected branch; rows with the rules' cost. */
async function pushRules(b: RuleBench, out: string[][]): Promise<Record<string, number[]>> {
  const url = (name: string) => `${b.host.replace('://', `://${ADMIN.username}:${b.token}@`)}/${ADMIN.username}/${name}.git`;
  // Two copies that differ only in the rule: each has an open pull request into main (so the push's own
  // processing, the pull request's check after its base moved, is the same on both sides).
  await b.git.ok(['-C', b.work, 'checkout', '-q', '-B', 'side', 'origin/main']);
  await writeFile(path.join(b.work, 'side.txt'), 'side\n');
  await b.git.ok(['-C', b.work, 'add', '-A']);
  await b.git.ok(['-C', b.work, 'commit', '-q', '-m', 'side']);
  for (const name of ['open', 'guarded']) {
    await api(b.host, 'POST', '/user/repos', b.token, { name });
    await b.git.ok(['-C', b.src, 'push', '-q', url(name), 'main:refs/heads/main']);
    await b.git.ok(['-C', b.work, 'push', '-q', url(name), 'side:refs/heads/side']);
    await api(b.host, 'POST', `/repos/${ADMIN.username}/${name}/pulls`, b.token, { head: 'side', base: 'main', title: 'side' });
  }
  await api(b.host, 'POST', `/repos/${ADMIN.username}/guarded/branch_protections`, b.token, {
    rule_name: 'main', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: [ADMIN.username],
    protected_file_patterns: 'config/**;*.lock', enable_status_check: true, status_check_contexts: ['ci/*'],
  });
  await b.git.ok(['-C', b.work, 'checkout', '-q', '-B', 'rules', 'origin/main']);
  const ms: Record<string, number[]> = { open: [], guarded: [] };
  for (let r = 0; r < b.rounds; r++) {
    await writeFile(path.join(b.work, 'rules.txt'), `round ${r}\n`);
    await b.git.ok(['-C', b.work, 'add', '-A']);
    await b.git.ok(['-C', b.work, 'commit', '-q', '-m', `rules ${r}`]);
    // Alternating which copy goes first, so a burst of load elsewhere does not always fall on the same side.
    const order = r % 2 ? (['guarded', 'open'] as const) : (['open', 'guarded'] as const);
    for (const name of order) ms[name]!.push(await timed(() => b.git.ok(['-C', b.work, 'push', '-q', url(name), 'rules:refs/heads/main'])));
  }
  const open = median(ms.open!);
  const guarded = median(ms.guarded!);
  out.push(row('to main without a rule (the hook allows at once)', open));
  out.push(row('to main protected by a rule (the hook asks the host)', guarded));
  out.push(row('  cost of the rules (difference)', guarded - open, TARGET.rulesCost));
  // For scale: what one start of node costs on this machine (the hook's client before the channel; still
  // the client where git cannot hand the channel to the hook, i.e. Windows).
  ms.nodeStart = [];
  for (let r = 0; r < b.rounds; r++) ms.nodeStart.push(await timed(() => execFileP(process.execPath, ['-e', ''])));
  out.push(row('  for scale: starting node once', median(ms.nodeStart)));
  return ms;
}
