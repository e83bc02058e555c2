// Bundles the compiled host's entry (dist/server/cli.js) into one file plus the chunks its lazily loaded parts
// (route tables, optional libraries) import on first use. Node then reads, parses and keeps one module instead of
// about 800 files: less start-up CPU and less resident memory (module records, per-file source strings).
// Everything else tsc emitted stays where it is: the worker thread's entry, the git spawner's child script, the
// built-in runner and the Electron shell load those files by path, and the bundle finds them through
// `import.meta.url`, which is rewritten in each bundled file to the URL its compiled twin would have had.
// Usage: node scripts/bundle-cli.mjs [--dist <dir>] [--sourcemap] (after tsc has built that dir, default dist/).
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Packages left to node: native bindings and optional packages that may be absent. */
const EXTERNAL = ['electron', 'kerberos'];

/** Bundles server/cli.ts into `<dist>/server/cli.js` (and `chunk-*.js` beside it). */
export async function bundleCli(dist = path.join(root, 'dist'), opts = {}) {
  const { build } = await import('esbuild');
  const outdir = path.join(dist, 'server');
  for (const f of readdirSync(outdir)) if (/^chunk-.*\.js(\.map)?$/.test(f)) rmSync(path.join(outdir, f));
  const serverDir = path.join(root, 'server');
  const relocate = {
    name: 'import-meta-url',
    setup(b) {
      b.onLoad({ filter: /[\\/]server[\\/].*\.ts$/ }, (args) => {
        const src = readFileSync(args.path, 'utf8');
        if (!src.includes('import.meta.url')) return undefined;
        // Every output file sits in dist/server, so this is the compiled twin's URL relative to any of them.
        const rel = './' + path.relative(serverDir, args.path).split(path.sep).join('/').replace(/\.ts$/, '.js');
        return { contents: src.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`), loader: 'ts' };
      });
    },
  };
  await build({
    entryPoints: [path.join(serverDir, 'cli.ts')],
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { dist: { type: 'string' }, sourcemap: { type: 'boolean' } } });
  await bundleCli(values.dist && path.resolve(values.dist), { sourcemap: values.sourcemap });
}
