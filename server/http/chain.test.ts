import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { chain } from './chain.ts';

type H = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => unknown;
const req = {} as IncomingMessage;
const res = {} as ServerResponse;

/** Runs a chain and resolves with what it passed to the outer next. */
const run = (...hs: H[]): Promise<unknown[]> => new Promise((resolve) => { chain(...hs)(req, res, (...a: unknown[]) => resolve(a)); });

test('runs the handlers in order, then the outer next without an error', async () => {
  const seen: number[] = [];
  const h = (i: number): H => (_q, _s, next) => { seen.push(i); next(); };
  assert.deepEqual(await run(h(1), h(2), h(3)), []);
  assert.deepEqual(seen, [1, 2, 3]);
});

test('an error, a throw or a rejected promise skips the rest and reaches the outer next', async () => {
  const boom = new Error('boom');
  const never: H = () => { assert.fail('ran after an error'); };
  assert.deepEqual(await run((_q, _s, next) => next(boom), never), [boom]);
  assert.deepEqual(await run(() => { throw boom; }, never), [boom]);
  assert.deepEqual(await run(async () => { throw boom; }, never), [boom]);
  const [err] = await run(() => Promise.reject(undefined), never);
  assert.equal((err as Error).message, 'Rejected promise');
});

test("next('route') goes on, next('router') leaves, and a handler that answers stops the run", async () => {
  const seen: string[] = [];
  assert.deepEqual(await run((_q, _s, next) => next('route'), (_q, _s, next) => { seen.push('after route'); next(); }), []);
  assert.deepEqual(seen, ['after route']);
  assert.deepEqual(await run((_q, _s, next) => next('router'), () => assert.fail('ran after router')), ['router']);
  let outer = false;
  chain(() => undefined, () => assert.fail('ran after an answer'))(req, res, () => { outer = true; });
  assert.equal(outer, false);
});

test('a handler may call next later (after an await)', async () => {
  const seen: string[] = [];
  assert.deepEqual(await run(async (_q, _s, next) => { await new Promise((r) => setTimeout(r, 1)); seen.push('a'); next(); }, (_q, _s, next) => { seen.push('b'); next(); }), []);
  assert.deepEqual(seen, ['a', 'b']);
});
