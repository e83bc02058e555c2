/** Locking and pinning issues (Gitea's repo/issue_lock.go, repo/issue_pin.go). */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent } from '../../router/respond.ts';
import { repoOf } from '../../guards/access.ts';
import { Issue } from '../../../structs/issue.ts';
import { listPinned, setLocked, setPin } from '../../../services/issue/pin-lock.ts';
import { indexOf, issueJson, issuesComment, issuesRead, scopeOf } from './issue-helpers.ts';

const R = '/repos/:owner/:repo/issues';
const LockIssueOption = z.object({ lock_reason: z.string().optional() }).meta({ id: 'LockIssueOption' });

export const issuePinLockRoutes = [
  route({
    method: 'get', path: `${R}/pinned`, operationId: 'repoListPinnedIssues', access: 'public', scope: 'issue', response: z.array(Issue), guards: issuesRead,
    handler: async (ctx) => json(ctx, 200, await Promise.all((await listPinned(ctx.app, repoOf(ctx).repo.id, false)).map((r) => issueJson(ctx, r)))),
  }),
  route({
    method: 'put', path: `${R}/:index/lock`, operationId: 'issueLockIssue', access: 'signed-in', scope: 'issue', body: LockIssueOption, status: 204, guards: issuesComment,
    handler: async (ctx) => {
      await setLocked(ctx.app, scopeOf(ctx), indexOf(ctx), true, ctx.body.lock_reason ?? '');
      noContent(ctx);
    },
  }),
  route({
    method: 'delete', path: `${R}/:index/lock`, operationId: 'issueUnlockIssue', access: 'signed-in', scope: 'issue', status: 204, guards: issuesComment,
    handler: async (ctx) => {
      await setLocked(ctx.app, scopeOf(ctx), indexOf(ctx), false);
      noContent(ctx);
    },
  }),
  route({
    method: 'post', path: `${R}/:index/pin`, operationId: 'pinIssue', access: 'signed-in', scope: 'issue', status: 204, guards: issuesComment,
    handler: async (ctx) => {
      await setPin(ctx.app, scopeOf(ctx), indexOf(ctx), 'pin');
      noContent(ctx);
    },
  }),
  route({
    method: 'delete', path: `${R}/:index/pin`, operationId: 'unpinIssue', access: 'signed-in', scope: 'issue', status: 204, guards: issuesComment,
    handler: async (ctx) => {
      await setPin(ctx.app, scopeOf(ctx), indexOf(ctx), 'unpin');
      noContent(ctx);
    },
  }),
  route({
    method: 'patch', path: `${R}/:index/pin/:position`, operationId: 'moveIssuePin', access: 'signed-in', scope: 'issue', status: 204, guards: issuesComment,
    handler: async (ctx) => {
      await setPin(ctx.app, scopeOf(ctx), indexOf(ctx), 'move', Number(ctx.params.position));
      noContent(ctx);
    },
  }),
];
