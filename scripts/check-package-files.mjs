// Checks, without Electron or electron-builder, that the packaged app would hold every file its main process
// loads at run time: reads electron-builder.yml's `files` and `asarUnpack` globs, lists which files of the
// built tree (after `npm run build`) they select, then follows the module graph (relative static and dynamic
// imports, `new URL('…', import.meta.url)` targets) from each file loaded by path: Electron's entry, the
// preload, the worker thread's entry, the git spawner's child script and the UI. Files a
// worker thread or a child process loads must also be unpacked (they cannot read inside the archive), with the
// packages they import. Prints the counts and exits 1 on a missing file.
// Usage: node scripts/check-package-files.mjs [--root <dir holding package.json, dist/ and assets/>] [--list]
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import picomatch from 'picomatch';
import YAML from 'yaml';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { root: { type: 'string' }, list: { type: 'boolean' } } });
const root = path.resolve(values.root ?? repo);
const config = YAML.parse(readFileSync(path.join(repo, 'electron-builder.yml'), 'utf8'));
const main = config.extraMetadata?.main ?? JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')).main;

/** electron-builder's rule: later patterns win, `!` excludes. */
const matcher = (patterns) => {
  const rules = patterns.map((p) => ({ not: p.startsWith('!'), m: picomatch(p.replace(/^!/, ''), { dot: true }) }));
  return (f) => rules.reduce((on, r) => (r.m(f) ? !r.not : on), false);
};
const inFiles = matcher(config.files);
const unpacked = matcher(config.asarUnpack ?? []);

const walk = (dir) => readdirSync(path.join(root, dir)).flatMap((n) => {
  const rel = dir ? `${dir}/${n}` : n;
  if (rel === 'node_modules' || rel === '.git') return [];
  return statSync(path.join(root, rel)).isDirectory() ? walk(rel) : [rel];
});
const packaged = new Set(walk('').filter(inFiles));

/** Roots loaded by path, and whether the loader runs outside the archive (a thread or a child process). */
const roots = [
  [main, false], ['dist/main/preload.cjs', false], ['dist/renderer/dist/index.html', false],
  ['assets/icons/512x512.png', false], ['assets/tray.png', false],
  ['dist/server/worker/index.js', true], ['dist/server/git/spawner-child.mjs', true],
];
// Not a root: the built-in runner (dist/server/runner/main.js) is started with child_process.fork, which inside
// Electron starts the app binary itself; it runs under `npm start` only until it gets a utilityProcess starter.
/** Loaded only when running from source (tsx), never by the build. */
const SOURCE_ONLY = new Set(['dist/server/worker/boot.mjs']);
/** `new URL('x', new URL('<compiled twin>', import.meta.url).href)`: the bundles' rewritten import.meta.url. */
const NESTED = /new URL\(\s*(["'])(\.{1,2}\/[^"']+)\1,\s*new URL\(\s*(["'])(\.{1,2}\/[^"']+)\3,\s*import\.meta\.url\)(?:\.href)?\)/g;
const REL = /(?:from\s*|import\s*\(\s*|import\s+|new URL\(\s*)(["'])(\.{1,2}\/[^"']+)\1/g;
const BARE = /(?:from\s*|import\s*\(\s*|import\s+)(["'])((?:@[\w.-]+\/)?\w[\w.-]*)[^"']*\1/g;
const missing = [];
const notUnpacked = new Set();
const packages = new Set();
const seen = new Map();
const visit = (file, outside, from) => {
  if (seen.get(file) === true || seen.get(file) === outside) return;
  seen.set(file, outside || seen.get(file) === true);
  if (!packaged.has(file)) { missing.push(`${file} (from ${from})`); return; }
  if (outside && !unpacked(file)) notUnpacked.add(`${file} (from ${from})`);
  if (!/\.(c|m)?js$/.test(file)) return;
  let src = readFileSync(path.join(root, file), 'utf8');
  const specs = [];
  src = src.replace(NESTED, (_, _q, spec, _q2, twin) => {
    specs.push(path.posix.join(path.posix.dirname(path.posix.join(path.posix.dirname(file), twin)), spec));
    return '';
  });
  for (const [, , spec] of src.matchAll(REL)) specs.push(path.posix.join(path.posix.dirname(file), spec));
  for (const joined of specs) {
    const target = path.posix.normalize(joined);
    if (SOURCE_ONLY.has(target)) continue;
    // A URL built for a source run (`.ts`) or a data file named beside the module is not loaded by the build.
    if (target.endsWith('.ts') || !/\.(c|m)?js$/.test(target)) continue;
    visit(target, outside, file);
  }
  if (outside) for (const [, , name] of src.matchAll(BARE)) if (!name.startsWith('node')) packages.add(name);
};
for (const [file, outside] of roots) visit(file, outside, 'a loader by path');
const unpackedPackages = [...packages].filter((p) => !unpacked(`node_modules/${p}/package.json`));

console.log(`${packaged.size} files selected by electron-builder.yml's files (node_modules added by electron-builder)`);
console.log(`${seen.size} reached from ${roots.length} roots; ${[...seen].filter(([, o]) => o).length} loaded outside the archive`);
if (values.list) for (const f of [...packaged].sort()) console.log(`  ${unpacked(f) ? 'unpacked ' : ''}${f}`);
for (const m of missing) console.log(`missing: ${m}`);
for (const f of notUnpacked) console.log(`not unpacked, loaded outside the archive: ${f}`);
for (const p of unpackedPackages) console.log(`package imported outside the archive, not unpacked: ${p}`);
if (!existsSync(path.join(root, main))) console.log(`the entry ${main} is not built`);
process.exitCode = missing.length || notUnpacked.size || unpackedPackages.length ? 1 : 0;
