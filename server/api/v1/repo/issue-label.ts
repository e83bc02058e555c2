/** Labels (Gitea's repo/label.go, org/label.go, repo/issue_label.go): repository and organization labels, an issue's labels. */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent, paged } from '../../router/respond.ts';
import { orgAccess, orgOf, repoOf } from '../../guards/access.ts';
import { CreateLabelOption, EditLabelOption, IssueLabelsOption, Label } from '../../../structs/issue-label.ts';
import { createLabel, deleteLabel, editLabel, getLabel, labelsByIds, listLabels } from '../../../services/issue/labels.ts';
import { changeLabels, getIssue } from '../../../services/issue/issues.ts';
import { toLabel } from '../../../convert/issue.ts';
import { idOf, indexOf, issuesComment, issuesOrPullsRead, issuesOrPullsWrite, issuesRead, labelJson, scopeOf } from './issue-helpers.ts';
import type { ApiContext } from '../../router/context.ts';

const R = '/repos/:owner/:repo';
const O = '/orgs/:org/labels';
const orgLabel = (ctx: ApiContext<unknown, unknown>, l: Parameters<typeof toLabel>[0]) => toLabel(l, orgOf(ctx).org, null, ctx.baseUrl);
const issueLabels = async (ctx: ApiContext<unknown, unknown>, ids: number[]) => (await labelsByIds(ctx.app, ids)).map((l) => labelJson(ctx, l));

export const issueLabelRoutes = [
  route({
    method: 'get', path: `${R}/labels`, operationId: 'issueListLabels', access: 'public', scope: 'issue', response: z.array(Label), guards: issuesOrPullsRead,
    handler: async (ctx) => paged(ctx, await listLabels(ctx.app, { repoId: repoOf(ctx).repo.id }), (l) => labelJson(ctx, l)),
  }),
  route({
    method: 'post', path: `${R}/labels`, operationId: 'issueCreateLabel', access: 'signed-in', scope: 'issue', body: CreateLabelOption, response: Label, status: 201, guards: issuesOrPullsWrite,
    handler: async (ctx) => json(ctx, 201, labelJson(ctx, await createLabel(ctx.app, { repoId: repoOf(ctx).repo.id }, ctx.body))),
  }),
  route({
    method: 'get', path: `${R}/labels/:id`, operationId: 'issueGetLabel', access: 'public', scope: 'issue', response: Label, guards: issuesOrPullsRead,
    handler: async (ctx) => json(ctx, 200, labelJson(ctx, await getLabel(ctx.app, { repoId: repoOf(ctx).repo.id }, idOf(ctx)))),
  }),
  route({
    method: 'patch', path: `${R}/labels/:id`, operationId: 'issueEditLabel', access: 'signed-in', scope: 'issue', body: EditLabelOption, response: Label, guards: issuesOrPullsWrite,
    handler: async (ctx) => json(ctx, 200, labelJson(ctx, await editLabel(ctx.app, { repoId: repoOf(ctx).repo.id }, idOf(ctx), ctx.body))),
  }),
  route({
    method: 'delete', path: `${R}/labels/:id`, operationId: 'issueDeleteLabel', access: 'signed-in', scope: 'issue', status: 204, guards: issuesOrPullsWrite,
    handler: async (ctx) => {
      await deleteLabel(ctx.app, { repoId: repoOf(ctx).repo.id }, idOf(ctx));
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: `${R}/issues/:index/labels`, operationId: 'issueGetLabels', access: 'public', scope: 'issue', response: z.array(Label), guards: issuesRead,
    handler: async (ctx) => json(ctx, 200, await issueLabels(ctx, (await getIssue(ctx.app, repoOf(ctx).repo.id, indexOf(ctx))).label_ids)),
  }),
  route({
    method: 'post', path: `${R}/issues/:index/labels`, operationId: 'issueAddLabel', access: 'signed-in', scope: 'issue', body: IssueLabelsOption, response: z.array(Label), guards: issuesComment,
    handler: async (ctx) => json(ctx, 200, await issueLabels(ctx, (await changeLabels(ctx.app, scopeOf(ctx), indexOf(ctx), 'add', ctx.body.labels ?? [])).label_ids)),
  }),
  route({
    method: 'put', path: `${R}/issues/:index/labels`, operationId: 'issueReplaceLabels', access: 'signed-in', scope: 'issue', body: IssueLabelsOption, response: z.array(Label), guards: issuesComment,
    handler: async (ctx) => json(ctx, 200, await issueLabels(ctx, (await changeLabels(ctx.app, scopeOf(ctx), indexOf(ctx), 'replace', ctx.body.labels ?? [])).label_ids)),
  }),
  route({
    method: 'delete', path: `${R}/issues/:index/labels`, operationId: 'issueClearLabels', access: 'signed-in', scope: 'issue', status: 204, guards: issuesComment,
    handler: async (ctx) => {
      await changeLabels(ctx.app, scopeOf(ctx), indexOf(ctx), 'clear');
      noContent(ctx);
    },
  }),
  route({
    method: 'delete', path: `${R}/issues/:index/labels/:id`, operationId: 'issueRemoveLabel', access: 'signed-in', scope: 'issue', status: 204, guards: issuesComment,
    handler: async (ctx) => {
      await changeLabels(ctx.app, scopeOf(ctx), indexOf(ctx), 'remove', [idOf(ctx)]);
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: O, operationId: 'orgListLabels', access: 'public', scope: 'organization', response: z.array(Label), guards: [orgAccess('visible')],
    handler: async (ctx) => paged(ctx, await listLabels(ctx.app, { orgId: orgOf(ctx).org.id }), (l) => orgLabel(ctx, l)),
  }),
  route({
    method: 'post', path: O, operationId: 'orgCreateLabel', access: 'signed-in', scope: 'organization', body: CreateLabelOption, response: Label, status: 201, guards: [orgAccess('owner')],
    handler: async (ctx) => json(ctx, 201, orgLabel(ctx, await createLabel(ctx.app, { orgId: orgOf(ctx).org.id }, ctx.body))),
  }),
  route({
    method: 'get', path: `${O}/:id`, operationId: 'orgGetLabel', access: 'public', scope: 'organization', response: Label, guards: [orgAccess('visible')],
    handler: async (ctx) => json(ctx, 200, orgLabel(ctx, await getLabel(ctx.app, { orgId: orgOf(ctx).org.id }, idOf(ctx)))),
  }),
  route({
    method: 'patch', path: `${O}/:id`, operationId: 'orgEditLabel', access: 'signed-in', scope: 'organization', body: EditLabelOption, response: Label, guards: [orgAccess('owner')],
    handler: async (ctx) => json(ctx, 200, orgLabel(ctx, await editLabel(ctx.app, { orgId: orgOf(ctx).org.id }, idOf(ctx), ctx.body))),
  }),
  route({
    method: 'delete', path: `${O}/:id`, operationId: 'orgDeleteLabel', access: 'signed-in', scope: 'organization', status: 204, guards: [orgAccess('owner')],
    handler: async (ctx) => {
      await deleteLabel(ctx.app, { orgId: orgOf(ctx).org.id }, idOf(ctx));
      noContent(ctx);
    },
  }),
];
