/**
 * Messages between the main thread and the worker. Jobs are self-contained (ids, URLs, headers, bodies,
 * paths); the worker never opens the store (ARCHITECTURE decision 3).
 */
export type ToWorker =
  | { type: 'ping'; id: number }
  | { type: 'pause'; loops: WorkerLoop[] }
  | { type: 'resume'; loops: WorkerLoop[] }
  | { type: 'stop' };

export type FromWorker =
  | { type: 'pong'; id: number }
  | { type: 'stopped' };

export type WorkerLoop = 'delivery' | 'mirror' | 'schedule';
