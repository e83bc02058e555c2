// Bundles the compiled host's entry points into one file each plus the chunks their lazily loaded parts (route
// tables, optional libraries) import on first use. Node then reads, parses and keeps one module instead of about
// 800 files: less start-up CPU and less resident memory (module records, per-file source strings).
//   - the command line (`npm start`): server/cli.ts into <dist>/server/cli.js (chunks beside it);
//   - the desktop app's main process (--desktop): main/index.ts, Electron's entry, and main/shell.ts, which it
//     loads after settling the young generation, into <dist>/main (chunks beside them).
// Everything else tsc emitted stays where it is: the worker thread's entry, the git spawner's child script, the
// built-in runner and the preload load those files by path, and a bundle finds them through `import.meta.url`,
// which is rewritten in each bundled file to the URL its compiled twin would have had.
// Usage: node scripts/bundle-cli.mjs [--dist <dir>] [--sourcemap] [--desktop] [--cli] (after tsc has built that
// dir, default dist/; with neither --cli nor --desktop, the command line only).
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Packages left to node: Electron's own module, native bindings and optional packages that may be absent. */
const EXTERNAL = ['electron', 'kerberos'];

/** Bundles `entries` (source paths below the repository) into `<dist>/<outRel>`, with their chunks beside them. */
async function bundle(entries, dist, outRel, opts) {
  const { build } = await import('esbuild');
  const outdir = path.join(dist, outRel);
  for (const f of readdirSync(outdir)) if (/^chunk-.*\.js(\.map)?$/.test(f)) rmSync(path.join(outdir, f));
  const relocate = {
    name: 'import-meta-url',
    setup(b) {
      b.onLoad({ filter: /[\\/](server|main)[\\/].*\.ts$/ }, (args) => {
        const src = readFileSync(args.path, 'utf8');
        if (!src.includes('import.meta.url')) return undefined;
        // Every output file sits in outdir, so this is the compiled twin's URL relative to any of them.
        const twin = path.join(dist, path.relative(root, args.path)).replace(/\.ts$/, '.js');
        const rel = path.relative(outdir, twin).split(path.sep).join('/');
        const spec = rel.startsWith('.') ? rel : `./${rel}`;
        return { contents: src.replaceAll('import.meta.url', `new URL(${JSON.stringify(spec)}, import.meta.url).href`), loader: 'ts' };
      });
    },
  };
  await build({
    entryPoints: entries.map((e) => path.join(root, e)),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'chunk-[hash]',
    external: EXTERNAL,
    sourcemap: opts.sourcemap ? 'linked' : false,
    // Without comments the sources are plain ASCII (esbuild escapes the rest), which V8 keeps at one byte a
    // character; one character of a comment beyond Latin-1 makes it keep a whole chunk at two. Names are kept,
    // so stack traces still name functions (line numbers need --sourcemap and node's --enable-source-maps).
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    plugins: [relocate],
    // Bundled CommonJS packages call require() for node's own modules; an ES module has none of its own.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  });
}

/** Bundles server/cli.ts into `<dist>/server/cli.js` (and `chunk-*.js` beside it). */
export function bundleCli(dist = path.join(root, 'dist'), opts = {}) {
  return bundle(['server/cli.ts'], dist, 'server', opts);
}

/**
 * Bundles the desktop main process: main/index.ts (Electron's entry, which imports `electron`) and main/shell.ts
 * (the shell and the host, loaded by the entry once the young generation is settled) into `<dist>/main`.
 */
export function bundleDesktop(dist = path.join(root, 'dist'), opts = {}) {
  return bundle(['main/index.ts', 'main/shell.ts'], dist, 'main', opts);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { dist: { type: 'string' }, sourcemap: { type: 'boolean' }, desktop: { type: 'boolean' }, cli: { type: 'boolean' } } });
  const dist = values.dist && path.resolve(values.dist);
  if (values.cli || !values.desktop) await bundleCli(dist, { sourcemap: values.sourcemap });
  if (values.desktop) await bundleDesktop(dist, { sourcemap: values.sourcemap });
}
