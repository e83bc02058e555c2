import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { webServerOptions } from './web-server.ts';

test('requests and responses are born with the express prototypes, and express serves them as before', async () => {
  const web = express();
  web.disable('x-powered-by');
  web.get('/hello', (req, res) => {
    res.json({ path: req.path, query: req.query, host: req.hostname, isRequest: req instanceof http.IncomingMessage, isResponse: res instanceof http.ServerResponse });
  });
  const server = http.createServer(webServerOptions(web), web);
  const before: boolean[] = [];
  // node's own 'request' listeners run before express's app.handle re-parents anything
  server.prependListener('request', (req, res) => {
    before.push(Object.getPrototypeOf(req) === web.request && Object.getPrototypeOf(res) === web.response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const res = await fetch(`${url}/hello?a=1&b=2`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('etag') ?? '', /^W\/"/);
    assert.deepEqual(await res.json(), { path: '/hello', query: { a: '1', b: '2' }, host: '127.0.0.1', isRequest: true, isResponse: true });
    const head = await fetch(`${url}/hello`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
    assert.equal((await fetch(`${url}/nothing`)).status, 404);
    assert.deepEqual(before, [true, true, true]);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
