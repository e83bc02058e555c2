/**
 * The npm registry against the real npm client: `npm publish` of an unscoped and a scoped package with a token
 * in a temporary `.npmrc`, `npm install` of both from a clean directory with an empty cache, dist-tags added,
 * listed and removed, `npm unpublish` of one version, and the package API seeing what npm published.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startHost, createToken, request, ADMIN, type TestHost } from '../helpers/host.ts';

const run = promisify(execFile);

let h: TestHost;
let token: string;
let work: string;
let registry: string;

/** Runs npm with a private user config and cache (nothing of the machine's npm setup is read or written). */
async function npm(args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  const env = {
    PATH: process.env.PATH ?? '', HOME: work, npm_config_userconfig: path.join(work, '.npmrc'), npm_config_cache: path.join(work, 'cache'),
    npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', npm_config_loglevel: 'warn',
  };
  try {
    return await run('npm', args, { cwd, env, timeout: 120_000 });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`npm ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, { cause: err });
  }
}

async function makePackage(name: string, version: string, body: string): Promise<string> {
  const dir = path.join(work, 'src', name.replace('/', '__'), version);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name, version, description: `the ${name} package`, main: 'index.js', license: 'MIT' }));
  await writeFile(path.join(dir, 'index.js'), body);
  return dir;
}

before(async () => {
  h = await startHost();
  token = await createToken(h, ADMIN.username, ADMIN.password, ['write:package', 'read:user']);
  work = await mkdtemp(path.join(tmpdir(), 'homeforge-npm-'));
  const host = new URL(h.url).host;
  registry = `${h.url}/api/packages/${ADMIN.username}/npm/`;
  await writeFile(path.join(work, '.npmrc'), [
    `registry=${registry}`,
    `@hf:registry=${registry}`,
    `//${host}/api/packages/${ADMIN.username}/npm/:_authToken=${token}`,
    '',
  ].join('\n'));
});

after(async () => {
  await h.stop();
  await rm(work, { recursive: true, force: true });
});

test('npm publish, then npm install from a clean directory, of a plain and a scoped package', { timeout: 300_000 }, async () => {
  await npm(['publish'], await makePackage('hf-plain', '1.0.0', 'module.exports = "plain 1.0.0";\n'));
  await npm(['publish'], await makePackage('hf-plain', '1.1.0', 'module.exports = "plain 1.1.0";\n'));
  await npm(['publish'], await makePackage('@hf/scoped', '2.0.0', 'module.exports = "scoped 2.0.0";\n'));

  // Publishing the same version again is refused.
  await assert.rejects(npm(['publish'], await makePackage('hf-plain', '1.0.0', 'module.exports = "again";\n')), /cannot publish over|400|already exists/);

  const app = path.join(work, 'app');
  await mkdir(app);
  await writeFile(path.join(app, 'package.json'), JSON.stringify({ name: 'app', version: '0.0.0', private: true }));
  await npm(['install', 'hf-plain@1.0.0', '@hf/scoped'], app);
  const out = await run(process.execPath, ['-e', 'console.log(require("hf-plain"), require("@hf/scoped"))'], { cwd: app });
  assert.equal(out.stdout.trim(), 'plain 1.0.0 scoped 2.0.0');
  const lock = JSON.parse(await readFile(path.join(app, 'package-lock.json'), 'utf8')) as { packages: Record<string, { resolved: string; integrity: string }> };
  assert.match(lock.packages['node_modules/@hf/scoped']!.resolved, /\/api\/packages\/root\/npm\/@hf\/scoped\/-\/scoped-2\.0\.0\.tgz$/);
  assert.match(lock.packages['node_modules/hf-plain']!.integrity, /^sha512-/);

  // Installing by name takes the latest tag: the last published version.
  await npm(['install', 'hf-plain@latest'], app);
  const again = await run(process.execPath, ['-e', 'console.log(require("hf-plain"))'], { cwd: app });
  assert.equal(again.stdout.trim(), 'plain 1.1.0');

  // The package API lists what npm published.
  const list = await h.api('GET', `/packages/${ADMIN.username}?type=npm`, { auth: token });
  assert.equal(list.status, 200);
  assert.deepEqual(list.body.map((p: { name: string; version: string }) => `${p.name}@${p.version}`).sort(), ['@hf/scoped@2.0.0', 'hf-plain@1.0.0', 'hf-plain@1.1.0']);
  const files = await h.api('GET', `/packages/${ADMIN.username}/npm/${encodeURIComponent('@hf/scoped')}/2.0.0/files`, { auth: token });
  assert.equal(files.status, 200);
  assert.equal(files.body[0].name, 'scoped-2.0.0.tgz');
});

test('dist-tags: add, list, install by tag, remove; anonymous writes are refused', { timeout: 300_000 }, async () => {
  const dir = path.join(work, 'app');
  await npm(['dist-tag', 'add', 'hf-plain@1.0.0', 'stable'], dir);
  const ls = await npm(['dist-tag', 'ls', 'hf-plain'], dir);
  assert.match(ls.stdout, /latest: 1\.1\.0/);
  assert.match(ls.stdout, /stable: 1\.0\.0/);
  const tags = await request(h.url, 'GET', `/api/packages/${ADMIN.username}/npm/-/package/hf-plain/dist-tags`);
  assert.deepEqual(tags.body, { latest: '1.1.0', stable: '1.0.0' });
  await npm(['install', 'hf-plain@stable'], dir);
  const out = await run(process.execPath, ['-e', 'console.log(require("hf-plain"))'], { cwd: dir });
  assert.equal(out.stdout.trim(), 'plain 1.0.0');
  await npm(['dist-tag', 'rm', 'hf-plain', 'stable'], dir);
  assert.deepEqual((await request(h.url, 'GET', `/api/packages/${ADMIN.username}/npm/-/package/hf-plain/dist-tags`)).body, { latest: '1.1.0' });
  // A semantic version is no tag name; an anonymous caller may not tag.
  const bad = await request(h.url, 'PUT', `/api/packages/${ADMIN.username}/npm/-/package/hf-plain/dist-tags/1.2.3`, { auth: token, body: '1.0.0' });
  assert.equal(bad.status, 400);
  const anon = await request(h.url, 'PUT', `/api/packages/${ADMIN.username}/npm/-/package/hf-plain/dist-tags/beta`, { body: '1.0.0' });
  assert.equal(anon.status, 401);
  assert.match(anon.headers.get('www-authenticate') ?? '', /^Basic/);
});

test('npm unpublish removes one version, then the whole package', { timeout: 300_000 }, async () => {
  const dir = path.join(work, 'app');
  await npm(['unpublish', 'hf-plain@1.0.0'], dir);
  const meta = await request(h.url, 'GET', `/api/packages/${ADMIN.username}/npm/hf-plain`);
  assert.equal(meta.status, 200);
  assert.deepEqual(Object.keys(meta.body.versions), ['1.1.0']);
  await npm(['unpublish', 'hf-plain', '--force'], dir);
  assert.equal((await request(h.url, 'GET', `/api/packages/${ADMIN.username}/npm/hf-plain`)).status, 404);
  assert.equal((await h.api('GET', `/packages/${ADMIN.username}/npm/hf-plain`, { auth: token })).status, 404);
});
