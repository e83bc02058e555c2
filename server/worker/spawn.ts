/** The main thread's handle on the worker: start it, send jobs, hear results, stop it. */
import { Worker } from 'node:worker_threads';
import { EventEmitter } from 'node:events';
import type { FromWorker, ToWorker } from './protocol.ts';

export interface WorkerHandle {
  send(msg: ToWorker): void;
  on(listener: (msg: FromWorker) => void): () => void;
  /** Resolves when the worker answers (used by tests and health checks). */
  ping(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the worker thread; from source (.ts) it goes through a small tsx bootstrap. */
export function startWorker(): WorkerHandle {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './index.ts' : './index.js', import.meta.url);
  const worker = fromSource
    ? new Worker(new URL('./boot.mjs', import.meta.url), { workerData: { entry: entry.href } })
    : new Worker(entry);
  const events = new EventEmitter();
  let nextPing = 1;
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) => worker.once('exit', () => { exited = true; resolve(); }));
  worker.on('message', (msg: FromWorker) => events.emit('message', msg));
  worker.on('error', (err) => events.emit('error', err));
  return {
    send: (msg) => { if (!exited) worker.postMessage(msg); },
    on: (listener) => {
      events.on('message', listener);
      return () => events.off('message', listener);
    },
    ping: () => new Promise((resolve, reject) => {
      const id = nextPing++;
      const off = (): void => { events.off('message', onMsg); };
      const onMsg = (m: FromWorker): void => { if (m.type === 'pong' && m.id === id) { off(); resolve(); } };
      events.on('message', onMsg);
      if (exited) { off(); reject(new Error('worker has exited')); return; }
      worker.postMessage({ type: 'ping', id } satisfies ToWorker);
    }),
    stop: async () => {
      if (exited) return;
      worker.postMessage({ type: 'stop' } satisfies ToWorker);
      const timer = setTimeout(() => { void worker.terminate(); }, 5000);
      await exitedPromise;
      clearTimeout(timer);
    },
  };
}
