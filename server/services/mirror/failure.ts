/**
 * git's complaints about a remote, in words a user can act on. git says `could not read Username ...:
 * terminal prompts disabled` when a source wants credentials the job does not have, and `returned error: 401`
 * when it refuses them; redirects are not followed (a redirect could lead past the address check), so a
 * source that answers with one says so. The credentials never appear: git's text carries none (they travel in
 * the environment) and the worker masks them besides.
 */

const AUTH = /could not read (Username|Password)|terminal prompts disabled|Authentication failed|returned error: 40[13]\b/i;
const REDIRECT = /returned error: (30[12378])\b/;

/** True when git's text says the source refused or wanted credentials. */
export const isAuthFailure = (gitText: string): boolean => AUTH.test(gitText);

/** What a migration answers when git fails (a 422 message). */
export function migrationFailure(gitText: string): string {
  if (isAuthFailure(gitText)) {
    return 'Authentication failed: the source refused the credentials or needs some; give auth_username and auth_password, or auth_token.';
  }
  const redirect = REDIRECT.exec(gitText);
  if (redirect) return `Migration failed: the source answered with a redirect (HTTP ${redirect[1]}), which is not followed; migrate from the address it redirects to.`;
  return `Migration failed: ${gitText}.`;
}

/**
 * A scheduled sync whose address the host's settings now refuse (for instance a LAN upstream after local
 * networks became off by default): say which settings an administrator can change.
 */
function refusedBySettings(text: string): string | null {
  if (text === 'You can not import from disallowed hosts.') {
    return 'The host\'s settings refuse this address: loopback and LAN addresses need [migrations] ALLOW_LOCALNETWORKS '
      + '(or the host in ALLOWED_DOMAINS), and BLOCKED_DOMAINS always wins. An administrator can change them in host settings.';
  }
  if (text === 'You are not allowed to import local repositories.') {
    return 'The host\'s settings refuse local paths: an administrator can turn on [security] IMPORT_LOCAL_PATHS in host settings.';
  }
  return null;
}

/** The last error of a pull mirror of `fullName` (owner/repo). */
export function pullMirrorFailure(gitText: string, fullName: string): string {
  const refused = refusedBySettings(gitText);
  if (refused) return refused;
  if (isAuthFailure(gitText)) {
    return `Authentication failed at the source: it refused this mirror's credentials, or asks for credentials the mirror does not have. `
      + `Rotate them with PATCH /api/v1/repos/${fullName} and mirror_username with mirror_password, or mirror_token.`;
  }
  const redirect = REDIRECT.exec(gitText);
  if (redirect) return `The source answered with a redirect (HTTP ${redirect[1]}), which is not followed; mirror the address it redirects to instead.`;
  return gitText;
}

/** The last error of a push mirror of `fullName`. */
export function pushMirrorFailure(gitText: string, fullName: string): string {
  const refused = refusedBySettings(gitText);
  if (refused) return refused;
  if (isAuthFailure(gitText)) {
    return `Authentication failed at the push mirror's remote: it refused the credentials, or asks for some. `
      + `Replace the push mirror with new credentials (DELETE, then POST /api/v1/repos/${fullName}/push_mirrors).`;
  }
  const redirect = REDIRECT.exec(gitText);
  if (redirect) return `The remote answered with a redirect (HTTP ${redirect[1]}), which is not followed; push to the address it redirects to instead.`;
  return gitText;
}
