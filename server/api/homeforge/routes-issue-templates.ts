/** The new-issue page's templates in one answer; the files that failed are listed for repository admins only (as Gitea's page does). */
import { route } from '../router/route.ts';
import { json } from '../router/respond.ts';
import { repoAccess, repoOf } from '../guards/access.ts';
import { NewIssueTemplates } from '../../structs/issue-template.ts';
import { issueTemplates } from '../../services/issue/templates/read.ts';
import { atLeast } from '../../services/permission/permissions.ts';

export const issueTemplateViewRoutes = [
  route({
    method: 'get', path: '/repos/:owner/:repo/issue_templates', operationId: 'homeforgeNewIssueTemplates', access: 'public', scope: 'repository', response: NewIssueTemplates,
    guards: [repoAccess('read', 'repo.code')],
    handler: async (ctx) => {
      const { repo, perm } = repoOf(ctx);
      const set = await issueTemplates(ctx.app, repo);
      const admin = atLeast(perm.mode, 'admin');
      const errors = admin ? [...set.errors, ...(set.configError ? [{ file_name: set.configFile, message: set.configError }] : [])] : [];
      json(ctx, 200, { templates: set.templates, default_template: set.fallback, config: set.config, errors });
    },
  }),
];
