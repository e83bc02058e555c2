/**
 * The npm registry's documents (Gitea's modules/packages/npm and routers/api/packages/npm): the publish
 * document `npm publish` sends (one version, its tarball base64 in `_attachments`, checked against its
 * integrity), the package metadata document `npm install` reads, and dist-tags kept on the versions.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../context.ts';
import * as pkgStore from '../../store/packages.ts';
import type { PackageRecord, PackageVersionRecord } from '../../store/packages.ts';
import type { UserRecord } from '../../store/records.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { allVersions, filesOf } from './query.ts';
import { compareSemver, parseSemver } from './semver.ts';

const NAME = /^(@[a-z0-9-][a-z0-9-._]*\/)?[a-z0-9-][a-z0-9-._]*$/;

/** A package version as `npm publish` sends it, checked. */
export interface NpmUpload {
  name: string;
  version: string;
  distTags: string[];
  metadata: Record<string, unknown>;
  filename: string;
  data: Buffer;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const author = (v: unknown): string => (typeof v === 'string' ? v : str(obj(v).name));

/** Whether `name` is a valid npm package name (scoped or not). */
export const validNpmName = (name: string): boolean => name.length > 0 && name.length <= 214 && name.trim() === name && NAME.test(name);

/** Fields of a version kept as they came (what `npm install` reads from the metadata document). */
const KEPT = ['dependencies', 'devDependencies', 'peerDependencies', 'peerDependenciesMeta', 'optionalDependencies', 'bundleDependencies', 'bin', 'engines', 'os', 'cpu', 'directories', 'funding', 'deprecated', 'hasInstallScript', 'keywords', 'repository', 'license'];

/** Parses the publish document (Gitea's ParsePackage): 400 for a bad name, version, attachment or integrity. */
export function parseUpload(body: unknown): NpmUpload {
  const doc = obj(body);
  const meta = Object.values(obj(doc.versions)).map(obj)[0];
  if (!meta) throw new BadRequestError('package is invalid');
  const name = str(meta.name);
  if (!validNpmName(name) || name !== str(doc.name || name)) throw new BadRequestError('package name is invalid');
  const semver = parseSemver(str(meta.version));
  if (!semver) throw new BadRequestError('package version is invalid');
  const attachment = Object.values(obj(doc._attachments)).map(obj)[0];
  const b64 = str(attachment?.data);
  if (!b64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw new BadRequestError('package attachment is invalid');
  const data = Buffer.from(b64, 'base64');
  const [algo, want] = str(obj(meta.dist).integrity).split('-', 2);
  const hash = algo === 'sha512' || algo === 'sha1' ? createHash(algo).update(data).digest('base64') : null;
  if (!hash || hash !== want) throw new BadRequestError('failed to validate integrity');
  const [scope, bare] = name.includes('/') ? name.split('/', 2) as [string, string] : ['', name];
  const metadata: Obj = { scope, name: bare, description: str(meta.description), author: author(meta.author), homepage: str(meta.homepage), readme: str(meta.readme) || str(doc.readme) };
  for (const k of KEPT) if (meta[k] !== undefined) metadata[k] = meta[k];
  return { name, version: semver.text, distTags: Object.keys(obj(doc['dist-tags'])), metadata, filename: `${bare}-${semver.text}.tgz`.toLowerCase(), data };
}

/** Points `tag` at `version` (removing it from any other version of the package); `remove` only removes it. */
export async function setTag(app: AppContext, pkg: PackageRecord, tag: string, version: PackageVersionRecord | null): Promise<void> {
  if (!tag || parseSemver(tag) || tag.length > 255) throw new BadRequestError('The tag name is invalid');
  for (const v of await pkgStore.versionsOfPackage(app.store, pkg.id)) {
    if (v.tags.includes(tag) && v.id !== version?.id) await pkgStore.updateVersion(app.store, v.id, (r) => { r.tags = r.tags.filter((t) => t !== tag); });
  }
  if (version && !version.tags.includes(tag)) await pkgStore.updateVersion(app.store, version.id, (r) => { r.tags = [...r.tags, tag]; });
}

/** The dist-tags of a package: tag → version. */
export async function listTags(app: AppContext, pkg: PackageRecord): Promise<Record<string, string>> {
  const tags: Record<string, string> = {};
  for (const v of await pkgStore.versionsOfPackage(app.store, pkg.id)) for (const t of v.tags) tags[t] = v.version;
  return tags;
}

/** The version of a package that holds the tarball `filename`, or 404. */
export async function versionByFilename(app: AppContext, pkg: PackageRecord, filename: string): Promise<PackageVersionRecord> {
  for (const v of await pkgStore.versionsOfPackage(app.store, pkg.id)) {
    if (await pkgStore.getFileByName(app.store, v.id, filename)) return v;
  }
  throw new NotFoundError('package file does not exist');
}

const escapeName = (name: string): string => name.split('/').map(encodeURIComponent).join('/').replace(/^%40/, '@');
const iso = (s: string): string => new Date(s).toISOString();

async function versionDoc(app: AppContext, registry: string, owner: UserRecord, pkg: PackageRecord, v: PackageVersionRecord): Promise<Obj> {
  const m = v.metadata;
  const [file] = await filesOf(app, v);
  const dist = file
    ? { integrity: `sha512-${Buffer.from(file.blob.sha512, 'hex').toString('base64')}`, shasum: file.blob.sha1, tarball: `${registry}/${escapeName(pkg.name)}/-/${encodeURIComponent(file.file.lower_name)}` }
    : { integrity: '', shasum: '', tarball: '' };
  const doc: Obj = { _id: `${pkg.name}@${v.version}`, name: pkg.name, version: v.version, description: str(m.description), author: { name: str(m.author) } };
  if (str(m.homepage)) doc.homepage = m.homepage;
  for (const k of KEPT) if (m[k] !== undefined) doc[k] = m[k];
  return { ...doc, dist, maintainers: [{ name: owner.name }] };
}

/** The package metadata document (Gitea's createPackageMetadataResponse); 404 when the package has no version. */
export async function metadataDocument(app: AppContext, registry: string, owner: UserRecord, pkg: PackageRecord): Promise<Obj> {
  const versions = (await allVersions(app, pkg)).sort((a, b) => compareSemver(a.version, b.version));
  if (versions.length === 0) throw new NotFoundError('package does not exist');
  const docs: Obj = {};
  const time: Record<string, string> = {};
  const tags: Record<string, string> = {};
  let latest: PackageVersionRecord | undefined;
  for (const v of versions) {
    docs[v.version] = await versionDoc(app, registry, owner, pkg, v);
    time[v.version] = iso(v.created);
    for (const t of v.tags) {
      tags[t] = v.version;
      if (t === 'latest') latest = v;
    }
  }
  const created = versions.map((v) => v.created).sort();
  time.created = iso(created[0]!);
  time.modified = iso(created[created.length - 1]!);
  if (!latest) {
    // yarn and pnpm need a latest tag: the newest release, else the newest version.
    latest = [...versions].reverse().find((v) => !parseSemver(v.version)?.prerelease) ?? versions[versions.length - 1]!;
    tags.latest = latest.version;
  }
  const m = latest.metadata;
  const doc: Obj = {
    _id: pkg.name, name: pkg.name, description: str(m.description), 'dist-tags': tags, versions: docs, maintainers: [{ name: owner.name }], time, author: { name: str(m.author) },
  };
  if (str(m.readme)) doc.readme = m.readme;
  if (str(m.homepage)) doc.homepage = m.homepage;
  for (const k of ['keywords', 'repository', 'license']) if (m[k] !== undefined) doc[k] = m[k];
  return doc;
}
