/** The one place that turns errors into Gitea's `{message, url}` answers with their status. */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { InvalidTopicsError, MovedError, ServiceError, UnauthorizedError } from '../lib/errors.ts';
import type { Logger } from '../lib/log.ts';

/** Gitea's `url` field points at the API description. */
export const swaggerUrl = (baseUrl: string): string => `${baseUrl}/api/swagger`;

interface BodyParserError { type?: string; status?: number; expose?: boolean; message?: string; limit?: number }

function statusAndMessage(err: unknown): { status: number; message: string } {
  if (err instanceof ServiceError) return { status: err.status, message: err.message };
  const e = err as BodyParserError;
  switch (e?.type) {
    case 'entity.parse.failed': return { status: 400, message: `invalid JSON body: ${e.message ?? ''}`.trim() };
    case 'entity.too.large': return { status: 413, message: `request body is larger than the limit of ${e.limit ?? 0} bytes` };
    case 'encoding.unsupported':
    case 'charset.unsupported': return { status: 415, message: e.message ?? 'unsupported encoding' };
    case 'request.aborted': return { status: 400, message: 'request aborted' };
    default: break;
  }
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return { status: e.status, message: e.message ?? 'bad request' };
  return { status: 500, message: 'internal server error' };
}

/** Writes the error; 5xx are logged (never with the request's secrets). */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const { status, message } = statusAndMessage(err);
    if (status >= 500) log.error('request failed', { method: req.method, path: req.path, error: err instanceof Error ? err.stack : String(err) });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const challenges = err instanceof UnauthorizedError && err.challenge ? ['Basic realm="Homeforge"'] : [];
    // With an SSPI source on, every 401 offers Negotiate (curl --negotiate and browsers answer it).
    if (status === 401 && res.locals.negotiate === true) challenges.unshift('Negotiate');
    if (challenges.length) res.setHeader('WWW-Authenticate', challenges);
    if (err instanceof MovedError) res.setHeader('Location', err.location);
    const fields = err instanceof ServiceError && err.fields?.length ? { errors: err.fields } : {};
    const topics = err instanceof InvalidTopicsError ? { invalidTopics: err.invalidTopics } : {};
    res.status(status).json({ ...topics, message, url: swaggerUrl(res.locals.baseUrl as string), ...fields });
  };
}

/** 404 in Gitea's shape for anything no route answered. */
export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'not found', url: swaggerUrl(res.locals.baseUrl as string) });
};
