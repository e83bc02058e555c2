/** Sends one delivery through the guarded client and describes what happened, secrets masked. */
import { BlockedHostError, guardedFetch } from '../../lib/guarded-fetch.ts';
import type { DeliveryJob, DeliveryResult } from '../protocol.ts';
import { buildRequest, type BuiltRequest } from './request.ts';

/** Gitea reads at most this much of a response. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

function recorded(req: BuiltRequest, payload: string): NonNullable<DeliveryResult['request']> {
  const headers = req.headers.Authorization === undefined ? req.headers : { ...req.headers, Authorization: '******' };
  if (req.body && req.body === payload) return { url: req.url, http_method: req.method, headers, body: '', bodyIsPayload: true };
  return { url: req.url, http_method: req.method, headers, body: req.body };
}

/** Builds, sends and records one delivery; never throws. */
export async function deliver(job: DeliveryJob): Promise<DeliveryResult> {
  const base = { hookId: job.hookId, taskId: job.taskId };
  let req: BuiltRequest;
  try {
    req = buildRequest(job);
  } catch (err) {
    return { ...base, succeeded: false, request: null, response: { status: 0, headers: {}, body: `Delivery: ${(err as Error).message}` } };
  }
  try {
    const res = await guardedFetch({ ...req, timeoutMs: job.timeoutMs, allowedHosts: job.allowedHosts, maxResponseBytes: MAX_RESPONSE_BYTES });
    const retryable = res.status === 408 || res.status === 429 || res.status >= 500;
    return { ...base, succeeded: res.status >= 200 && res.status < 300, request: recorded(req, job.payload), response: res, retryable };
  } catch (err) {
    const retryable = !(err instanceof BlockedHostError);
    return { ...base, succeeded: false, request: recorded(req, job.payload), response: { status: 0, headers: {}, body: `Delivery: ${(err as Error).message}` }, retryable };
  }
}
