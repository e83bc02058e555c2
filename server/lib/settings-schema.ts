/** The settings Homeforge reads from app.ini, with Gitea's section and key names and their defaults. */
export type SettingKind = 'bool' | 'int' | 'string' | 'duration' | 'list' | 'enum';

export interface SettingSpec {
  kind: SettingKind;
  default: string;
  /** Allowed values for `enum`. */
  values?: readonly string[];
  /** Inclusive lower bound for `int`. */
  min?: number;
}

/** Every known key, as `SECTION.KEY` (section names lower case, as Gitea writes them). */
export const SETTINGS = {
  'server.HTTP_ADDR': { kind: 'string', default: '127.0.0.1' },
  'server.HTTP_PORT': { kind: 'int', default: '3000', min: 0 },
  'server.LAN_ACCESS': { kind: 'bool', default: 'false' },
  'server.ROOT_URL': { kind: 'string', default: '' },
  'api.DEFAULT_PAGING_NUM': { kind: 'int', default: '30', min: 1 },
  'api.MAX_RESPONSE_ITEMS': { kind: 'int', default: '50', min: 1 },
  'api.DEFAULT_GIT_TREES_PER_PAGE': { kind: 'int', default: '1000', min: 1 },
  'api.DEFAULT_MAX_BLOB_SIZE': { kind: 'int', default: '10485760', min: 0 },
  'api.DEFAULT_MAX_RESPONSE_SIZE': { kind: 'int', default: '104857600', min: 0 },
  'api.MAX_BODY_SIZE': { kind: 'int', default: '10485760', min: 1024 },
  'security.DISABLE_QUERY_AUTH_TOKEN': { kind: 'bool', default: 'false' },
  'security.REVERSE_PROXY_AUTHENTICATION_USER': { kind: 'string', default: 'X-WEBAUTH-USER' },
  'security.REVERSE_PROXY_AUTHENTICATION_EMAIL': { kind: 'string', default: 'X-WEBAUTH-EMAIL' },
  'security.REVERSE_PROXY_AUTHENTICATION_FULL_NAME': { kind: 'string', default: 'X-WEBAUTH-FULLNAME' },
  'security.REVERSE_PROXY_TRUSTED_PROXIES': { kind: 'list', default: '127.0.0.0/8,::1/128' },
  // Gitea's key: even administrators import local paths only when it is on. `[repository]` is read as well.
  'security.IMPORT_LOCAL_PATHS': { kind: 'bool', default: 'false' },
  'repository.IMPORT_LOCAL_PATHS': { kind: 'bool', default: 'false' },
  // Gitea's password rules, applied when a user sets a password: a minimum length and character classes
  // (off, or any of lower, upper, digit, spec).
  'security.MIN_PASSWORD_LENGTH': { kind: 'int', default: '8', min: 1 },
  'security.PASSWORD_COMPLEXITY': { kind: 'list', default: 'off' },
  'security.LOGIN_MAX_FAILURES': { kind: 'int', default: '10', min: 1 },
  'security.LOGIN_FAILURE_WINDOW': { kind: 'duration', default: '5m' },
  'session.SESSION_LIFE_TIME': { kind: 'int', default: '86400', min: 1 },
  'service.REQUIRE_SIGNIN_VIEW': { kind: 'bool', default: 'false' },
  'service.ENABLE_BASIC_AUTHENTICATION': { kind: 'bool', default: 'true' },
  'service.ENABLE_REVERSE_PROXY_AUTHENTICATION_API': { kind: 'bool', default: 'false' },
  'service.ENABLE_REVERSE_PROXY_AUTO_REGISTRATION': { kind: 'bool', default: 'false' },
  'service.ENABLE_REVERSE_PROXY_EMAIL': { kind: 'bool', default: 'false' },
  'service.ENABLE_REVERSE_PROXY_FULL_NAME': { kind: 'bool', default: 'false' },
  'service.DEFAULT_ALLOW_CREATE_ORGANIZATION': { kind: 'bool', default: 'true' },
  'service.ALLOW_CROSS_REPOSITORY_DEPENDENCIES': { kind: 'bool', default: 'true' },
  'service.AUTO_WATCH_NEW_REPOS': { kind: 'bool', default: 'true' },
  'service.AUTO_WATCH_ON_CHANGES': { kind: 'bool', default: 'false' },
  'service.DEFAULT_USER_VISIBILITY': { kind: 'enum', default: 'public', values: ['public', 'limited', 'private'] },
  'service.DEFAULT_ORG_VISIBILITY': { kind: 'enum', default: 'public', values: ['public', 'limited', 'private'] },
  'service.DEFAULT_ORG_MEMBER_VISIBLE': { kind: 'bool', default: 'false' },
  'admin.DISABLE_REGULAR_ORG_CREATION': { kind: 'bool', default: 'false' },
  'repository.DEFAULT_BRANCH': { kind: 'string', default: 'main' },
  'repository.DEFAULT_PRIVATE': { kind: 'enum', default: 'last', values: ['last', 'private', 'public'] },
  'repository.MAX_CREATION_LIMIT': { kind: 'int', default: '-1', min: -1 },
  'repository.DISABLE_HTTP_GIT': { kind: 'bool', default: 'false' },
  'repository.DISABLE_MIGRATIONS': { kind: 'bool', default: 'false' },
  'repository.DISABLE_STARS': { kind: 'bool', default: 'false' },
  // Gitea's [attachment]: uploads are on, each file at most MAX_SIZE MiB; release files of any type unless
  // [repository.release] ALLOWED_TYPES lists extensions or MIME types.
  'repository.release.ALLOWED_TYPES': { kind: 'list', default: '' },
  'repository.pull-request.RETARGET_CHILDREN_ON_MERGE': { kind: 'bool', default: 'true' },
  // Gitea's closing and reopening keywords before an issue reference (`fixes #1`) in commits and pull requests.
  'repository.pull-request.CLOSE_KEYWORDS': { kind: 'list', default: 'close,closes,closed,fix,fixes,fixed,resolve,resolves,resolved' },
  'repository.pull-request.REOPEN_KEYWORDS': { kind: 'list', default: 'reopen,reopens,reopened' },
  'cors.ENABLED': { kind: 'bool', default: 'false' },
  'cors.ALLOW_DOMAIN': { kind: 'list', default: '*' },
  'cors.METHODS': { kind: 'list', default: 'GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS' },
  'cors.MAX_AGE': { kind: 'duration', default: '10m' },
  'cors.ALLOW_CREDENTIALS': { kind: 'bool', default: 'false' },
  'cors.HEADERS': { kind: 'list', default: 'Content-Type,User-Agent' },
  'cors.X_FRAME_OPTIONS': { kind: 'string', default: 'SAMEORIGIN' },
  'webhook.DELIVER_TIMEOUT': { kind: 'int', default: '5', min: 1 },
  // Gitea's default: only global unicast addresses; the owner adds loopback, private, hosts or CIDRs knowingly.
  'webhook.ALLOWED_HOST_LIST': { kind: 'list', default: 'external' },
  'webhook.PAGING_NUM': { kind: 'int', default: '10', min: 1 },
  'webhook.QUEUE_LENGTH': { kind: 'int', default: '1000', min: 1 },
  // Homeforge: a failed delivery is sent again up to this many times (Gitea sends once), after RETRY_DELAY, then
  // four times as long after each further failure (capped at an hour); 0 turns retries off.
  'webhook.MAX_RETRIES': { kind: 'int', default: '3', min: 0 },
  'webhook.RETRY_DELAY': { kind: 'duration', default: '10s' },
  'cron.delete_old_system_and_webhook_tasks.ENABLED': { kind: 'bool', default: 'true' },
  'cron.delete_old_system_and_webhook_tasks.CLEANUP_TYPE': { kind: 'enum', default: 'OlderThan', values: ['OlderThan', 'PerWebhook'] },
  'cron.delete_old_system_and_webhook_tasks.OLDER_THAN': { kind: 'duration', default: '168h' },
  'cron.delete_old_system_and_webhook_tasks.NUMBER_TO_KEEP': { kind: 'int', default: '10', min: 0 },
  'mirror.ENABLED': { kind: 'bool', default: 'true' },
  'mirror.DISABLE_NEW_PULL': { kind: 'bool', default: 'false' },
  'mirror.DISABLE_NEW_PUSH': { kind: 'bool', default: 'false' },
  'mirror.MIN_INTERVAL': { kind: 'duration', default: '10m' },
  'mirror.DEFAULT_INTERVAL': { kind: 'duration', default: '8h' },
  'mirror.MAX_CONCURRENT': { kind: 'int', default: '4', min: 1 },
  // Scheduled backups (Homeforge's own section): how often, into which folder ('' = <data>/backups), how many kept.
  'backup.ENABLED': { kind: 'bool', default: 'false' },
  'backup.INTERVAL': { kind: 'duration', default: '24h' },
  'backup.FOLDER': { kind: 'string', default: '' },
  'backup.KEEP': { kind: 'int', default: '7', min: 1 },
  'migrations.ALLOWED_DOMAINS': { kind: 'list', default: '' },
  'migrations.BLOCKED_DOMAINS': { kind: 'list', default: '' },
  // Gitea's default: loopback and LAN sources are refused until the owner allows them.
  'migrations.ALLOW_LOCALNETWORKS': { kind: 'bool', default: 'false' },
  'git.timeout.MIRROR': { kind: 'int', default: '300', min: 1 },
  'git.timeout.MIGRATE': { kind: 'int', default: '600', min: 1 },
  'git.timeout.GC': { kind: 'int', default: '60', min: 1 },
  'git.GC_ARGS': { kind: 'string', default: '' },
  // Gitea's scheduled `git gc`. On by default here (Gitea's is off): a desktop host has no operator to turn it on,
  // and upkeep is what keeps clones cheap. SCHEDULE takes cron expressions, @daily-style names and `@every <duration>`.
  'cron.git_gc_repos.ENABLED': { kind: 'bool', default: 'true' },
  'cron.git_gc_repos.RUN_AT_START': { kind: 'bool', default: 'false' },
  'cron.git_gc_repos.SCHEDULE': { kind: 'string', default: '@every 72h' },
  'cron.git_gc_repos.TIMEOUT': { kind: 'duration', default: '60m' },
  'cron.git_gc_repos.ARGS': { kind: 'string', default: '' },
  'cron.repo_health_check.ENABLED': { kind: 'bool', default: 'true' },
  'cron.repo_health_check.RUN_AT_START': { kind: 'bool', default: 'false' },
  'cron.repo_health_check.SCHEDULE': { kind: 'string', default: '@midnight' },
  'cron.repo_health_check.TIMEOUT': { kind: 'duration', default: '60s' },
  'cron.repo_health_check.ARGS': { kind: 'string', default: '' },
  // Homeforge's own: light upkeep (geometric repack, multi-pack index and bitmap, commit-graph) after pushes,
  // once a repository has had no ref move for DEBOUNCE (at the latest 10 DEBOUNCE after the first); how many repositories are kept at once; the prune grace period.
  'housekeeping.AFTER_PUSH': { kind: 'bool', default: 'true' },
  'housekeeping.DEBOUNCE': { kind: 'duration', default: '30s' },
  'housekeeping.MAX_CONCURRENT': { kind: 'int', default: '1', min: 1 },
  'housekeeping.PRUNE_EXPIRE': { kind: 'string', default: '2.weeks.ago' },
  // Answers to clone requests kept on disk (MiB, 0 turns it off): a repeated clone is streamed from a file, no git run.
  'housekeeping.PACK_CACHE_SIZE': { kind: 'int', default: '512', min: 0 },
  // Gitea's [packages]: sizes are byte counts with an optional unit ("500 MiB", "1GB"); -1 is unlimited.
  'packages.ENABLED': { kind: 'bool', default: 'true' },
  'packages.LIMIT_TOTAL_OWNER_COUNT': { kind: 'int', default: '-1' },
  'packages.LIMIT_TOTAL_OWNER_SIZE': { kind: 'string', default: '-1' },
  'packages.LIMIT_SIZE_GENERIC': { kind: 'string', default: '-1' },
  'packages.LIMIT_SIZE_NPM': { kind: 'string', default: '-1' },
  // Gitea's issue reactions and attachments (sizes in MiB, as Gitea's MAX_SIZE; types as extensions or MIME patterns).
  'ui.REACTIONS': { kind: 'list', default: '+1, -1, laugh, hooray, confused, heart, rocket, eyes' },
  'attachment.ENABLED': { kind: 'bool', default: 'true' },
  'attachment.MAX_SIZE': { kind: 'int', default: '2048', min: 0 },
  'attachment.MAX_FILES': { kind: 'int', default: '5', min: 1 },
  'attachment.ALLOWED_TYPES': {
    kind: 'list',
    default: '.avif,.cpuprofile,.csv,.dmp,.docx,.fodg,.fodp,.fods,.fodt,.gif,.gz,.jpeg,.jpg,.json,.jsonc,.log,.md,.mov,.mp4,.odf,.odg,.odp,.ods,.odt,.patch,.pdf,.png,.pptx,.svg,.tgz,.txt,.webm,.webp,.xls,.xlsx,.zip',
  },
  // Gitea's [picture]: the largest avatar upload (bytes) and its largest width and height (pixels).
  'picture.AVATAR_MAX_FILE_SIZE': { kind: 'int', default: '1048576', min: 1 },
  'picture.AVATAR_MAX_WIDTH': { kind: 'int', default: '4096', min: 1 },
  'picture.AVATAR_MAX_HEIGHT': { kind: 'int', default: '4096', min: 1 },
  // Gitea's [actions]: on by default since 1.21; workflows come from the first of WORKFLOW_DIRS that exists.
  'actions.ENABLED': { kind: 'bool', default: 'true' },
  'actions.WORKFLOW_DIRS': { kind: 'list', default: '.gitea/workflows,.github/workflows' },
  'actions.LOG_MAX_SIZE': { kind: 'int', default: '16777216', min: 1024 },
  // Homeforge's built-in runner: off until the owner turns it on; a job's time limit unless its timeout-minutes is shorter.
  'actions.BUILTIN_RUNNER': { kind: 'bool', default: 'false' },
  'actions.BUILTIN_RUNNER_TIMEOUT': { kind: 'duration', default: '1h' },
  // Gitea's artifact retention (days; an upload may ask for fewer) and Homeforge's cap on one artifact's zip (MiB).
  'actions.ARTIFACT_RETENTION_DAYS': { kind: 'int', default: '90', min: 1 },
  'actions.ARTIFACT_MAX_SIZE': { kind: 'int', default: '1024', min: 1 },
  'log.LEVEL': { kind: 'enum', default: 'Info', values: ['Trace', 'Debug', 'Info', 'Warn', 'Error', 'None'] },
} as const satisfies Record<string, SettingSpec>;

export type SettingKey = keyof typeof SETTINGS;
