/**
 * Several middleware run as one: each layer an express router walks costs a path match, a params object, a
 * closure for its params step and a trip through `next`, and every API request passes the same fixed run of
 * middleware (host check, headers, CORS, gates; authentication and its checks). The run keeps express's rules:
 * a handler that throws or returns a rejected promise passes the error on, `next(err)` skips the rest,
 * `next('route')` goes on as `next()` does for middleware, and `next('router')` leaves the router.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

type Next = (err?: unknown) => void;
type Handler<Req, Res> = (req: Req, res: Res, next: Next) => unknown;

const isThenable = (v: unknown): v is PromiseLike<unknown> => !!v && typeof (v as { then?: unknown }).then === 'function';

/** One middleware that runs `handlers` in order, as `router.use(...handlers)` would. */
export function chain<Req extends IncomingMessage, Res extends ServerResponse>(...handlers: Handler<Req, Res>[]): Handler<Req, Res> {
  return (req, res, next) => {
    let i = 0;
    const step: Next = (err) => {
      if (err && err !== 'route') {
        next(err);
        return;
      }
      const fn = handlers[i++];
      if (!fn) {
        next();
        return;
      }
      try {
        const ret = fn(req, res, step);
        if (isThenable(ret)) ret.then(undefined, (e: unknown) => next(e || new Error('Rejected promise')));
      } catch (e) {
        next(e);
      }
    };
    step();
  };
}
