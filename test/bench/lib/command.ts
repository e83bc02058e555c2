/** Runs a command to the end, throwing with its output when it fails. */
import { spawn } from 'node:child_process';

/** Runs `cmd args` in `cwd`; resolves with stdout, rejects with stderr on a non-zero exit. */
export function runCommand(cmd: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { out += c.toString(); });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}: ${out.slice(-2000)}`))));
  });
}
