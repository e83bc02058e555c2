// Runs every *.test.ts under test/, server/ and main/ with node's test runner (Node 20 does not expand globs itself).
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const explicit = process.argv.slice(2);
const roots = explicit.length ? explicit : ['server', 'main', 'test'];
// The fault tests (kills, hostile input, access on every route, load) run apart: `npm run test:faults`.
const skipped = new Set(['node_modules', 'dist', 'bench', ...(explicit.length ? [] : ['faults'])]);
const files = [];
const walk = (p) => {
  const st = statSync(p, { throwIfNoEntry: false });
  if (!st) return;
  if (st.isFile()) {
    if (/\.test\.tsx?$/.test(p)) files.push(p);
    return;
  }
  for (const name of readdirSync(p)) if (!skipped.has(name)) walk(path.join(p, name));
};
roots.forEach(walk);
files.sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const args = [
  '--import', 'tsx', '--test',
  `--test-concurrency=${process.env.TEST_CONCURRENCY ?? 2}`,
  '--test-reporter=spec', '--test-reporter-destination=stdout',
  '--test-reporter=./scripts/count-reporter.mjs', '--test-reporter-destination=stdout',
  ...files,
];
const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
process.exit(r.status ?? 1);
