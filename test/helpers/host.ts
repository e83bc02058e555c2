/** Starts a real host in-process on port 0 with a temp data dir, and talks to it over HTTP. */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHost, type Host, type HostOptions } from '../../server/host.ts';
import { createLogger } from '../../server/lib/log.ts';

export const ADMIN = { username: 'root', password: 'root-password-1', email: 'root@example.com' };

export interface TestHost extends Host {
  dataDir: string;
  /** Sends a request below /api/v1; `auth` is a token, or [user, password] for basic auth. */
  api(method: string, apiPath: string, opts?: RequestOpts): Promise<ApiResponse>;
  /** Closes the host and removes its data dir. */
  stop(): Promise<void>;
}

export interface RequestOpts {
  body?: unknown;
  /** Sent as-is (not JSON-encoded). */
  rawBody?: string;
  auth?: string | [string, string];
  headers?: Record<string, string>;
  /** `manual` keeps a redirect's own answer (fetch follows by default). */
  redirect?: RequestRedirect;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  text: string;
}

/** Basic auth header value. */
export const basic = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Starts a host with the first admin (ADMIN) created from the environment. */
export async function startHost(opts: Partial<HostOptions> & { keepData?: boolean } = {}): Promise<TestHost> {
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'homeforge-test-')));
  const host = await createHost({
    port: 0,
    host: '127.0.0.1',
    logger: createLogger('Error'),
    ...opts,
    dataDir,
    env: {
      HOMEFORGE_ADMIN_USER: ADMIN.username,
      HOMEFORGE_ADMIN_PASSWORD: ADMIN.password,
      HOMEFORGE_ADMIN_EMAIL: ADMIN.email,
      ...opts.env,
    },
  });
  return {
    ...host,
    dataDir,
    api: (method, apiPath, o = {}) => request(host.url, method, `/api/v1${apiPath}`, o),
    stop: async () => {
      await host.close();
      if (!opts.keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends one HTTP request to `base + p` and reads the JSON answer. */
export async function request(base: string, method: string, p: string, o: RequestOpts = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...o.headers };
  if (typeof o.auth === 'string') headers.Authorization = `token ${o.auth}`;
  else if (o.auth) headers.Authorization = basic(o.auth[0], o.auth[1]);
  let body: string | undefined = o.rawBody;
  if (o.body !== undefined) {
    body = JSON.stringify(o.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(`${base}${p}`, { method, headers, body, ...(o.redirect ? { redirect: o.redirect } : {}) });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** Creates a token for a user through the API with basic auth; returns its value. */
export async function createToken(h: TestHost, user: string, password: string, scopes = ['all'], name = `t-${Math.random()}`): Promise<string> {
  const res = await h.api('POST', `/users/${user}/tokens`, { auth: [user, password], body: { name, scopes } });
  if (res.status !== 201) throw new Error(`token create failed: ${res.status} ${res.text}`);
  return res.body.sha1 as string;
}

/** The password makeUser gives a user. */
export const pw = (name: string): string => `${name}-password-1`;

/** Creates a local user through POST /admin/users (as the administrator) and returns a token of it with every scope. */
export async function makeUser(h: TestHost, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await h.api('POST', '/admin/users', {
    auth: [ADMIN.username, ADMIN.password],
    body: { username: name, email: `${name}@example.com`, password: pw(name), must_change_password: false, ...extra },
  });
  if (res.status !== 201) throw new Error(`user create failed: ${res.status} ${res.text}`);
  return createToken(h, name, pw(name), ['all']);
}

/** Asserts Gitea's error answer: `status` with a `{message, url}` body, the message matching `message` when given. */
export function refused(res: ApiResponse, status: number, message?: RegExp): void {
  assert.equal(res.status, status, res.text);
  assert.equal(typeof res.body?.message, 'string', res.text);
  assert.equal(typeof res.body?.url, 'string', res.text);
  if (message) assert.match(res.body.message, message);
}

/** Asserts a 200 answer with a list of users and returns their logins in the answer's order. */
export function logins(res: ApiResponse): string[] {
  assert.equal(res.status, 200, res.text);
  return (res.body as { login: string }[]).map((u) => u.login);
}

/** Asserts the answer's status (200 unless told) and returns its body. */
export function ok(res: ApiResponse, status = 200): any { // eslint-disable-line @typescript-eslint/no-explicit-any -- callers cast to their shape
  assert.equal(res.status, status, res.text);
  return res.body;
}
