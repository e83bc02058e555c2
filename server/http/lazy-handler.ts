/** Request handlers built on first use, so code that most hosts never run is not loaded at start. */
import type { IncomingMessage, ServerResponse } from 'node:http';

type Handler<Req extends IncomingMessage, Res extends ServerResponse> = (req: Req, res: Res, next: (err?: unknown) => void) => unknown;

/**
 * A handler that loads its module and builds the real handler on the first request (later requests wait for the
 * same load). A failed load answers that request with the error and is tried again on the next one.
 */
export function lazyHandler<Req extends IncomingMessage, Res extends ServerResponse>(build: () => Promise<Handler<Req, Res>>): Handler<Req, Res> {
  let ready: Promise<Handler<Req, Res>> | null = null;
  return (req, res, next) => {
    ready ??= build();
    ready.then((handler) => handler(req, res, next), (err: unknown) => {
      ready = null;
      throw err;
    }).catch(next);
  };
}
