/**
 * Git's smart HTTP transport: the ref advertisement and the upload-pack / receive-pack exchange, run by
 * `git <service> --stateless-rpc` and streamed both ways. For receive-pack the ref-update commands at the
 * head of the request and the report-status of the answer are read as they pass, so the caller learns which
 * refs a push changed without buffering the push.
 */
import { Transform, pipeline, type Duplex, type Readable, type Writable } from 'node:stream';
import { spawnGit, spawnGitWithChannel, runGit, GitError, FETCH_NICE, PUSH_NICE } from './process.ts';
import type { GitChild } from './spawner.ts';
import { beginPush } from './activity.ts';
import { pktLine, FLUSH, PktReader } from './pkt-line.ts';
import { HOST_REFS } from './ref-files.ts';

/** The host's own refs are neither advertised nor writable by clients. */
const HIDE_HOST_REFS = ['-c', `transfer.hideRefs=${HOST_REFS.replace(/\/$/, '')}`];

/**
 * Every push is kept as the pack it came in, never unpacked into loose objects. receive-pack moves loose
 * objects out of its quarantine into `objects/xx/` folders without making a folder again if it vanished,
 * and upkeep's `repack -d` and `gc` remove folders they have just emptied: a push then failed with "unable
 * to migrate objects to permanent storage". Packs move into `objects/pack/`, which is never removed.
 */
const KEEP_PUSHED_PACK = ['-c', 'receive.unpackLimit=1'];
/** With a pack per push, receive-pack's own `gc --auto` would repack every 50 pushes; the host's upkeep does it instead. */
const NO_AUTO_GC = ['-c', 'receive.autogc=false'];

export type GitService = 'upload-pack' | 'receive-pack';

export interface RefCommand {
  ref: string;
  oldSha: string;
  newSha: string;
}

/** Gitea's rule for a Git-Protocol header it passes on: `key=value` pairs joined by ':'. */
const SAFE_PROTOCOL = /^[0-9a-zA-Z]+=[0-9a-zA-Z]+(:[0-9a-zA-Z]+=[0-9a-zA-Z]+)*$/;

/** GIT_PROTOCOL for the client's Git-Protocol header (protocol v2 negotiation), or nothing when absent or unsafe. */
export function protocolEnv(header: string | undefined): Record<string, string> {
  return header && SAFE_PROTOCOL.test(header) ? { GIT_PROTOCOL: header } : {};
}

const wantsV2 = (header: string | undefined): boolean => !!header && SAFE_PROTOCOL.test(header) && header.split(':').includes('version=2');

/** The `info/refs?service=` answer body. As git http-backend, the service header is left out for protocol v2. */
export async function advertisement(gitDir: string, service: GitService, gitProtocol: string | undefined): Promise<Buffer> {
  const r = await runGit([...HIDE_HOST_REFS, service, '--stateless-rpc', '--advertise-refs', gitDir], { env: protocolEnv(gitProtocol) });
  if (r.code !== 0) throw new GitError([service], r.code, r.stderr);
  if (service === 'upload-pack' && wantsV2(gitProtocol)) return r.stdout;
  return Buffer.concat([pktLine(`# service=git-${service}\n`), FLUSH, r.stdout]);
}

/** Reads the ref-update commands at the head of a receive-pack request, passing every byte on unchanged. */
class CommandTap extends Transform {
  readonly commands: RefCommand[] = [];
  capabilities: string[] = [];
  private readonly reader = new PktReader();
  private done = false;

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: (err?: Error | null, data?: Buffer) => void): void {
    if (!this.done) {
      for (const p of this.reader.push(chunk)) {
        if (this.done) break;
        if (p.kind !== 'data') {
          this.done = true;
          break;
        }
        this.readCommand(p.data.toString('utf8'));
      }
      if (this.reader.broken) this.done = true;
    }
    cb(null, chunk);
  }

  private readCommand(line: string): void {
    const [cmd = '', caps] = line.replace(/\n$/, '').split('\0');
    if (caps !== undefined) this.capabilities = caps.trim().split(' ');
    const m = /^([0-9a-f]{40}|[0-9a-f]{64}) ([0-9a-f]{40}|[0-9a-f]{64}) (\S+)$/.exec(cmd);
    if (m) this.commands.push({ oldSha: m[1] ?? '', newSha: m[2] ?? '', ref: m[3] ?? '' });
  }
}

/** Reads receive-pack's report-status (inside side-band 1 when the client asked for side-band). */
class ReportReader {
  readonly status = new Map<string, boolean>();
  seen = false;
  private readonly outer = new PktReader();
  private readonly inner = new PktReader();
  private readonly sideband: boolean;

  constructor(sideband: boolean) {
    this.sideband = sideband;
  }

  push(chunk: Buffer): void {
    for (const p of this.outer.push(chunk)) {
      if (p.kind !== 'data') continue;
      if (!this.sideband) this.line(p.data);
      else if (p.data[0] === 1) for (const q of this.inner.push(p.data.subarray(1))) if (q.kind === 'data') this.line(q.data);
    }
  }

  private line(data: Buffer): void {
    const text = data.toString('utf8').replace(/\n$/, '');
    const m = /^(ok|ng) (\S+)/.exec(text);
    if (text.startsWith('unpack ')) this.seen = true;
    if (m) this.status.set(m[2] ?? '', m[1] === 'ok');
  }
}

export interface ServeResult {
  code: number;
  stderr: string;
  /** receive-pack: the commands the client sent. */
  commands: RefCommand[];
  /** receive-pack: per ref, whether git reported it updated; null when the client asked for no report. */
  report: Map<string, boolean> | null;
}

/** What a service run is given besides the request. */
export interface ServeOptions {
  /** Reaches git and the hooks it runs (receive-pack's pre-receive callback: its token and channel). */
  env?: Record<string, string>;
  /** Gets the socket git and its hooks hold as file descriptor 3. */
  channel?: (socket: Duplex) => void;
  /** The host maintains the repository after pushes, so receive-pack runs no `gc --auto` of its own. */
  hostUpkeep?: boolean;
}

/**
 * Runs the service on one request: `input` (already decompressed) goes to git's stdin, git's stdout to
 * `output`, which is not ended here (the caller may still finish work before ending the response). `opts`: the
 * environment, the hook channel and upkeep (ServeOptions).
 */
export async function serve(
  gitDir: string, service: GitService, input: Readable, output: Writable, gitProtocol?: string, opts: ServeOptions = {},
): Promise<ServeResult> {
  const { env = {}, channel, hostUpkeep = false } = opts;
  const pushConfig = service === 'receive-pack' ? [...KEEP_PUSHED_PACK, ...(hostUpkeep ? NO_AUTO_GC : [])] : [];
  const args = [...HIDE_HOST_REFS, ...pushConfig, service, '--stateless-rpc', gitDir];
  const gitOpts = { env: { ...env, ...protocolEnv(gitProtocol) }, nice: service === 'upload-pack' ? FETCH_NICE : PUSH_NICE };
  const started = channel ? await spawnGitWithChannel(args, gitOpts) : null;
  const child: GitChild = started ? started.child : spawnGit(args, gitOpts);
  const socket = started?.channel;
  if (socket) {
    channel?.(socket);
    // A process git left running (a detached `gc --auto`) may still hold the descriptor: the push is over anyway.
    child.on('exit', () => socket.destroy());
  }
  const pushed = service === 'receive-pack' ? beginPush(gitDir) : null;
  const tap = new CommandTap();
  let report: ReportReader | null = null;
  const stderr: Buffer[] = [];
  child.stderr?.on('data', (c: Buffer) => { if (stderr.length < 64) stderr.push(c); });
  const source = service === 'receive-pack' ? pipeline(input, tap, () => undefined) : input;
  source.on('error', () => child.kill('SIGKILL'));
  input.on('aborted', () => child.kill('SIGKILL'));
  child.stdin?.on('error', () => undefined);
  if (child.stdin) source.pipe(child.stdin);
  child.stdout?.on('data', (c: Buffer) => {
    if (service !== 'receive-pack') return;
    report ??= new ReportReader(tap.capabilities.some((c2) => c2 === 'side-band-64k' || c2 === 'side-band'));
    report.push(c);
  });
  child.stdout?.pipe(output, { end: false });
  output.on('close', () => { if (child.exitCode === null) child.kill('SIGKILL'); });
  return new Promise((resolve, reject) => {
    child.on('error', (err) => { pushed?.(); reject(err); });
    child.on('close', (code) => {
      pushed?.();
      const r = report as ReportReader | null;
      resolve({
        code: code ?? -1,
        stderr: Buffer.concat(stderr).toString('utf8'),
        commands: tap.commands,
        report: r?.seen ? r.status : null,
      });
    });
  });
}
