/**
 * Starts the compiled host the way the desktop shell does: main/shell.ts's startDesktopHost, the host in this
 * process with node's default flags (Electron's main process runs it so), without the window and tray.
 * Usage: node desktop-host.mjs --dist <compiled dir> --data <dir> --port <n>.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const { values } = parseArgs({ options: { dist: { type: 'string' }, data: { type: 'string' }, port: { type: 'string' } } });
const load = (rel) => import(pathToFileURL(path.join(values.dist, rel)).href);
// As Electron's entry (main/index.ts) does: the young generation's size first, then the shell and the host.
await load('main/young-generation.js');
const { startDesktopHost } = await load('main/shell.js');
const { createHost } = await load('server/host.js');
const host = await startDesktopHost(values.data, async () => 'quit', (o) => createHost({ ...o, port: Number(values.port) }));
const stop = async () => {
  await host?.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
