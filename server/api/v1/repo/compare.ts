/** A commit's raw diff or patch, and the comparison of two revisions (JSON, or raw with `output=diff|patch`). */
import type { Response } from 'express';
import { route } from '../../router/route.ts';
import { json } from '../../router/respond.ts';
import { repoAccess, repoOf } from '../../guards/access.ts';
import { flag, queryString, wildcard } from './http-helpers.ts';
import { commitJson } from './commit-json.ts';
import { NotFoundError, ValidationError } from '../../../lib/errors.ts';
import { commitRawDiff, compareRawDiff, compareRevisions, type DiffWriter } from '../../../services/repository/diff.ts';
import { Compare } from '../../../structs/commit.ts';

const R = '/repos/:owner/:repo';
const read = [repoAccess('read', 'repo.code')];

/** Streams a raw diff as text/plain (never rendered by a browser). */
export async function sendRawDiff(res: Response, write: DiffWriter): Promise<void> {
  res.status(200).setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-cache');
  await write(res);
  res.end();
}

function diffType(v: string | undefined): 'diff' | 'patch' {
  if (v === 'diff' || v === 'patch') return v;
  throw new NotFoundError(`unknown diff type: ${v ?? ''}`);
}

/** `/git/commits/a..b` reaches the `.diff` route too: a range there is a bad commit reference (422), as on the commit route. */
function commitDiffType(sha: string, v: string | undefined): 'diff' | 'patch' {
  if (v === 'diff' || v === 'patch') return v;
  // `a..b` arrives as sha `a.` and type `b`: a range, not a commit. Any other suffix is an unknown diff type (404).
  if (sha.endsWith('.') || sha.includes('..')) throw new ValidationError(`${sha}.${v ?? ''} is not a valid commit reference.`);
  throw new NotFoundError(`unknown diff type: ${v ?? ''}`);
}

export const compareRoutes = [
  route({
    method: 'get', path: `${R}/git/commits/:sha.:diffType`, operationId: 'repoDownloadCommitDiffOrPatch', access: 'public', scope: 'repository', status: 200, guards: read,
    handler: async (ctx) => {
      const type = commitDiffType(ctx.params.sha ?? '', ctx.params.diffType);
      await sendRawDiff(ctx.res, await commitRawDiff(ctx.app, repoOf(ctx).repo, ctx.params.sha ?? '', type));
    },
  }),
  route({
    method: 'get', path: `${R}/compare/*basehead`, operationId: 'repoCompareDiff', access: 'public', scope: 'repository', response: Compare, guards: read,
    handler: async (ctx) => {
      const basehead = wildcard(ctx, 'basehead');
      const output = queryString(ctx, 'output');
      if (output) {
        await sendRawDiff(ctx.res, await compareRawDiff(ctx.app, repoOf(ctx).repo, basehead, diffType(output)));
        return;
      }
      const c = await compareRevisions(ctx.app, repoOf(ctx).repo, basehead, { changes: flag(ctx, 'files') || flag(ctx, 'stat') });
      json(ctx, 200, { total_commits: c.total, commits: c.views.map((v) => commitJson(ctx, v)) });
    },
  }),
];
