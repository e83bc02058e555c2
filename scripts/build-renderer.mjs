// Builds the management UI (renderer/) into renderer/dist, which the host serves at `/`.
//   node scripts/build-renderer.mjs               always build
//   node scripts/build-renderer.mjs --if-missing  build only when renderer/dist has no index.html (npm prestart)
//   node scripts/build-renderer.mjs --if-stale    build when missing or older than a source file (UI tests)
// The build goes to a temporary folder first and replaces dist in one rename, so a host never serves half a build
// and two test processes building at once do not tear each other's output.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rendererDir = path.join(root, 'renderer');
const dist = path.join(rendererDir, 'dist');
const index = path.join(dist, 'index.html');

/** Newest modification time of the renderer's sources (src/, index.html, the Vite config, the shared request schemas). */
function newestSource() {
  let newest = 0;
  const walk = (p) => {
    const st = statSync(p);
    if (st.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
    else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of ['src', 'index.html', 'vite.config.mjs', '../server/structs']) walk(path.join(rendererDir, p));
  return newest;
}

function needed(mode) {
  if (!existsSync(index)) return true;
  if (mode === '--if-stale') return statSync(index).mtimeMs < newestSource();
  return mode !== '--if-missing';
}

const mode = process.argv[2];
if (!needed(mode)) process.exit(0);

const { build } = await import('vite');
const config = (await import('../renderer/vite.config.mjs')).default;
const tmp = path.join(rendererDir, `.dist-${process.pid}`);
try {
  await build({ ...config, configFile: false, build: { ...config.build, outDir: tmp, emptyOutDir: true } });
  rmSync(dist, { recursive: true, force: true });
  try {
    renameSync(tmp, dist);
  } catch (err) {
    // Another build finished first and put its dist in place: that one serves.
    if (!existsSync(index)) throw err;
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log(`renderer built into ${path.relative(process.cwd(), dist) || dist}`);
