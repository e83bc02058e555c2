/** HTTP client for the host's API: `Authorization: token`, JSON bodies, Gitea's `{message}` errors as ApiError. */

/** An error answer of the API, with Gitea's message and the fields it names. */
export class ApiError extends Error {
  readonly status: number;
  /** Field name → the problem's code, bounds and message, from the answer's structured `errors` list (for forms to put in their own words). */
  readonly problems: Record<string, FieldProblem>;
  /** Response headers, e.g. `X-Gitea-OTP` on a sign-in that needs a second factor. */
  readonly headers: Headers;
  /** The answer's JSON body (null without one), for the few answers with fields of their own (`invalidTopics`). */
  readonly body: Record<string, unknown> | null;

  constructor(status: number, message: string, headers: Headers, body: Record<string, unknown> | null = null) {
    super(message);
    this.status = status;
    this.headers = headers;
    this.body = body;
    this.problems = fieldProblems(body?.errors);
  }
}

/** One entry of an answer's `errors` list. */
export interface FieldProblem { code: string; min?: number; max?: number; message: string }

/**
 * Per-field problems (code, bounds, message) of an answer's `errors` list (`[{ field: "body.name", code, message }]`),
 * keyed by the last segment of the field's path; the first problem of a field wins.
 */
export function fieldProblems(errors: unknown): Record<string, FieldProblem> {
  const out: Record<string, FieldProblem> = {};
  if (!Array.isArray(errors)) return out;
  for (const e of errors as unknown[]) {
    if (!e || typeof e !== 'object') continue;
    const { field, code, min, max, message } = e as Record<string, unknown>;
    if (typeof field !== 'string' || typeof message !== 'string') continue;
    const key = field.split('.').filter((s) => !/^\d+$/.test(s)).pop() ?? field;
    if (key && !(key in out)) out[key] = { code: typeof code === 'string' ? code : 'invalid', message, ...(typeof min === 'number' ? { min } : {}), ...(typeof max === 'number' ? { max } : {}) };
  }
  return out;
}

/** Words for a status when the body carries no message. */
function statusWords(status: number): string {
  if (status === 401) return 'You are not signed in, or your session has ended.';
  if (status === 403) return 'You are not allowed to do this.';
  if (status === 404) return 'Not found.';
  if (status >= 500) return `The host failed to answer (HTTP ${status}).`;
  return `The request failed (HTTP ${status}).`;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Basic credentials instead of the session token (Gitea requires them for token management). */
  basic?: { username: string; password: string; otp?: string };
  /** Send no credentials at all. */
  anonymous?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

/** Encodes a user-given path segment. */
export const seg = (s: string | number): string => encodeURIComponent(String(s));

function basicHeader(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

export class ApiClient {
  private token: string | null;
  /** Called when an authenticated request answers 401 (the session ended elsewhere). */
  onUnauthorized: (() => void) | null = null;
  /** Called after every successful request that changes something, so cached reads can be refreshed. */
  onWrite: (() => void) | null = null;

  constructor(token: string | null = null) {
    this.token = token;
  }

  /** The session token in use. */
  currentToken(): string | null {
    return this.token;
  }

  /** Replaces the session token used for later requests. */
  setToken(token: string | null): void {
    this.token = token;
  }

  /** Sends one request; resolves with the parsed JSON, rejects with ApiError for 4xx/5xx. */
  async request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (opts.basic) {
      headers.Authorization = basicHeader(opts.basic.username, opts.basic.password);
      if (opts.basic.otp) headers['X-Gitea-OTP'] = opts.basic.otp;
    } else if (this.token && !opts.anonymous) {
      headers.Authorization = `token ${this.token}`;
    }
    let body: string | FormData | undefined;
    // A form (a file upload) goes as multipart, with the boundary the browser picks.
    if (opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    let res: Response;
    try {
      res = await fetch(path + queryString(opts.query), { method, headers, body, credentials: 'omit' });
    } catch {
      throw new ApiError(0, 'The host cannot be reached. Is Homeforge still running?', new Headers());
    }
    const text = await res.text();
    const parsed = parseJson(text);
    if (!res.ok) {
      if (res.status === 401 && headers.Authorization?.startsWith('token ')) this.onUnauthorized?.();
      const message = typeof parsed?.message === 'string' && parsed.message ? parsed.message : statusWords(res.status);
      throw new ApiError(res.status, message, res.headers, parsed);
    }
    if (method !== 'GET' && method !== 'HEAD') this.onWrite?.();
    return { data: parsed as T, headers: res.headers, status: res.status };
  }

  /** GET, resolving with the JSON body. */
  get<T>(path: string, opts?: RequestOptions): Promise<T> {
    return this.request<T>('GET', path, opts).then((r) => r.data);
  }

  /** POST a JSON body, resolving with the JSON answer. */
  post<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
    return this.request<T>('POST', path, { ...opts, body }).then((r) => r.data);
  }

  /** PATCH a JSON body, resolving with the JSON answer. */
  patch<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
    return this.request<T>('PATCH', path, { ...opts, body }).then((r) => r.data);
  }

  /** GET a text answer (a raw diff, a rendered document); rejects with ApiError for 4xx/5xx. */
  async text(path: string, opts: Pick<RequestOptions, 'query'> = {}): Promise<string> {
    const headers: Record<string, string> = this.token ? { Authorization: `token ${this.token}` } : {};
    let res: Response;
    try {
      res = await fetch(path + queryString(opts.query), { headers, credentials: 'omit' });
    } catch {
      throw new ApiError(0, 'The host cannot be reached. Is Homeforge still running?', new Headers());
    }
    const text = await res.text();
    if (!res.ok) throw new ApiError(res.status, parseJson(text)?.message as string | undefined || statusWords(res.status), res.headers);
    return text;
  }

  /** DELETE; resolves when the host answered 2xx. */
  async delete(path: string, opts?: RequestOptions): Promise<void> {
    await this.request<unknown>('DELETE', path, opts);
  }
}

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

function parseJson(text: string): { message?: unknown; errors?: unknown } | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as { message?: unknown; errors?: unknown };
  } catch {
    return null;
  }
}

/** Words for any thrown value, for an error banner. */
export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
