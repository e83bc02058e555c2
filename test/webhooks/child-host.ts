/** Runs the real host in a child process (`node --import tsx server/cli.ts`), so a test can SIGKILL it. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN } from '../helpers/host.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ChildHost {
  url: string;
  proc: ChildProcess;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts `npm start` on a data dir and port 0; resolves with the URL it prints. */
export function startChildHost(dataDir: string, env: Record<string, string> = {}): Promise<ChildHost> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--data', dataDir, '--port', '0'], {
    cwd: ROOT,
    env: { ...process.env, HOMEFORGE_ADMIN_USER: ADMIN.username, HOMEFORGE_ADMIN_PASSWORD: ADMIN.password, HOMEFORGE_ADMIN_EMAIL: ADMIN.email, HOMEFORGE__LOG__LEVEL: 'Error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    proc.stderr!.on('data', (c: Buffer) => { err += c.toString(); });
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1]!, proc, kill: async (signal) => { proc.kill(signal); await exited; } });
    });
    proc.once('exit', (code) => reject(new Error(`host exited with ${code}: ${err}`)));
  });
}
