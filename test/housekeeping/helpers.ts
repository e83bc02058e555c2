/** A host for housekeeping tests, with a log that the tests read, and helpers to push and wait. */
import { createLogger } from '../../server/lib/log.ts';
import * as repoStore from '../../server/store/repos.ts';
import { ADMIN, createToken, request, startHost, type ApiResponse, type TestHost } from '../helpers/host.ts';
import { withCredentials } from '../helpers/git.ts';

export { ADMIN };

export interface HkHost {
  h: TestHost;
  token: string;
  lines: string[];
  hf(method: string, p: string): Promise<ApiResponse>;
  /** The push/clone URL of one of the admin's repositories, with the token in it. */
  url(name: string): string;
  /** The bare repository on disk. */
  gitDir(name: string): Promise<string>;
}

/** Starts a host with `settings` and an admin token; log lines at Info and above are kept in `lines`. */
export async function startHkHost(settings: Record<string, string> = {}): Promise<HkHost> {
  const lines: string[] = [];
  const h = await startHost({ settings, logger: createLogger('Info', (l) => lines.push(l)) });
  const token = await createToken(h, ADMIN.username, ADMIN.password);
  return {
    h, token, lines,
    hf: (method, p) => request(h.url, method, `/api/homeforge${p}`, { auth: token }),
    url: (name) => withCredentials(`${h.url}/${ADMIN.username}/${name}.git`, ADMIN.username, token),
    gitDir: async (name) => {
      const id = (await h.api('GET', `/repos/${ADMIN.username}/${name}`, { auth: token })).body?.id as number;
      const repo = await repoStore.getById(h.app.store, id);
      if (!repo) throw new Error(`no repository ${name}`);
      return repoStore.gitDirOf(h.app.store, repo);
    },
  };
}

/** Waits until `check` gives a value (polling), or fails naming `what`. */
export async function eventually<T>(check: () => Promise<T | undefined | false | null>, what: string, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until no housekeeping run holds or waits for the repository's lock. */
export async function upkeepIdle(k: HkHost, repoId: number): Promise<void> {
  await eventually(async () => !k.h.app.locks.isLocked(`housekeeping:${repoId}`), 'housekeeping to finish');
}
