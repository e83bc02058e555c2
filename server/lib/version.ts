/** Versions this host reports. Gitea API clients compare the version to decide what they may call. */
export const HOMEFORGE_VERSION = '0.1.0';
/** The Gitea release whose API we match; clients (tea, gitea-js users) gate features on it. */
export const GITEA_COMPAT_VERSION = `1.26.3+homeforge-${HOMEFORGE_VERSION}`;
