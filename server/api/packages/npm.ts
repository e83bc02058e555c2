/**
 * Gitea's npm registry under `/api/packages/{owner}/npm`: the package metadata document, tarball downloads,
 * `npm publish` (PUT of the publish document), `npm unpublish` (the -rev routes), and dist-tags. Every path
 * exists for unscoped names (`name`, or `@scope%2fname` as npm escapes it) and scoped ones (`@scope/name`).
 */
import { Readable } from 'node:stream';
import { route } from '../router/route.ts';
import { json } from '../router/respond.ts';
import type { ApiContext } from '../router/context.ts';
import type { RouteDef } from '../router/route.ts';
import { ownerOf, packageAccess } from '../guards/package.ts';
import { findPackage, findVersion, openFile } from '../../services/packages/query.ts';
import { addFile, removePackage, removeVersion } from '../../services/packages/files.ts';
import { listTags, metadataDocument, parseUpload, setTag, validNpmName, versionByFilename } from '../../services/packages/npm.ts';
import { typeSizeLimit } from '../../services/packages/limits.ts';
import { parseSemver } from '../../services/packages/semver.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { readJson } from './body.ts';

const R = '/:owner/npm';
const read = [packageAccess('read')];
const write = [packageAccess('write')];

/** The package name of the path: `:scope/:id` or `:id` (npm sends `@scope%2fname`, which arrives decoded). */
function nameOf(ctx: ApiContext<unknown, unknown>): string {
  const { scope, id = '' } = ctx.params;
  const name = scope !== undefined ? `${scope}/${id}` : id;
  if (!validNpmName(name)) throw new NotFoundError('package does not exist');
  return name;
}

const registryUrl = (ctx: ApiContext<unknown, unknown>): string => `${ctx.baseUrl}/api/packages/${encodeURIComponent(ownerOf(ctx).owner.name)}/npm`;
const pkgOf = (ctx: ApiContext<unknown, unknown>) => findPackage(ctx.app, ownerOf(ctx).owner.id, 'npm', nameOf(ctx));

/** The route for both name forms: `:id` and `:scope/:id` in place of `{id}`. */
function both(def: Omit<RouteDef, 'path' | 'operationId'> & { path: string; operationId: string }): RouteDef[] {
  return [
    route({ ...def, path: def.path.replace('{id}', ':id') } as RouteDef),
    route({ ...def, path: def.path.replace('{id}', ':scope/:id'), operationId: `${def.operationId}_scoped` } as RouteDef),
  ];
}

async function sendTarball(ctx: ApiContext<unknown, unknown>): Promise<void> {
  const pkg = await pkgOf(ctx);
  const filename = ctx.params.filename ?? '';
  const f = await openFile(ctx.app, await versionByFilename(ctx.app, pkg, filename), filename);
  ctx.res.status(200).setHeader('Content-Type', 'application/octet-stream');
  ctx.res.setHeader('Content-Length', String(f.blob.size));
  await new Promise<void>((resolve, reject) => {
    f.stream.on('error', reject);
    ctx.res.on('close', () => { f.stream.destroy(); resolve(); });
    f.stream.pipe(ctx.res);
  });
}

async function publish(ctx: ApiContext<unknown, unknown>): Promise<void> {
  const limit = typeSizeLimit(ctx.app, 'npm');
  // The tarball travels base64 inside the JSON document: a third larger, plus the metadata (256 MiB without a limit).
  const body = await readJson(ctx.req, limit >= 0 ? Math.ceil(limit * 4 / 3) + 4 * 1024 * 1024 : 256 * 1024 * 1024);
  const upload = parseUpload(body);
  if (upload.name !== nameOf(ctx)) throw new BadRequestError('package name is invalid');
  const owner = ownerOf(ctx).owner;
  const { version } = await addFile(ctx.app, {
    owner, doer: ctx.doer!, type: 'npm', name: upload.name, version: upload.version, filename: upload.filename, metadata: upload.metadata, newVersionOnly: true,
  }, Readable.from([upload.data]));
  const pkg = await pkgOf(ctx);
  for (const tag of upload.distTags) await setTag(ctx.app, pkg, tag, (await findVersion(ctx.app, owner.id, 'npm', pkg.name, version.version)).version);
  json(ctx, 201, { ok: true });
}

const T = `${R}/-/package/{id}/dist-tags`;

export const npmRoutes: RouteDef[] = [
  ...both({
    method: 'get', path: T, operationId: 'packages_npm_dist_tags', access: 'public', scope: 'package', status: 200, guards: read,
    handler: async (ctx) => json(ctx, 200, await listTags(ctx.app, await pkgOf(ctx))),
  }),
  ...both({
    method: 'put', path: `${T}/:tag`, operationId: 'packages_npm_dist_tag_add', access: 'public', scope: 'package', status: 200, guards: write,
    handler: async (ctx) => {
      const pkg = await pkgOf(ctx);
      const body = await readJson(ctx.req, 64 * 1024);
      if (typeof body !== 'string') throw new BadRequestError('the body must be the version as a JSON string');
      const { version } = await findVersion(ctx.app, ownerOf(ctx).owner.id, 'npm', pkg.name, body);
      await setTag(ctx.app, pkg, ctx.params.tag ?? '', version);
      json(ctx, 200, { ok: true });
    },
  }),
  ...both({
    method: 'delete', path: `${T}/:tag`, operationId: 'packages_npm_dist_tag_delete', access: 'public', scope: 'package', status: 200, guards: write,
    handler: async (ctx) => {
      await setTag(ctx.app, await pkgOf(ctx), ctx.params.tag ?? '', null);
      json(ctx, 200, { ok: true });
    },
  }),
  ...both({
    method: 'get', path: `${R}/{id}/-/:filename`, operationId: 'packages_npm_tarball', access: 'public', scope: 'package', status: 200, guards: read,
    handler: sendTarball,
  }),
  ...both({
    method: 'delete', path: `${R}/{id}/-/:filename/-rev/:rev`, operationId: 'packages_npm_unpublish_version', access: 'public', scope: 'package', status: 200, guards: write,
    handler: async (ctx) => {
      const version = await versionByFilename(ctx.app, await pkgOf(ctx), ctx.params.filename ?? '');
      await removeVersion(ctx.app, ctx.doer!, ownerOf(ctx).owner, version);
      json(ctx, 200, { ok: true });
    },
  }),
  ...both({
    method: 'delete', path: `${R}/{id}/-rev/:rev`, operationId: 'packages_npm_unpublish', access: 'public', scope: 'package', status: 200, guards: write,
    handler: async (ctx) => {
      await removePackage(ctx.app, ctx.doer!, ownerOf(ctx).owner, await pkgOf(ctx));
      json(ctx, 200, { ok: true });
    },
  }),
  // npm sends the document without the version it unpublishes first; the tarball's DELETE that follows removes it.
  ...both({
    method: 'put', path: `${R}/{id}/-rev/:rev`, operationId: 'packages_npm_unpublish_preview', access: 'public', scope: 'package', status: 200, guards: write,
    handler: async (ctx) => {
      await pkgOf(ctx);
      json(ctx, 200, { ok: true });
    },
  }),
  route({
    method: 'get', path: `${R}/:id`, operationId: 'packages_npm_metadata', access: 'public', scope: 'package', status: 200, guards: read,
    handler: async (ctx) => json(ctx, 200, await metadataDocument(ctx.app, registryUrl(ctx), ownerOf(ctx).owner, await pkgOf(ctx))),
  }),
  // Two segments: a scoped package's document, or one version of an unscoped package.
  route({
    method: 'get', path: `${R}/:first/:second`, operationId: 'packages_npm_metadata_scoped', access: 'public', scope: 'package', status: 200, guards: read,
    handler: async (ctx) => {
      const { first = '', second = '' } = ctx.params;
      if (first.startsWith('@')) {
        ctx.params.scope = first;
        ctx.params.id = second;
        return json(ctx, 200, await metadataDocument(ctx.app, registryUrl(ctx), ownerOf(ctx).owner, await pkgOf(ctx)));
      }
      ctx.params.id = first;
      const doc = await metadataDocument(ctx.app, registryUrl(ctx), ownerOf(ctx).owner, await pkgOf(ctx));
      const tags = doc['dist-tags'] as Record<string, string>;
      const v = (doc.versions as Record<string, unknown>)[tags[second] ?? parseSemver(second)?.text ?? second];
      if (!v) throw new NotFoundError('package version does not exist');
      json(ctx, 200, v);
    },
  }),
  ...both({
    method: 'put', path: `${R}/{id}`, operationId: 'packages_npm_publish', access: 'public', scope: 'package', status: 201, guards: write,
    handler: publish,
  }),
];
