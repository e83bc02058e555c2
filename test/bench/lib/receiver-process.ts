/**
 * A webhook target in its own process (receiver-server.mjs): the host's delivery rate is then measured without the
 * target's HTTP parsing and memory on the host's main thread and heap, as a real target would be. Its CPU is read
 * from /proc so a report can still show what the target cost on the same cores.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { once } from 'node:events';
import { REPO_ROOT } from './proc.ts';
import { processCpuMs } from './thread-cpu.ts';

export interface ReceiverProcess {
  url: string;
  /** Resolves when the target has received at least `n` requests (rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  /** CPU milliseconds the target process has used so far (0 where /proc is missing). */
  cpuMs(): number;
  /** Sends every waiting answer now and stops delaying. */
  release(): Promise<void>;
  close(): Promise<void>;
}

type Message = { type: 'listening'; port: number } | { type: 'reached'; id: number } | { type: 'released' };

export async function startReceiverProcess(opts: { delayMs?: number } = {}): Promise<ReceiverProcess> {
  const child: ChildProcess = fork(path.join(REPO_ROOT, 'test/bench/lib/receiver-server.mjs'), ['--delay', String(opts.delayMs ?? 0)], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const waits = new Map<number, () => void>();
  let released: (() => void) | null = null;
  let nextId = 0;
  const listening = new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`receiver exited with ${code}`)));
    child.on('message', (m: Message) => {
      if (m.type === 'listening') resolve(m.port);
      else if (m.type === 'reached') { waits.get(m.id)?.(); waits.delete(m.id); }
      else if (m.type === 'released') released?.();
    });
  });
  const port = await listening;
  return {
    url: `http://127.0.0.1:${port}`,
    waitFor: (n, timeoutMs = 10_000) => new Promise<void>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => { waits.delete(id); reject(new Error(`receiver did not get ${n} requests in ${timeoutMs} ms`)); }, timeoutMs);
      waits.set(id, () => { clearTimeout(timer); resolve(); });
      child.send({ type: 'wait', n, id });
    }),
    cpuMs: () => (child.pid ? processCpuMs(child.pid) : 0),
    release: () => new Promise<void>((resolve) => { released = resolve; child.send({ type: 'release' }); }),
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
    },
  };
}
