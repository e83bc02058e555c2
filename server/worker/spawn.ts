/** The main thread's handle on the worker: start it (on first use), send jobs, hear results, stop it. */
import { Worker } from 'node:worker_threads';
import { EventEmitter } from 'node:events';
import type { FromWorker, ToWorker } from './protocol.ts';
import { reassertYoungGeneration } from '../lib/young-generation.ts';

export interface WorkerHandle {
  /** Sends a message, starting the worker first when it has not started yet. */
  send(msg: ToWorker): void;
  on(listener: (msg: FromWorker) => void): () => void;
  /** Starts the worker if it has not started yet (it then asks for delivery jobs by itself). */
  wake(): void;
  /** Resolves when the worker answers (used by tests and health checks); starts it when needed. */
  ping(): Promise<void>;
  stop(): Promise<void>;
}

/** Inside the packaged app the worker lies unpacked beside the archive: threads cannot load from an asar. */
export const unpackedUrl = (url: URL): URL => new URL(url.href.replace(/\/app\.asar\//, '/app.asar.unpacked/'));

function spawnThread(): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = unpackedUrl(new URL(fromSource ? './index.ts' : './index.js', import.meta.url));
  return fromSource
    ? new Worker(new URL('./boot.mjs', import.meta.url), { workerData: { entry: entry.href } })
    : new Worker(entry);
}

/**
 * The handle on the worker thread, started on first use: an idle host with no webhook or mirror work does
 * not pay for a second JavaScript engine (about 15 MB compiled, 35 MB from source through tsx).
 */
export function startWorker(): WorkerHandle {
  const events = new EventEmitter();
  let nextPing = 1;
  let worker: Worker | null = null;
  let exited = false;
  let exitedPromise: Promise<void> = Promise.resolve();
  const ensure = (): Worker | null => {
    if (worker || exited) return worker;
    const w = spawnThread();
    // A new engine resets the young generation's growth (lib/young-generation.ts): the thread's own, and from source
    // the loader thread its tsx starts, which is up by the time the worker's entry sends its first message.
    w.once('online', reassertYoungGeneration);
    w.once('message', reassertYoungGeneration);
    exitedPromise = new Promise<void>((resolve) => w.once('exit', () => { exited = true; resolve(); }));
    w.on('message', (msg: FromWorker) => events.emit('message', msg));
    w.on('error', (err) => events.emit('error', err));
    return (worker = w);
  };
  return {
    send: (msg) => { if (!exited) ensure()?.postMessage(msg); },
    on: (listener) => {
      events.on('message', listener);
      return () => events.off('message', listener);
    },
    wake: () => { ensure(); },
    ping: () => new Promise((resolve, reject) => {
      const id = nextPing++;
      const off = (): void => { events.off('message', onMsg); };
      const onMsg = (m: FromWorker): void => { if (m.type === 'pong' && m.id === id) { off(); resolve(); } };
      events.on('message', onMsg);
      const w = ensure();
      if (exited || !w) { off(); reject(new Error('worker has exited')); return; }
      w.postMessage({ type: 'ping', id } satisfies ToWorker);
    }),
    stop: async () => {
      if (exited || !worker) {
        exited = true;
        return;
      }
      const w = worker;
      w.postMessage({ type: 'stop' } satisfies ToWorker);
      const timer = setTimeout(() => { void w.terminate(); }, 5000);
      await exitedPromise;
      clearTimeout(timer);
    },
  };
}
