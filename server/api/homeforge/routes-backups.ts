/** Backups of the whole host for site administrators: start one, follow its progress, list and download archives. */
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { route } from '../router/route.ts';
import { json } from '../router/respond.ts';
import { BackupOverview, CreateBackupOption, RunningBackup } from '../../structs/backup.ts';
import { archivePath, getBackupOverview, requestBackup } from '../../services/backup/index.ts';
import { setServeHeaders } from '../v1/repo/http-helpers.ts';

export const backupRoutes = [
  route({
    method: 'get', path: '/admin/backups', operationId: 'homeforgeListBackups', access: 'admin', scope: 'admin', response: BackupOverview,
    handler: async (ctx) => json(ctx, 200, await getBackupOverview(ctx.app)),
  }),
  route({
    method: 'post', path: '/admin/backups', operationId: 'homeforgeCreateBackup', access: 'admin', scope: 'admin', status: 202,
    body: CreateBackupOption, response: RunningBackup,
    handler: (ctx) => json(ctx, 202, requestBackup(ctx.app, ctx.body)),
  }),
  route({
    method: 'get', path: '/admin/backups/:name', operationId: 'homeforgeDownloadBackup', access: 'admin', scope: 'admin', status: 200,
    handler: async (ctx) => {
      const file = await archivePath(ctx.app, String(ctx.params.name));
      setServeHeaders(ctx, 'application/gzip', String(ctx.params.name), 'attachment');
      await pipeline(createReadStream(file), ctx.res);
    },
  }),
];
