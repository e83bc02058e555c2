/**
 * The reference for the transport benchmark: `git http-backend` behind a minimal CGI server, request and
 * response bodies streamed. Run as a process: node --import tsx test/bench/lib/cgi-server.ts --root DIR --port P
 */
import http from 'node:http';
import os from 'node:os';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

/** The CGI environment for one request, with git's config isolated as Homeforge isolates it. */
function cgiEnv(req: http.IncomingMessage, root: string, url: URL): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  Object.assign(env, {
    GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull, GIT_PROJECT_ROOT: root, GIT_HTTP_EXPORT_ALL: '1',
    GATEWAY_INTERFACE: 'CGI/1.1', PATH_INFO: decodeURIComponent(url.pathname), QUERY_STRING: url.search.slice(1),
    REQUEST_METHOD: req.method ?? 'GET', CONTENT_TYPE: req.headers['content-type'] ?? '', REMOTE_USER: 'bench', REMOTE_ADDR: '127.0.0.1',
  });
  if (req.headers['content-length']) env.CONTENT_LENGTH = req.headers['content-length'];
  if (req.headers['content-encoding']) env.HTTP_CONTENT_ENCODING = req.headers['content-encoding'];
  const protocol = req.headers['git-protocol'];
  if (typeof protocol === 'string') env.GIT_PROTOCOL = protocol;
  return env;
}

/** Splits the CGI header block off git's output, then streams the rest as the response body. */
function relay(out: NodeJS.ReadableStream, res: http.ServerResponse): void {
  let head = Buffer.alloc(0);
  const onData = (chunk: Buffer): void => {
    head = Buffer.concat([head, chunk]);
    const crlf = head.indexOf('\r\n\r\n');
    const lf = head.indexOf('\n\n');
    const [at, skip] = crlf >= 0 ? [crlf, 4] : [lf, 2];
    if (at < 0) return;
    out.off('data', onData);
    let status = 200;
    for (const line of head.subarray(0, at).toString('latin1').split(/\r?\n/)) {
      const i = line.indexOf(':');
      const [name, value] = [line.slice(0, i).trim(), line.slice(i + 1).trim()];
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else res.setHeader(name, value);
    }
    res.writeHead(status);
    res.write(head.subarray(at + skip));
    out.pipe(res);
  };
  out.on('data', onData);
  out.on('end', () => { if (!res.headersSent) res.writeHead(502).end(); });
}

/** The CGI server for the bare repositories under `root`. */
function cgiServer(root: string): http.Server {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/') {
      res.end('ok');
      return;
    }
    const child = spawn('git', ['http-backend'], { env: cgiEnv(req, root, url), stdio: ['pipe', 'pipe', 'inherit'] });
    req.pipe(child.stdin);
    child.stdin.on('error', () => undefined);
    relay(child.stdout, res);
    res.on('close', () => { if (child.exitCode === null) child.kill('SIGKILL'); });
  });
}

const { values } = parseArgs({ options: { root: { type: 'string' }, port: { type: 'string' } } });
cgiServer(values.root ?? '.').listen(Number(values.port ?? 0), '127.0.0.1');
