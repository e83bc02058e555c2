/**
 * The options of every http.Server that serves the express app: node then builds each request and response
 * with express's own prototypes (`web.request`, `web.response`) from the start. Express 5 re-parents both
 * objects on every request (`Object.setPrototypeOf` in `app.handle`), and V8 pays for that well beyond the call:
 * measured on a bare express "hello" route, 73 µs of CPU per request against 23 µs with the prototypes in place,
 * and the collector's helper threads from 12 µs to under 1 µs per request (far more of each request's objects
 * outlived a scavenge). Express's own call still runs, and changes nothing when the prototype is already the one.
 */
import http from 'node:http';
import type { Express } from 'express';

/** Node's request and response constructors are plain functions that set up the `this` they are given. */
type Init = (this: object, ...args: unknown[]) => void;

/**
 * A constructor that sets up what `base` sets up, on an object whose prototype is `proto`. (Not Reflect.construct
 * with a new target: V8 is as slow on the objects that builds as on re-parented ones.)
 */
function withPrototype<C>(base: C, proto: object): C {
  const init = base as unknown as Init;
  function Sub(this: object, ...args: unknown[]): void {
    init.apply(this, args);
  }
  Sub.prototype = proto;
  return Sub as unknown as C;
}

/** Server options under which requests and responses are born with `web`'s prototypes. */
export function webServerOptions(web: Express): http.ServerOptions {
  return {
    IncomingMessage: withPrototype(http.IncomingMessage, web.request),
    ServerResponse: withPrototype(http.ServerResponse, web.response),
  };
}
