/**
 * Starts the host the way the packaged desktop app's main process does, without Electron: the young-generation
 * setting of Electron's entry (main/index.ts: main/young-generation.ts, inlined in the bundled entry), then the
 * bundled main/shell.js that entry loads (scripts/bundle-cli.mjs --desktop) and its startDesktopHost with the
 * default host factory, in this process with node's default flags, without the window and tray. The entry itself
 * imports `electron`, so it is not loaded here.
 * Usage: node desktop-host.mjs --dist <compiled and bundled dir> --data <dir> --port <n>.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const { values } = parseArgs({ options: { dist: { type: 'string' }, data: { type: 'string' }, port: { type: 'string' } } });
const load = (rel) => import(pathToFileURL(path.join(values.dist, rel)).href);
// The port as a setting override, so the shell's own default host factory (createHost in its bundle) runs.
process.env.HOMEFORGE__SERVER__HTTP_PORT = values.port;
// As Electron's entry does: the young generation's size first, then the shell and the host.
await load('main/young-generation.js');
const { startDesktopHost } = await load('main/shell.js');
const host = await startDesktopHost(values.data, async () => 'quit');
const stop = async () => {
  await host?.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
