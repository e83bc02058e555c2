/**
 * Backup and restore: the command line's backup and restore of a data dir holding the transport bench's
 * 5,000-commit repository and 50,000 issue records (time and peak resident memory of the process), then a
 * backup through the API of a host running on the restored data (time, and how long writes were held).
 */
import { spawn } from 'node:child_process';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gitSandbox } from '../helpers/git.ts';
import { generateRepo } from './lib/gen-repo.ts';
import { seedIssues } from './lib/seed-query.ts';
import { adminToken, api, ADMIN, REPO_ROOT, rssOf, startHostProcess } from './lib/proc.ts';
import { fmt, mb } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';

/** Runs the admin CLI; resolves with its wall time and peak RSS. */
function adminCli(args: string[]): Promise<{ ms: number; peak: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/admin-cli.ts', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    // Sampled here rather than with rssSampler: a just-spawned process may not report VmRSS yet (NaN would stick).
    let peak = 0;
    const timer = setInterval(() => {
      try {
        const v = rssOf(child.pid ?? -1);
        if (v > peak) peak = v;
      } catch { /* exited */ }
    }, 20);
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => { stderr = (stderr + c.toString()).slice(-4000); });
    child.on('close', (code) => {
      clearInterval(timer);
      if (code === 0) resolve({ ms: performance.now() - t0, peak });
      else reject(new Error(`admin ${args[0]} exited with ${code}: ${stderr}`));
    });
  });
}

async function apiBackup(url: string, token: string): Promise<{ ms: number; pointMs: number }> {
  const hf = (method: string, body?: unknown) => fetch(`${url}/api/homeforge/admin/backups`, {
    method, headers: { authorization: `token ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => r.json() as Promise<Record<string, any>>); // eslint-disable-line @typescript-eslint/no-explicit-any -- bench reads JSON
  const started = await hf('POST', {});
  for (;;) {
    const o = await hf('GET');
    if (!o.running && o.last?.id === started.id) {
      if (!o.last.ok) throw new Error(`API backup failed: ${o.last.error}`);
      return { ms: o.last.duration_ms as number, pointMs: o.last.point_ms as number };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs the backup benchmark. */
export async function runBackup(o: BenchOptions): Promise<AreaResult> {
  const size = o.quick ? { commits: 300, bytes: 3 * 2 ** 20, issues: 5_000 } : { commits: 5000, bytes: 50 * 2 ** 20, issues: 50_000 };
  const data = path.join(o.tmp, 'data');
  const restored = path.join(o.tmp, 'restored');
  const archive = path.join(o.tmp, 'backup.tar.gz');
  await mkdir(o.tmp, { recursive: true });
  const git = await gitSandbox();
  try {
    const src = path.join(o.tmp, 'src.git');
    await generateRepo(src, 'sha1', size.commits, size.bytes);
    let host = await startHostProcess(data);
    let repoId: number;
    try {
      const token = await adminToken(host.url);
      repoId = ((await api(host.url, 'POST', '/user/repos', token, { name: 'big' })) as { id: number }).id;
      const url = host.url.replace('://', `://${ADMIN.username}:${token}@`) + `/${ADMIN.username}/big.git`;
      await git.ok(['-C', src, 'push', '-q', url, 'main']);
    } finally {
      await host.stop();
    }
    await seedIssues(path.join(data, 'store'), [repoId], size.issues);
    const backup = await adminCli(['backup', '--out', archive, '--data', data]);
    const archiveBytes = (await stat(archive)).size;
    const restore = await adminCli(['restore', '--from', archive, '--data', restored]);
    host = await startHostProcess(restored);
    let live: { ms: number; pointMs: number };
    try {
      live = await apiBackup(host.url, await adminToken(host.url));
    } finally {
      await host.stop();
    }
    const rows = [
      ['backup (command line)', fmt(backup.ms), fmt(mb(backup.peak))],
      ['restore (command line, verify + extract)', fmt(restore.ms), fmt(mb(restore.peak))],
      ['backup through the API of a running host', fmt(live.ms), '(host process)'],
    ];
    return {
      area: 'backup',
      title: 'Backup and restore of a data dir',
      tables: [{ title: 'Wall time and peak RSS', columns: ['operation', 'ms', 'peak RSS MiB'], rows }],
      notes: [
        `Data: one repository of ${size.commits.toLocaleString('en-US')} commits (${fmt(mb(size.bytes))} MiB of random blobs, pushed through the host) and ${size.issues.toLocaleString('en-US')} issue records; archive ${fmt(mb(archiveBytes))} MiB.`,
        `Command line: \`npm run admin -- backup\` / \`restore\` as child processes (tsx), RSS sampled every 20 ms. The API backup held ref writers and the store for ${live.pointMs} ms (the snapshot point); the rest of the copy ran beside them.`,
      ],
      data: { size, backup, restore, live, archiveBytes },
    };
  } finally {
    await git.dispose();
  }
}
