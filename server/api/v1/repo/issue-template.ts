/** A repository's issue templates and issue config (Gitea's GetIssueTemplates, GetIssueConfig, ValidateIssueConfig). */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json } from '../../router/respond.ts';
import { repoAccess, repoOf } from '../../guards/access.ts';
import { IssueConfig, IssueConfigValidation, IssueTemplate } from '../../../structs/issue-template.ts';
import { issueTemplates } from '../../../services/issue/templates/read.ts';

const R = '/repos/:owner/:repo';
// The files come from the code tree: Gitea asks for a reader of the code unit (reqRepoReader(unit.TypeCode)).
const codeRead = [repoAccess('read', 'repo.code')];

export const issueTemplateRoutes = [
  route({
    method: 'get', path: `${R}/issue_templates`, operationId: 'repoGetIssueTemplates', access: 'public', scope: 'repository', response: z.array(IssueTemplate), guards: codeRead,
    handler: async (ctx) => {
      const set = await issueTemplates(ctx.app, repoOf(ctx).repo);
      // Gitea leaves invalid files out and only counts them in a warning header
      if (set.errors.length) ctx.res.append('X-Gitea-Warning', `error occurs when parsing issue template: count=${set.errors.length}`);
      json(ctx, 200, set.templates);
    },
  }),
  route({
    method: 'get', path: `${R}/issue_config`, operationId: 'repoGetIssueConfig', access: 'public', scope: 'repository', response: IssueConfig, guards: codeRead,
    handler: async (ctx) => json(ctx, 200, (await issueTemplates(ctx.app, repoOf(ctx).repo)).config),
  }),
  route({
    method: 'get', path: `${R}/issue_config/validate`, operationId: 'repoValidateIssueConfig', access: 'public', scope: 'repository', response: IssueConfigValidation, guards: codeRead,
    handler: async (ctx) => {
      const { configError } = await issueTemplates(ctx.app, repoOf(ctx).repo);
      json(ctx, 200, { valid: configError === '', message: configError });
    },
  }),
];
