import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { lazyHandler } from './lazy-handler.ts';

const req = {} as IncomingMessage;
const res = {} as ServerResponse;
const settle = () => new Promise((r) => setTimeout(r, 5));

test('the module loads once, on the first request; requests during the load wait for it', async () => {
  let loads = 0;
  const served: number[] = [];
  const handler = lazyHandler(async () => {
    loads++;
    await settle();
    return (_req, _res, next) => { served.push(served.length); next(); };
  });
  assert.equal(loads, 0, 'nothing loads before a request');
  let nexts = 0;
  handler(req, res, () => { nexts++; });
  handler(req, res, () => { nexts++; });
  await settle();
  await settle();
  handler(req, res, () => { nexts++; });
  await settle();
  assert.equal(loads, 1);
  assert.deepEqual(served, [0, 1, 2]);
  assert.equal(nexts, 3);
});

test('a failed load passes its error to that request and is tried again on the next one', async () => {
  let loads = 0;
  const handler = lazyHandler(async () => {
    loads++;
    if (loads === 1) throw new Error('cannot load');
    return (_req, _res, next) => next();
  });
  const errors: unknown[] = [];
  handler(req, res, (err) => errors.push(err));
  await settle();
  assert.equal((errors[0] as Error).message, 'cannot load');
  handler(req, res, (err) => errors.push(err ?? 'ok'));
  await settle();
  assert.deepEqual(errors.slice(1), ['ok']);
  assert.equal(loads, 2);
});

test('an error the handler throws goes to next', async () => {
  const handler = lazyHandler(async () => () => { throw new Error('handler failed'); });
  let got: unknown;
  handler(req, res, (err) => { got = err; });
  await settle();
  assert.equal((got as Error).message, 'handler failed');
});
