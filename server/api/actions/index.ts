/** Gitea's runner protocol under /api/actions: Connect (and gRPC, gRPC-web) over HTTP/1.1, compressed from 1 KiB. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import type { AppContext } from '../../services/context.ts';
import { runnerRoutes } from './runner-service.ts';

/** A request handler for the protocol's paths (`/runner.v1.RunnerService/...`, `/ping.v1.PingService/Ping`) below its mount point. */
export function actionsProtocolHandler(app: AppContext): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const handler = connectNodeAdapter({
    routes: runnerRoutes(app),
    compressMinBytes: 1024,
    readMaxBytes: 16 * 1024 * 1024,
    fallback: (_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'not found', url: '' }));
    },
  });
  return (req, res) => handler(req, res);
}
