/**
 * Actions secrets: writes and lists through the API, and what a run pays to get its secrets (decrypting the
 * repository's and its owner's) and to mask a log with them. The host runs in this process, so the run-side
 * functions are called directly, as the runner calls them.
 */
import { performance } from 'node:perf_hooks';
import { startHost, createToken, ADMIN } from '../helpers/host.ts';
import { maskSecrets, secretMasker, secretsForRun, variablesForRun } from '../../server/services/actions/secrets-for-run.ts';
import { fmt, median, percentile } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';

async function times(n: number, fn: (i: number) => Promise<unknown> | unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

/** Runs the secrets benchmark: `per` secrets and variables at each level (repository, organization, user). */
export async function runActionSecrets(o: BenchOptions): Promise<AreaResult> {
  const per = o.quick ? 20 : 100;
  const h = await startHost({ dataDir: o.tmp });
  const rows: string[][] = [];
  const data: Record<string, unknown> = {};
  const row = (name: string, xs: number[]) => {
    rows.push([name, String(xs.length), fmt(median(xs)), fmt(percentile(xs, 90))]);
    data[name] = { n: xs.length, median: median(xs), p90: percentile(xs, 90) };
  };
  try {
    const token = await createToken(h, ADMIN.username, ADMIN.password);
    const put = (p: string, body: unknown) => h.api('PUT', p, { auth: token, body }).then((r) => { if (r.status >= 300) throw new Error(`${p}: ${r.status} ${r.text}`); });
    const repo = (await h.api('POST', '/user/repos', { auth: token, body: { name: 'ci' } })).body as { id: number };
    await h.api('POST', '/orgs', { auth: token, body: { username: 'bench-org' } });
    const orgRepo = (await h.api('POST', '/orgs/bench-org/repos', { auth: token, body: { name: 'tool' } })).body as { id: number };
    const value = (i: number) => `value-${i}-${'x'.repeat(40)}`;
    row('create a repository secret (PUT, 201)', await times(per, (i) => put(`/repos/${ADMIN.username}/ci/actions/secrets/S_${i}`, { data: value(i) })));
    row('replace a repository secret (PUT, 204)', await times(per, (i) => put(`/repos/${ADMIN.username}/ci/actions/secrets/S_${i}`, { data: value(i + 1) })));
    for (let i = 0; i < per; i++) {
      await put(`/user/actions/secrets/U_${i}`, { data: value(i) });
      await put(`/orgs/bench-org/actions/secrets/O_${i}`, { data: value(i) });
      await put(`/repos/bench-org/tool/actions/secrets/S_${i}`, { data: value(i) });
      await h.api('POST', `/repos/${ADMIN.username}/ci/actions/variables/V_${i}`, { auth: token, body: { value: value(i) } });
      await h.api('POST', `/user/actions/variables/W_${i}`, { auth: token, body: { value: value(i) } });
    }
    row(`list ${per} repository secrets (GET, limit 50)`, await times(20, () => h.api('GET', `/repos/${ADMIN.username}/ci/actions/secrets?limit=50`, { auth: token })));
    row(`secrets for a run: ${per} repository + ${per} user secrets`, await times(50, () => secretsForRun(h.app, repo.id)));
    row(`secrets for a run: ${per} repository + ${per} organization secrets`, await times(50, () => secretsForRun(h.app, orgRepo.id)));
    row(`variables for a run: ${per} repository + ${per} user variables`, await times(50, () => variablesForRun(h.app, repo.id)));
    const secrets = Object.values(await secretsForRun(h.app, repo.id));
    const log = Array.from({ length: 10_000 }, (_, i) => `2026-01-01T00:00:00Z step ${i}: ${i % 100 === 0 ? secrets[i % secrets.length] : 'ordinary output'}`).join('\n');
    row(`mask a 10,000-line log (${(log.length / 1024).toFixed(0)} KiB) with ${secrets.length} secrets`, await times(10, (i) => maskSecrets(`${i}\n${log}`, secrets)));
    const mask = secretMasker(secrets);
    row(`mask one log line with ${secrets.length} secrets (masker built once)`, await times(1000, (i) => mask(`line ${i}: ${secrets[i % secrets.length]}`)));
  } finally {
    await h.stop();
  }
  return {
    area: 'actions-secrets',
    title: 'Actions secrets: API writes and lists, resolution and masking for a run',
    tables: [{ title: 'ms (median and 90th percentile)', columns: ['operation', 'n', 'median', 'p90'], rows }],
    notes: [
      `The host in this process; ${per} secrets at each level (repository, user, organization), values sealed with AES-256-GCM at rest.`,
      'Resolution decrypts every secret of the repository and of its owner, the repository\'s winning on a shared name.',
    ],
    data,
  };
}
