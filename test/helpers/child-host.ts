/** Runs the real host in a child process (`node --import tsx server/cli.ts`) on a data dir, so a test can SIGKILL it. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN } from './host.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ChildHost {
  url: string;
  proc: ChildProcess;
  /** What the host wrote to stderr so far. */
  stderr(): string;
  /** Sends the signal and resolves when the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts the host on `dataDir` and port 0 with the first admin (ADMIN); resolves with the URL it prints. */
export function startChildHost(dataDir: string, env: Record<string, string> = {}, timeoutMs = 60_000): Promise<ChildHost> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--data', dataDir, '--port', '0'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOMEFORGE_ADMIN_USER: ADMIN.username,
      HOMEFORGE_ADMIN_PASSWORD: ADMIN.password,
      HOMEFORGE_ADMIN_EMAIL: ADMIN.email,
      HOMEFORGE__LOG__LEVEL: 'Error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exitedFlag = false;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => { exitedFlag = true; resolve(); }));
  let out = '';
  let err = '';
  proc.stderr!.on('data', (c: Buffer) => { err += c.toString(); });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { proc.kill('SIGKILL'); reject(new Error(`host did not start in ${timeoutMs} ms: ${err}`)); }, timeoutMs);
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        url: m[1]!,
        proc,
        stderr: () => err,
        kill: async (signal) => {
          if (!exitedFlag) proc.kill(signal);
          await exited;
        },
      });
    });
    proc.once('exit', (code, signal) => { clearTimeout(timer); reject(new Error(`host exited with ${code ?? signal}: ${err}`)); });
  });
}
