// Loads the TypeScript worker entry through tsx when the host runs from source (npm start, tests).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
