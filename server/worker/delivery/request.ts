/** Builds the HTTP request of a delivery as Gitea's services/webhook/deliver.go does: body, headers, signatures. */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import type { DeliveryJob } from '../protocol.ts';
import { CONVERTERS } from './convert/kinds.ts';

export interface BuiltRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Gitea sets no User-Agent on deliveries, so receivers see Go's HTTP client default; they tell Gitea's
 * deliveries apart by it together with X-Gitea-Event, so the same value is sent here.
 */
export const USER_AGENT = 'Go-http-client/1.1';

/** Signing keys by secret, imported once (not once per signature); a few hooks' secrets at most. */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= 64) keys.clear();
    keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  }
  return key;
}
const hmac = (algo: 'sha1' | 'sha256', secret: string, body: string): string => createHmac(algo, keyOf(secret)).update(body).digest('hex');

/** The default request: the stored payload, as JSON or as a `payload=` form; signed over the raw JSON. */
function defaultRequest(job: DeliveryJob): { req: BuiltRequest; signed: string } {
  const method = (job.httpMethod || 'POST').toUpperCase();
  if (method === 'GET') {
    const url = new URL(job.url);
    url.searchParams.set('payload', job.payload);
    return { req: { url: url.toString(), method, headers: {}, body: '' }, signed: job.payload };
  }
  if (method === 'PUT' && job.kind !== 'matrix') throw new Error(`invalid http method for webhook: ${method}`);
  const json = job.contentType !== 'form';
  return {
    req: { url: job.url, method, headers: { 'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded' }, body: json ? job.payload : new URLSearchParams({ payload: job.payload }).toString() },
    signed: job.payload,
  };
}

function convertedRequest(job: DeliveryJob, now: number): BuiltRequest {
  const convert = CONVERTERS[job.kind];
  if (!convert) throw new Error(`unknown webhook type: ${job.kind}`);
  const out = convert({ eventType: job.eventType, payload: JSON.parse(job.payload) as unknown, meta: job.meta, url: job.url, secret: job.secret, now });
  return { url: out.url ?? job.url, method: out.method ?? 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(out.body, null, 2) };
}

function addDefaultHeaders(job: DeliveryJob, req: BuiltRequest, signed: string): void {
  const sha256 = job.secret ? hmac('sha256', job.secret, signed) : '';
  const sha1 = job.secret ? hmac('sha1', job.secret, signed) : '';
  Object.assign(req.headers, {
    'X-Gitea-Delivery': job.uuid, 'X-Gitea-Event': job.event, 'X-Gitea-Event-Type': job.eventType, 'X-Gitea-Signature': sha256,
    'X-Gogs-Delivery': job.uuid, 'X-Gogs-Event': job.event, 'X-Gogs-Event-Type': job.eventType, 'X-Gogs-Signature': sha256,
    'X-Hub-Signature': `sha1=${sha1}`, 'X-Hub-Signature-256': `sha256=${sha256}`,
    'X-GitHub-Delivery': job.uuid, 'X-GitHub-Event': job.event, 'X-GitHub-Event-Type': job.eventType,
    'X-Gitea-Hook-Installation-Target-Type': job.targetType, 'X-GitHub-Hook-Installation-Target-Type': job.targetType,
  });
}

/**
 * The request for a job. payload_version 1, gitea and gogs send the stored payload; other kinds convert the
 * raw event here. Every kind gets the default headers, signed over the body actually sent.
 */
export function buildRequest(job: DeliveryJob, now = Date.now()): BuiltRequest {
  let req: BuiltRequest;
  let signed: string;
  if (job.payloadVersion === 1 || job.kind === 'gitea' || job.kind === 'gogs') ({ req, signed } = defaultRequest(job));
  else {
    req = convertedRequest(job, now);
    signed = req.body;
  }
  addDefaultHeaders(job, req, signed);
  req.headers['User-Agent'] = USER_AGENT;
  if (job.isTest) req.headers['X-Homeforge-Test'] = 'true';
  if (job.authorization) req.headers.Authorization = job.authorization;
  return req;
}
