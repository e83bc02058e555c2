/** The worker thread: webhook delivery, mirror and schedule loops. Imports only lib, git (mirror jobs) and its protocol. */
import { parentPort } from 'node:worker_threads';
import type { FromWorker, ToWorker, WorkerLoop } from './protocol.ts';
import { DeliveryLoop } from './delivery/loop.ts';
import { MirrorLoop } from './mirror/loop.ts';
import { startIdleTrim } from '../lib/idle-trim.ts';

const port = parentPort;
if (!port) throw new Error('the worker must run in a worker thread');

const paused = new Set<WorkerLoop>();
const send = (msg: FromWorker): void => port.postMessage(msg);
const delivery = new DeliveryLoop(send);
const mirrors = new MirrorLoop(send);

port.on('message', (msg: ToWorker) => {
  switch (msg.type) {
    case 'ping':
      send({ type: 'pong', id: msg.id });
      break;
    case 'pause':
      for (const l of msg.loops) paused.add(l);
      if (msg.loops.includes('delivery')) delivery.pause();
      if (msg.loops.includes('mirror')) mirrors.pause();
      break;
    case 'resume':
      for (const l of msg.loops) paused.delete(l);
      if (msg.loops.includes('delivery')) delivery.resume();
      if (msg.loops.includes('mirror')) mirrors.resume();
      break;
    case 'deliver':
      for (const job of msg.jobs) delivery.receive(job);
      break;
    case 'mirror':
      mirrors.receive(msg.job);
      break;
    case 'stop':
      stopTrim();
      send({ type: 'stopped' });
      port.close();
      break;
  }
});

// Between deliveries and mirror runs the thread gives back the heap they grew (lib/idle-trim.ts).
const stopTrim = startIdleTrim();
delivery.ask();
