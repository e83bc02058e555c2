// The git spawner: a small process that starts git on the host's behalf, so the host's event loop never waits
// for a fork of the whole host and the exec that follows (libuv blocks the calling thread until the child has
// exec'd). The host sends each request over the IPC channel; the git process's stdin and stdout are one end of a
// unix-socket connection the host opened to this process (named by a one-time token), so the data never passes
// through here. A request may ask for a second connection (its token followed by `.3`) that git gets as file
// descriptor 3 (receive-pack's channel to the pre-receive hook). Only git is ever started. It also runs password hashing (scrypt) for the host. This process exits when the host's channel closes (the host exited); running git processes finish.
import { spawn } from 'node:child_process';
import { scrypt } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';

const STDERR_MAX = 64 * 1024;
/** Inside Electron this runs as a utility process: its channel to the host is `process.parentPort`. */
const port = process.parentPort;
// Nothing to tell once the host's channel has closed (the host was killed while git ran).
const send = (msg) => (port ? port.postMessage(msg) : process.connected && process.send?.(msg));
const socketPath = process.env.HOMEFORGE_SPAWNER_SOCKET ?? process.argv[2];
/** Requests waiting for their connection, and connections waiting for their request, by token. */
const requests = new Map();
const sockets = new Map();
const children = new Map();

function start(req, socket, channel) {
  let child;
  try {
    child = spawn('git', req.args, {
      cwd: req.cwd, env: req.env, stdio: [req.stdin === 'ignore' ? 'ignore' : socket, socket, 'pipe', ...(channel ? ['pipe'] : [])], windowsHide: true,
    });
  } catch (err) {
    socket.destroy();
    channel?.destroy();
    send({ t: 'error', id: req.id, message: String(err?.message ?? err) });
    return;
  }
  // The child holds its own copy of the connection; this process's copy goes now.
  socket.destroy();
  if (channel) relay(child, channel);
  if (child.pid === undefined) {
    child.on('error', (err) => send({ t: 'error', id: req.id, message: String(err?.message ?? err) }));
    return;
  }
  // req.nice is relative to this process's own niceness (the host's, inherited), as `nice -n` counts.
  const nice = req.lowPriority ? os.constants.priority.PRIORITY_LOW : req.nice ? Math.min(19, os.getPriority() + req.nice) : null;
  if (nice !== null) {
    try { os.setPriority(child.pid, nice); } catch { /* keeps the default priority */ }
  }
  children.set(req.id, child);
  send({ t: 'spawned', id: req.id, pid: child.pid });
  const err = [];
  let have = 0;
  child.stderr.on('data', (c) => {
    if (have >= STDERR_MAX) return;
    err.push(c);
    have += c.length;
  });
  child.on('error', () => undefined);
  child.on('close', (code, signal) => {
    children.delete(req.id);
    send({ t: 'exit', id: req.id, code, signal, stderr: Buffer.concat(err).subarray(0, STDERR_MAX).toString('base64') });
  });
}

const CHANNEL = '.3';

/**
 * Descriptor 3 is a pipe of this process, relayed to the host's connection, not the connection itself: an
 * accepted socket here is non-blocking, and a descriptor above 2 keeps that flag in git, where the hook's shell
 * `read` would then fail at once. The relay carries one question and one answer per push.
 */
function relay(child, channel) {
  const end = child.stdio[3];
  end.on('error', () => undefined);
  channel.on('error', () => undefined);
  end.pipe(channel);
  channel.pipe(end);
  channel.resume();
  // A process git left running (a detached `gc --auto`) may still hold the descriptor: the push is over anyway.
  child.on('exit', () => setImmediate(() => { end.destroy(); channel.destroy(); }));
}

function pair(token) {
  const req = requests.get(token);
  const socket = sockets.get(token);
  const channel = req?.channel ? sockets.get(token + CHANNEL) : undefined;
  if (!req || !socket || (req.channel && !channel)) return;
  requests.delete(token);
  sockets.delete(token);
  sockets.delete(token + CHANNEL);
  start(req, socket, channel);
}

const server = net.createServer({ allowHalfOpen: true, pauseOnConnect: true }, (socket) => {
  // The first line is the token; the host sends nothing more before this process says the child is spawned.
  let buf = Buffer.alloc(0);
  const timer = setTimeout(() => socket.destroy(), 30_000);
  const onData = (chunk) => {
    buf = Buffer.concat([buf, chunk]);
    const nl = buf.indexOf(10);
    if (nl < 0) {
      if (buf.length > 200) socket.destroy();
      return;
    }
    socket.off('data', onData);
    socket.pause();
    clearTimeout(timer);
    const line = buf.subarray(0, nl).toString('utf8');
    const token = line.endsWith(CHANNEL) ? line.slice(0, -CHANNEL.length) : line;
    const req = requests.get(token);
    if (!req || (line !== token && !req.channel) || sockets.has(line) || nl !== buf.length - 1) {
      socket.destroy();
      return;
    }
    sockets.set(line, socket);
    pair(token);
  };
  socket.on('data', onData);
  socket.on('error', () => undefined);
  socket.resume();
});

const onMessage = (msg) => {
  if (msg.t === 'spawn') {
    requests.set(msg.token, msg);
    pair(msg.token);
  } else if (msg.t === 'scrypt') {
    // Password hashing runs here too: scrypt's 16 MiB blocks are mapped and given back here (see
    // spawner-launch.ts) instead of being kept by one malloc arena per libuv thread of the host.
    scrypt(msg.password, Buffer.from(msg.salt, 'base64'), msg.len, msg.opts, (err, key) => {
      send({ t: 'scrypted', id: msg.id, key: key ? key.toString('base64') : undefined, error: err ? String(err.message) : undefined });
    });
  } else if (msg.t === 'kill') {
    try { children.get(msg.id)?.kill(msg.signal ?? 'SIGTERM'); } catch { /* already gone */ }
  }
};
if (port) port.on('message', (e) => onMessage(e.data));
else process.on('message', onMessage);
// Running git processes are left to finish, as they would be had the host started them itself. (A utility
// process ends with the app.)
process.on('disconnect', () => process.exit(0));
// A send in the moment between the host's death and this process reading the channel's end fails with EPIPE,
// emitted on the process; unhandled, it would crash this process onto the stderr it shares with the host. The
// host is gone then, and no 'disconnect' follows such a failed send (measured: the process stayed, holding the
// dead host's stderr open), so this is the end too.
process.on('error', (err) => {
  if (err?.code !== 'EPIPE' && err?.code !== 'ERR_IPC_CHANNEL_CLOSED') throw err;
  process.exit(0);
});

server.listen(socketPath, () => send({ t: 'ready' }));
server.on('error', (err) => {
  send({ t: 'failed', message: String(err?.message ?? err) });
  process.exit(1);
});
