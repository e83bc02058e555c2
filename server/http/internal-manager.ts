/**
 * The host's internal manager endpoint for command-line tools on the same machine (see `lib/control-file.ts`):
 * `POST /api/internal/manager/backup` runs a backup inside the running host, so the snapshot point holds its
 * pushes and writes, and streams the progress as JSON lines, the last one the result. Mounted before
 * authentication: the control token is its only credential.
 */
import express, { Router, type Response } from 'express';
import type { AppContext } from '../services/context.ts';
import type { Control } from '../lib/control-file.ts';
import { controlTokenMatches, MANAGER_BACKUP_PATH } from '../lib/control-file.ts';
import { startBackup } from '../services/backup/jobs.ts';
import { ConflictError } from '../lib/errors.ts';

const line = (res: Response, value: unknown): void => { res.write(`${JSON.stringify(value)}\n`); };

/** The router; `control` is read when a request comes (the host writes it once it listens). */
export function internalManagerRoutes(app: AppContext, control: () => Control | null): Router {
  const r = Router();
  r.post(MANAGER_BACKUP_PATH, express.json({ limit: '16kb' }), async (req, res) => {
    const c = control();
    const url = `${req.protocol}://${req.get('host') ?? ''}${req.originalUrl}`;
    if (!c || !controlTokenMatches(c, req.get('authorization'))) {
      res.status(401).json({ message: 'the control token is missing or wrong', url });
      return;
    }
    const body = (req.body ?? {}) as { out?: unknown; passphrase?: unknown };
    if (typeof body.out !== 'string' || !body.out) {
      res.status(422).json({ message: 'out: the archive path is required', url });
      return;
    }
    const passphrase = typeof body.passphrase === 'string' && body.passphrase ? body.passphrase : undefined;
    try {
      startBackup(app, app.backups, { trigger: 'cli', out: body.out, passphrase, onProgress: (p) => line(res, { progress: p }) });
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
      res.status(409).json({ message: err.message, url });
      return;
    }
    res.status(200).type('application/x-ndjson');
    const result = await app.backups.done;
    line(res, { result });
    res.end();
  });
  return r;
}
