/**
 * Messages between the main thread and the worker. Jobs are self-contained (ids, URLs, headers, bodies,
 * paths); the worker never opens the store (ARCHITECTURE decision 3).
 *
 * Webhook delivery is pulled: the worker asks for as many jobs as it has free slots (`delivery-want`), the
 * main thread claims that many tasks (marks them delivered) and sends them. So a claimed task is always
 * one the worker is about to send, and pausing the delivery loop stops the claiming too. Jobs claimed in one turn
 * travel in one message, and results that finish in the same turn of the worker's loop come back in one, which
 * also asks for the jobs the slots they freed can take (`want`, as a `delivery-want` would).
 */
export type ToWorker =
  | { type: 'ping'; id: number }
  | { type: 'pause'; loops: WorkerLoop[] }
  | { type: 'resume'; loops: WorkerLoop[] }
  | { type: 'deliver'; jobs: DeliveryJob[] }
  | { type: 'mirror'; job: MirrorJob }
  | { type: 'stop' };

export type FromWorker =
  | { type: 'pong'; id: number }
  | { type: 'delivery-want'; count: number }
  | { type: 'delivery-results'; results: DeliveryResult[]; want?: number }
  | { type: 'mirror-result'; result: MirrorResult }
  | { type: 'stopped' };

export type WorkerLoop = 'delivery' | 'mirror' | 'schedule';

/** One webhook delivery, with everything needed to build and send the request. */
export interface DeliveryJob {
  hookId: number;
  taskId: number;
  uuid: string;
  /** The raw HookEventType (X-Gitea-Event-Type). */
  eventType: string;
  /** The grouped event name (X-Gitea-Event). */
  event: string;
  kind: string;
  url: string;
  httpMethod: string;
  contentType: 'json' | 'form';
  /** Plain signing secret; "" for none. */
  secret: string;
  /** Plain Authorization header value; "" for none. */
  authorization: string;
  /** 1: `payload` is the body to send as is. 2: `payload` is the raw event JSON, converted here. */
  payloadVersion: 1 | 2;
  payload: string;
  meta: Record<string, string>;
  /** X-Gitea-Hook-Installation-Target-Type: system, repository, organization, user or default. */
  targetType: string;
  /** A test delivery: sent with `X-Homeforge-Test: true` so the receiver can tell it from a real event. */
  isTest?: boolean;
  timeoutMs: number;
  allowedHosts: string[];
}

export interface DeliveryResult {
  hookId: number;
  taskId: number;
  succeeded: boolean;
  /**
   * What was sent, with the Authorization value masked; null when no request could be built. `bodyIsPayload`: the
   * body sent was the job's payload, which the main thread holds, so `body` is "" (the payload does not travel back).
   */
  request: { url: string; http_method: string; headers: Record<string, string>; body: string; bodyIsPayload?: true } | null;
  response: { status: number; headers: Record<string, string>; body: string };
  /**
   * Worth sending again later: the target could not be reached, timed out, or answered 408, 429 or 5xx. Not for
   * a request that could not be built or a target the outbound policy refuses (nothing was sent: a retry is refused too).
   */
  retryable?: boolean;
}

/**
 * One mirror operation, run by the worker's mirror loop with at most `maxConcurrent` git processes at once.
 * `probe` reads the remote's refs and object format; `pull` fetches the remote's branches and tags into
 * `gitDir`; `push` pushes `gitDir`'s branches and tags to the remote. The URL carries no credentials: they
 * come apart in `auth` and reach git through its environment, never its command line or a log.
 */
export interface MirrorJob {
  id: number;
  kind: 'probe' | 'pull' | 'push';
  /** The bare repository; "" for a probe. */
  gitDir: string;
  url: string;
  auth: { username: string; password: string } | null;
  /** The checked address git must connect to, as `http.curloptResolve` wants it (`host:port:address`); null: none. */
  pin?: string | null;
  /** `url` is a checked local git directory: git is told to use exactly it. */
  local?: boolean;
  /** pull: delete local branches and tags gone upstream; push: delete remote ones gone here. */
  prune: boolean;
  timeoutMs: number;
  maxConcurrent: number;
}

/** A ref the operation changed; the all-zero id stands for "absent". */
export interface MirrorRefChange {
  ref: string;
  oldSha: string;
  newSha: string;
}

export interface MirrorResult {
  id: number;
  ok: boolean;
  /** git's complaint with credentials masked; "" on success. */
  error: string;
  /** pull: the branches and tags that changed. */
  changes: MirrorRefChange[];
  /** probe: the remote's object format (sha1 when it cannot tell). */
  objectFormat: 'sha1' | 'sha256' | null;
  /** probe: the branch the remote's HEAD points at, when it says. */
  headBranch: string | null;
}
