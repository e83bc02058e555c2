/**
 * Hostile repositories, built with `git fast-import` in one process (async, so an in-process host keeps serving):
 * a symlink to a huge blob, a commit with a huge one-line message, a deep tree. All compress to a small push.
 */
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { GitSandbox } from '../helpers/git.ts';

export interface HostileSpec {
  /** Size of the blob behind the symlink `link64`. */
  linkBlobBytes: number;
  /** Length of the one-line message of the `huge-msg` branch's head commit. */
  messageBytes: number;
  /** Directory levels of the deep tree (`d/d/.../d/leaf.txt`). */
  depth: number;
}

/** The path of the deep tree's file for a depth. */
export const deepPath = (depth: number): string => `${'d/'.repeat(depth)}leaf.txt`;

/**
 * Makes a local repository at `dir` with branches `main` (symlink, deep tree) and `huge-msg`. The stream is
 * written by a shell (`head -c` of /dev/zero), so this process never holds the large bytes and its own
 * memory work cannot be mistaken for the host's.
 */
export async function buildHostileRepo(g: GitSandbox, dir: string, spec: HostileSpec): Promise<void> {
  await g.ok(['init', '-q', '-b', 'main', dir]);
  const who = 'Hostile <hostile@example.com> 1700000000 +0000';
  const deep = deepPath(spec.depth);
  const script = [
    'set -e',
    '{',
    `printf 'blob\nmark :1\ndata %d\n' ${spec.linkBlobBytes}`,
    `head -c ${spec.linkBlobBytes} /dev/zero | tr '\\0' '/'`,
    `printf '\ncommit refs/heads/main\nmark :2\ncommitter ${who}\ndata 16\nhostile objects\n'`,
    `printf 'M 100644 inline README.md\ndata 6\nhello\nM 120000 :1 link64\n'`,
    `printf 'M 100644 inline %s\ndata 5\ndeep\n' '${deep}'`,
    `printf '\ncommit refs/heads/huge-msg\ncommitter ${who}\ndata %d\n' ${spec.messageBytes}`,
    `head -c ${spec.messageBytes} /dev/zero | tr '\\0' 'm'`,
    `printf '\nfrom :2\nM 100644 inline second.txt\ndata 7\nsecond\n\n'`,
    '} | git fast-import --quiet',
  ].join('\n');
  await new Promise<void>((resolve, reject) => {
    const proc = spawn('bash', ['-c', script], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    proc.stderr.on('data', (c: Buffer) => { err += c.toString(); });
    proc.on('error', reject);
    proc.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`building the hostile repository failed: ${err}`))));
  });
}

/** Watches the event loop and answers how long it was blocked at most, in milliseconds. */
export function watchLoop(): { stop(): number } {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  return {
    stop: () => {
      h.disable();
      return h.max / 1e6;
    },
  };
}

/**
 * Sends `GET url` every 100 ms until stopped; answers how many were answered and the slowest answer (ms).
 * Shows that other requests are served while a hostile one runs.
 */
export function pingWhile(url: string): { stop(): Promise<{ answered: number; slowest: number }> } {
  let running = true;
  let answered = 0;
  let slowest = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.ok) answered++;
      } catch {
        // a kept-alive socket closed by the server as it was reused: the next ping opens a new one
      }
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { answered, slowest };
    },
  };
}
