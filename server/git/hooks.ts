/**
 * The pre-receive hook Homeforge installs in every bare repository. It carries no address, port or secret:
 * receive-pack passes it a token for the one push through its environment, and the way back to the host: a
 * socket the host opened as receive-pack's file descriptor 3 (the hook writes the ref updates there and reads
 * the answer, with `sh` and `cat` only), or where a child cannot inherit it (Windows) the callback address,
 * which a small node client posts to. So a data dir moved elsewhere or a host started on another port never
 * leaves a stale hook behind. Without that environment (a git process the host runs for itself, or the desktop
 * user pushing to the directory by path) the hook allows the push. */
import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The environment variables the hook reads (set on the receive-pack child only). */
export const HOOK_ENV = {
  /** `check` when the host has a rule that may refuse this push; otherwise the hook exits at once. */
  mode: 'HOMEFORGE_HOOK_MODE',
  url: 'HOMEFORGE_HOOK_URL',
  token: 'HOMEFORGE_HOOK_TOKEN',
  node: 'HOMEFORGE_HOOK_NODE',
  /** A file the hook creates before anything else: the host sees that this push has passed its gate check. */
  mark: 'HOMEFORGE_HOOK_MARK',
  /** A file present while a backup fixes its snapshot point: the hook then calls back (and waits) even in `skip` mode. */
  gate: 'HOMEFORGE_HOOK_GATE',
  /** `3` when receive-pack holds the host's socket as file descriptor 3: the hook asks there, starting no node. */
  channel: 'HOMEFORGE_HOOK_CHANNEL',
} as const;

/** The file descriptor of the hook's channel to the host, as inherited through receive-pack. */
export const CHANNEL_FD = 3;

/** The git variables of the quarantine a pre-receive hook runs in (objects of the push not yet in the repository). */
export const QUARANTINE_VARS = ['GIT_OBJECT_DIRECTORY', 'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_QUARANTINE_PATH'] as const;

// A POSIX shell script: pushes that no rule can refuse cost one `sh`; pushes the host checks add one `cat`
// and a round trip on the inherited socket. The question: a line with the token, the three quarantine
// variables (a line each, empty when unset), the ref update lines as git gave them, and `end`. The answer:
// `allow`, or `refuse` and the message (until the host closes its side), printed by git as "remote: ...".
const E = (k: keyof typeof HOOK_ENV): string => `$${HOOK_ENV[k]}`;
const PRE_RECEIVE = `#!/bin/sh
# Installed by Homeforge; replaced at each start when it differs. Asks the running host whether the
# ref updates on stdin may happen; the host's answer is printed by git push as "remote: ...".
[ -z "${E('mark')}" ] || : > "${E('mark')}"
[ "${E('mode')}" = check ] || { [ -n "${E('gate')}" ] && [ -e "${E('gate')}" ]; } || exit 0
if [ "${E('channel')}" = ${CHANNEL_FD} ] && { true >&${CHANNEL_FD}; } 2>/dev/null; then
  {
    printf 'homeforge-pre-receive %s\\n' "${E('token')}"
    printf '%s\\n' "$GIT_OBJECT_DIRECTORY" "$GIT_ALTERNATE_OBJECT_DIRECTORIES" "$GIT_QUARANTINE_PATH"
    cat
    printf 'end\\n'
  } >&${CHANNEL_FD} || { echo 'the host could not check the push' >&2; exit 1; }
  IFS= read -r verdict <&${CHANNEL_FD} || verdict=
  [ "$verdict" = allow ] && exit 0
  if [ "$verdict" = refuse ]; then cat <&${CHANNEL_FD} >&2; else echo 'the host could not check the push' >&2; fi
  exit 1
fi
exec "${E('node')}" "$(dirname "$0")/homeforge-pre-receive.cjs"
`;

// The client where no channel is inherited: plain CommonJS with no dependency, run by the host's own node
// (or Electron as node), posting to the callback address.
const CLIENT = `'use strict';
// Installed by Homeforge: sends the ref updates of this push to the host and relays its answer.
const http = require('node:http');
const env = process.env;
const fail = (msg) => { process.stderr.write(msg + '\\n'); process.exit(1); };
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => { input += c; });
process.stdin.on('end', () => {
  const updates = input.split('\\n').filter(Boolean).map((l) => {
    const [oldSha, newSha, ref] = l.split(' ');
    return { oldSha, newSha, ref };
  });
  const quarantine = {};
  for (const k of ${JSON.stringify(QUARANTINE_VARS)}) if (env[k]) quarantine[k] = env[k];
  const body = JSON.stringify({ updates, quarantine });
  const req = http.request(env.${HOOK_ENV.url}, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Authorization: 'Bearer ' + env.${HOOK_ENV.token} },
  }, (res) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (c) => { text += c; });
    res.on('end', () => {
      let answer = null;
      try { answer = JSON.parse(text); } catch { answer = null; }
      if (res.statusCode === 200 && answer && answer.allow === true) process.exit(0);
      fail(answer && typeof answer.message === 'string' ? answer.message : 'the host refused the push (status ' + res.statusCode + ')');
    });
  });
  req.setTimeout(60000, () => req.destroy(new Error('no answer')));
  req.on('error', (e) => fail('the host could not check the push: ' + e.message));
  req.end(body);
});
`;

/** The files of the hooks directory Homeforge owns, with their content and mode (owner only: no one else may rewrite them). */
export const HOOK_FILES: readonly { name: string; content: string; mode: number }[] = [
  { name: 'pre-receive', content: PRE_RECEIVE, mode: 0o700 },
  { name: 'homeforge-pre-receive.cjs', content: CLIENT, mode: 0o600 },
];

async function current(file: string): Promise<{ content: string; mode: number } | null> {
  try {
    const [content, s] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    return { content, mode: s.mode & 0o777 };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Writes Homeforge's hooks into `gitDir/hooks`, replacing a file whose content or mode differs (atomically: a
 * push never runs half a hook). Returns how many files were written.
 */
export async function installHooks(gitDir: string): Promise<number> {
  const dir = path.join(gitDir, 'hooks');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let written = 0;
  for (const f of HOOK_FILES) {
    const file = path.join(dir, f.name);
    const now = await current(file);
    // On Windows modes are not kept: compare the content only there.
    if (now && now.content === f.content && (process.platform === 'win32' || now.mode === f.mode)) continue;
    const tmp = path.join(dir, `.${f.name}.tmp`);
    await writeFile(tmp, f.content, { mode: f.mode });
    await chmod(tmp, f.mode);
    await rename(tmp, file);
    written += 1;
  }
  return written;
}

/**
 * The quarantine variables a hook reported, kept only when every path lies inside `gitDir`'s objects
 * directory (where git puts them): a rule that reads the pushed objects runs git with these.
 */
export function quarantineEnv(gitDir: string, given: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!given || typeof given !== 'object') return out;
  const objects = path.resolve(gitDir, 'objects');
  const within = (p: string): boolean => {
    const full = path.resolve(gitDir, p);
    return full === objects || full.startsWith(objects + path.sep);
  };
  for (const k of QUARANTINE_VARS) {
    const v = (given as Record<string, unknown>)[k];
    if (typeof v !== 'string' || !v) continue;
    const inside = v.split(path.delimiter).every(within);
    if (inside) out[k] = v;
  }
  return out;
}
