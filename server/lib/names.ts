/** Gitea's naming rules for users, organizations and repositories. Names never carry a path separator. */

const RESERVED_USER_NAMES = new Set([
  '.', '..', '.well-known', 'admin', 'api', 'assets', 'attachments', 'avatar', 'avatars', 'captcha', 'commits',
  'debug', 'devtest', 'error', 'explore', 'favicon.ico', 'ghost', 'issues', 'login', 'manifest.json', 'metrics',
  'milestones', 'new', 'notifications', 'org', 'pulls', 'raw', 'repo', 'repo-avatars', 'robots.txt', 'search',
  'serviceworker.js', 'ssh_info', 'swagger.v1.json', 'user', 'v2', 'gitea-actions', 'homeforge',
]);
const RESERVED_USER_PATTERNS = [/\.keys$/, /\.gpg$/, /\.rss$/, /\.atom$/, /\.png$/];

const RESERVED_REPO_NAMES = new Set(['.', '..', '-']);
const RESERVED_REPO_PATTERNS = [/\.wiki$/, /\.git$/, /\.rss$/, /\.atom$/];

/** Gitea's username rule: letters, digits, '-', '_', '.'; starts and ends with a letter or digit; no two symbols in a row. */
const USERNAME = /^[\da-zA-Z](?:[\da-zA-Z]|[-_.](?=[\da-zA-Z]))*$/;
const REPONAME = /^[-\w.]+$/;

/** Why the user or organization name is not allowed, or null when it is. */
export function userNameProblem(name: string): string | null {
  if (!name) return 'name is empty';
  if (name.length > 40) return 'name is longer than 40 characters';
  const lower = name.toLowerCase();
  if (RESERVED_USER_NAMES.has(lower)) return `name is reserved [name: ${name}]`;
  if (RESERVED_USER_PATTERNS.some((p) => p.test(lower))) return `name pattern is not allowed [pattern: ${name}]`;
  if (!USERNAME.test(name)) return 'name may only contain letters, numbers, dashes, underscores and dots, and must start and end with a letter or number';
  return null;
}

/** Why the repository name is not allowed, or null when it is. */
export function repoNameProblem(name: string): string | null {
  if (!name) return 'name is empty';
  if (name.length > 100) return 'name is longer than 100 characters';
  const lower = name.toLowerCase();
  if (RESERVED_REPO_NAMES.has(lower)) return `name is reserved [name: ${name}]`;
  if (RESERVED_REPO_PATTERNS.some((p) => p.test(lower))) return `name pattern is not allowed [pattern: ${name}]`;
  if (!REPONAME.test(name)) return 'name may only contain letters, numbers, dashes, underscores and dots';
  return null;
}
