/** Gitea's package API (`/packages/{owner}/...`): list, versions, latest, get, delete, files, link to a repository. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent, setPageHeaders } from '../../router/respond.ts';
import type { ApiContext } from '../../router/context.ts';
import { ListPackagesQuery, Package, PackageFile } from '../../../structs/package.ts';
import { toPackage, toPackageFile } from '../../../convert/package.ts';
import { ownerOf, packageAccess } from '../../guards/package.ts';
import {
  filesOf, findPackage, findVersion, latestVersion, linkToRepo, listOwnerVersions, listVersions, packageType, unlinkRepo, viewsOf,
} from '../../../services/packages/query.ts';
import { removePackage, removeVersion } from '../../../services/packages/files.ts';
import type { PackageRecord, PackageVersionRecord } from '../../../store/packages.ts';

const P = '/packages/:owner';
const N = `${P}/:type/:name`;

const read = [packageAccess('read')];
const write = [packageAccess('write')];

async function sendViews(ctx: ApiContext<unknown, unknown>, rows: { pkg: PackageRecord; version: PackageVersionRecord }[], total?: number): Promise<void> {
  const views = await viewsOf(ctx.app, ownerOf(ctx).owner, rows, ctx.doer);
  if (total !== undefined) setPageHeaders(ctx, total);
  json(ctx, 200, views.map((v) => toPackage(v, ctx.doer, ctx.baseUrl)));
}

const pkgOf = (ctx: ApiContext<unknown, unknown>) => findPackage(ctx.app, ownerOf(ctx).owner.id, packageType(ctx.params.type ?? ''), ctx.params.name ?? '');
const versionOf = (ctx: ApiContext<unknown, unknown>) =>
  findVersion(ctx.app, ownerOf(ctx).owner.id, packageType(ctx.params.type ?? ''), ctx.params.name ?? '', ctx.params.version ?? '');

export const packageRoutes = [
  route({
    method: 'get', path: P, operationId: 'listPackages', access: 'public', scope: 'package', query: ListPackagesQuery, response: z.array(Package), guards: read,
    handler: async (ctx) => {
      const { rows, total } = await listOwnerVersions(ctx.app, ownerOf(ctx).owner, { type: ctx.query.type, q: ctx.query.q }, ctx.paging);
      await sendViews(ctx, rows, total);
    },
  }),
  route({
    method: 'get', path: `${N}/-/latest`, operationId: 'getLatestPackageVersion', access: 'public', scope: 'package', response: Package, guards: read,
    handler: async (ctx) => {
      const pkg = await pkgOf(ctx);
      const [view] = await viewsOf(ctx.app, ownerOf(ctx).owner, [{ pkg, version: await latestVersion(ctx.app, pkg) }], ctx.doer);
      json(ctx, 200, toPackage(view!, ctx.doer, ctx.baseUrl));
    },
  }),
  route({
    method: 'post', path: `${N}/-/link/:repo_name`, operationId: 'linkPackage', access: 'signed-in', scope: 'package', status: 201, guards: write,
    handler: async (ctx) => {
      await linkToRepo(ctx.app, await pkgOf(ctx), ctx.params.repo_name ?? '');
      ctx.res.status(201).end();
    },
  }),
  route({
    method: 'post', path: `${N}/-/unlink`, operationId: 'unlinkPackage', access: 'signed-in', scope: 'package', status: 201, guards: write,
    handler: async (ctx) => {
      await unlinkRepo(ctx.app, await pkgOf(ctx));
      ctx.res.status(201).end();
    },
  }),
  route({
    method: 'get', path: N, operationId: 'listPackageVersions', access: 'public', scope: 'package', response: z.array(Package), guards: read,
    handler: async (ctx) => {
      const { rows, total } = await listVersions(ctx.app, await pkgOf(ctx), ctx.paging);
      await sendViews(ctx, rows, total);
    },
  }),
  route({
    method: 'delete', path: N, operationId: 'deletePackage', access: 'signed-in', scope: 'package', status: 204, guards: write,
    handler: async (ctx) => {
      await removePackage(ctx.app, ctx.doer!, ownerOf(ctx).owner, await pkgOf(ctx));
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: `${N}/:version`, operationId: 'getPackage', access: 'public', scope: 'package', response: Package, guards: read,
    handler: async (ctx) => {
      const [view] = await viewsOf(ctx.app, ownerOf(ctx).owner, [await versionOf(ctx)], ctx.doer);
      json(ctx, 200, toPackage(view!, ctx.doer, ctx.baseUrl));
    },
  }),
  route({
    method: 'delete', path: `${N}/:version`, operationId: 'deletePackageVersion', access: 'signed-in', scope: 'package', status: 204, guards: write,
    handler: async (ctx) => {
      await removeVersion(ctx.app, ctx.doer!, ownerOf(ctx).owner, (await versionOf(ctx)).version);
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: `${N}/:version/files`, operationId: 'listPackageFiles', access: 'public', scope: 'package', response: z.array(PackageFile), guards: read,
    handler: async (ctx) => {
      const files = await filesOf(ctx.app, (await versionOf(ctx)).version);
      json(ctx, 200, files.map((f) => toPackageFile(f.file, f.blob)));
    },
  }),
];
