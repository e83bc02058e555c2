// `npm start` runs the compiled host (dist/server/cli.js), as a packaged build does: it starts in about half the
// time and uses about 40 MiB less than running the TypeScript through tsx. This prepares it:
//   1 - the UI (renderer/dist) when it is missing,
//   2 - an incremental tsc build of server/ and main/ into dist/ (about a second when nothing changed),
//   3 - the UI copied beside the compiled server, where it looks for it.
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (args) => {
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run([path.join(root, 'scripts/build-renderer.mjs'), '--if-missing']);
// tsc's incremental mode trusts its build-info file, not the outputs: without the entry point, start afresh.
if (!existsSync(path.join(root, 'dist/server/cli.js'))) rmSync(path.join(root, 'dist/.tsbuildinfo'), { force: true });
run([path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json']);
const target = path.join(root, 'dist/renderer/dist');
if (existsSync(path.join(root, 'renderer/dist'))) {
  rmSync(target, { recursive: true, force: true });
  cpSync(path.join(root, 'renderer/dist'), target, { recursive: true });
}
