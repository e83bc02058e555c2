/** The headless host's command line (entry: cli.ts). Flags --port (3000), --host (127.0.0.1), --data (./data), --lan (LAN access on). */
import { parseArgs } from 'node:util';
import { createHost } from './host.ts';
import { SettingsError } from './lib/settings.ts';
import { DataDirLockedError } from './lib/data-lock.ts';
import { ServiceError } from './lib/errors.ts';
import { capHeapGrowth } from './lib/heap-growth.ts';
import { startIdleTrim } from './lib/idle-trim.ts';
import { followLoad } from './lib/young-generation.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    data: { type: 'string', default: './data' },
    lan: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  process.stdout.write('usage: npm start -- [--port 3000] [--host 127.0.0.1] [--data ./data] [--lan]\n');
  process.exit(0);
}

const port = values.port === undefined ? undefined : Number(values.port);
if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
  process.stderr.write(`--port must be a number from 0 to 65535, not "${values.port}"\n`);
  process.exit(2);
}

capHeapGrowth();

try {
  const settings = values.lan ? { 'server.LAN_ACCESS': 'true' } : undefined;
  const host = await createHost({ dataDir: values.data, port, host: values.host, settings });
  process.stdout.write(`Homeforge is listening on ${host.url} (data: ${host.app.dataDir})\n`);
  for (const url of host.lan.status().urls) process.stdout.write(`LAN access: ${url}\n`);
  // An idle host gives back the heap a busy spell grew (server/lib/idle-trim.ts).
  const stopTrim = startIdleTrim();
  // and its young generation grows under load only (server/lib/young-generation.ts)
  const stopFollowing = followLoad();
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    stopTrim();
    stopFollowing();
    process.stdout.write(`${signal}: shutting down\n`);
    host.close().then(() => process.exit(0), (err: unknown) => {
      process.stderr.write(`shutdown failed: ${String(err)}\n`);
      process.exit(1);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (err) {
  // Start-up errors are one clear line; HOMEFORGE_TRACE=1 adds the stack of an unexpected one.
  const known = err instanceof SettingsError || err instanceof DataDirLockedError || err instanceof ServiceError;
  process.stderr.write(`homeforge: ${known ? (err as Error).message : `could not start: ${String((err as Error)?.message ?? err)}`}\n`);
  if (!known && process.env.HOMEFORGE_TRACE) process.stderr.write(`${(err as Error)?.stack ?? ''}\n`);
  process.exit(1);
}
