/** /version and /settings/*: public facts about this host, in Gitea's shapes. */
import { route } from '../../router/route.ts';
import { json } from '../../router/respond.ts';
import { GITEA_COMPAT_VERSION } from '../../../lib/version.ts';
import { GeneralAPISettings, GeneralAttachmentSettings, GeneralRepoSettings, GeneralUISettings, ServerVersion } from '../../../structs/misc.ts';

export const miscRoutes = [
  route({
    method: 'get', path: '/version', operationId: 'getVersion', access: 'public', scope: null, response: ServerVersion,
    handler: (ctx) => json(ctx, 200, { version: GITEA_COMPAT_VERSION }),
  }),
  route({
    method: 'get', path: '/settings/api', operationId: 'getGeneralAPISettings', access: 'public', scope: null, response: GeneralAPISettings,
    handler: (ctx) => {
      const s = ctx.app.settings;
      json(ctx, 200, {
        max_response_items: s.int('api.MAX_RESPONSE_ITEMS'),
        default_paging_num: s.int('api.DEFAULT_PAGING_NUM'),
        default_git_trees_per_page: s.int('api.DEFAULT_GIT_TREES_PER_PAGE'),
        default_max_blob_size: s.int('api.DEFAULT_MAX_BLOB_SIZE'),
        default_max_response_size: s.int('api.DEFAULT_MAX_RESPONSE_SIZE'),
      });
    },
  }),
  route({
    method: 'get', path: '/settings/repository', operationId: 'getGeneralRepositorySettings', access: 'public', scope: null, response: GeneralRepoSettings,
    handler: (ctx) => {
      const s = ctx.app.settings;
      json(ctx, 200, {
        mirrors_disabled: !s.bool('mirror.ENABLED'),
        http_git_disabled: s.bool('repository.DISABLE_HTTP_GIT'),
        migrations_disabled: s.bool('repository.DISABLE_MIGRATIONS'),
        stars_disabled: s.bool('repository.DISABLE_STARS'),
        time_tracking_disabled: true,
        lfs_disabled: true,
      });
    },
  }),
  route({
    method: 'get', path: '/settings/ui', operationId: 'getGeneralUISettings', access: 'public', scope: null, response: GeneralUISettings,
    handler: (ctx) => json(ctx, 200, {
      default_theme: 'gitea-auto',
      allowed_reactions: ['+1', '-1', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes'],
      custom_emojis: ['git', 'gitea', 'codeberg', 'gitlab', 'github', 'gogs'],
    }),
  }),
  route({
    method: 'get', path: '/settings/attachment', operationId: 'getGeneralAttachmentSettings', access: 'public', scope: null, response: GeneralAttachmentSettings,
    // Gitea's values as configured: MAX_SIZE in MiB, ALLOWED_TYPES as written.
    handler: (ctx) => {
      const s = ctx.app.settings;
      json(ctx, 200, {
        enabled: s.bool('attachment.ENABLED'), allowed_types: s.string('attachment.ALLOWED_TYPES'),
        max_size: s.int('attachment.MAX_SIZE'), max_files: s.int('attachment.MAX_FILES'),
      });
    },
  }),
];
