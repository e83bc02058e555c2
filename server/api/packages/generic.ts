/**
 * Gitea's generic registry under `/api/packages/{owner}/generic`: PUT uploads a file of a version (streamed to
 * its blob), GET and HEAD download it, DELETE removes a file or a whole version.
 */
import { route } from '../router/route.ts';
import { noContent } from '../router/respond.ts';
import type { ApiContext } from '../router/context.ts';
import { ownerOf, packageAccess } from '../guards/package.ts';
import { findVersion, openFile } from '../../services/packages/query.ts';
import { addFile, removeFile, removeVersion } from '../../services/packages/files.ts';
import { BadRequestError } from '../../lib/errors.ts';

const V = '/:owner/generic/:name/:version';
const F = `${V}/:filename`;

const NAME = /^[-_+.\w]+$/;
const FILENAME = /^[-_+=:;.()[\]{}~!@#$%^& \w]+$/;

/** Gitea's isValidPackageName: word characters and `-_+.`, not `..`, a single character only a letter or digit. */
const validName = (s: string): boolean => NAME.test(s) && s !== '..' && s !== '.' && !(s.length === 1 && !/^[\p{L}\p{N}]$/u.test(s));
const validFile = (s: string): boolean => FILENAME.test(s) && s.trim() === s && s !== '.' && s !== '..';

/** The name, version and file name of the path, checked as Gitea checks them (400 otherwise). */
function names(ctx: ApiContext<unknown, unknown>): { name: string; version: string; filename: string } {
  const { name = '', version = '', filename = '' } = ctx.params;
  if (!validName(name) || !validName(version)) throw new BadRequestError('invalid package name or version');
  if (filename && !validFile(filename)) throw new BadRequestError('invalid file name');
  return { name, version, filename };
}

const version = (ctx: ApiContext<unknown, unknown>) => {
  const n = names(ctx);
  return findVersion(ctx.app, ownerOf(ctx).owner.id, 'generic', n.name, n.version);
};

export const genericRoutes = [
  route({
    method: 'put', path: F, operationId: 'packages_generic_upload', access: 'public', scope: 'package', status: 201, guards: [packageAccess('write')],
    handler: async (ctx) => {
      const n = names(ctx);
      await addFile(ctx.app, { owner: ownerOf(ctx).owner, doer: ctx.doer!, type: 'generic', ...n }, ctx.req);
      ctx.res.status(201).end();
    },
  }),
  route({
    method: 'get', path: F, operationId: 'packages_generic_download', access: 'public', scope: 'package', status: 200, guards: [packageAccess('read')],
    handler: async (ctx) => {
      const { filename } = names(ctx);
      const f = await openFile(ctx.app, (await version(ctx)).version, filename);
      const res = ctx.res;
      res.status(200);
      res.setHeader('Content-Type', 'application/octet-stream');
      res.setHeader('Content-Length', String(f.blob.size));
      res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(f.file.name)}`);
      res.setHeader('ETag', `"${f.blob.sha256}"`);
      if (ctx.req.method === 'HEAD') {
        f.stream.destroy();
        res.end();
        return;
      }
      await new Promise<void>((resolve, reject) => {
        f.stream.on('error', reject);
        res.on('close', () => { f.stream.destroy(); resolve(); });
        f.stream.pipe(res);
      });
    },
  }),
  route({
    method: 'delete', path: F, operationId: 'packages_generic_delete_file', access: 'public', scope: 'package', status: 204, guards: [packageAccess('write')],
    handler: async (ctx) => {
      const { filename } = names(ctx);
      await removeFile(ctx.app, ctx.doer!, ownerOf(ctx).owner, (await version(ctx)).version, filename);
      noContent(ctx);
    },
  }),
  route({
    method: 'delete', path: V, operationId: 'packages_generic_delete', access: 'public', scope: 'package', status: 204, guards: [packageAccess('write')],
    handler: async (ctx) => {
      await removeVersion(ctx.app, ctx.doer!, ownerOf(ctx).owner, (await version(ctx)).version);
      noContent(ctx);
    },
  }),
];
