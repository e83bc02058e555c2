import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { sendJson, sendJsonText, strongEtag } from './send-json.ts';

const BODIES: [number, unknown][] = [
  [200, { id: 1, name: 'bench', nested: { a: [1, 2, null] }, text: 'ünïcödé ✓ \u2028' }],
  [200, []], [200, {}], [201, { created: true }], [404, { message: 'not found', url: 'x' }], [200, 'a string'], [200, null], [200, 0],
  [204, { ignored: true }], [200, undefined], [200, { big: 'x'.repeat(70_000) }],
];

interface Raw { status: number; headers: string[]; body: string }

function get(url: string, method: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => {
        // Date changes between requests; everything else must match, in order.
        const h: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) if (res.rawHeaders[i] !== 'Date') h.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
        resolve({ status: res.statusCode ?? 0, headers: h, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

test('sendJson answers exactly as res.status().json() does', async () => {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  app.get('/express/:i', (req, res) => { const [s, b] = BODIES[Number(req.params.i)]!; res.setHeader('X-Before', '1'); res.status(s).json(b); });
  app.get('/fast/:i', (req, res) => { const [s, b] = BODIES[Number(req.params.i)]!; res.setHeader('X-Before', '1'); sendJson(res, s, b); });
  // the body handed over as its UTF-8 bytes with its ETag, as a kept search page is
  app.get('/bytes/:i', (req, res) => {
    const [s, b] = BODIES[Number(req.params.i)]!;
    res.setHeader('X-Before', '1');
    const text = JSON.stringify(b) as string | undefined;
    const bytes = text === undefined ? undefined : Buffer.from(text, 'utf8');
    if (!bytes || !sendJsonText(res, s, bytes, strongEtag(bytes))) res.status(s).json(b);
  });
  app.get('/typed/:i', (req, res) => { const [s, b] = BODIES[Number(req.params.i)]!; res.type('application/vnd.x+json'); sendJson(res, s, b); });
  app.get('/typed-express/:i', (req, res) => { const [s, b] = BODIES[Number(req.params.i)]!; res.type('application/vnd.x+json'); res.status(s).json(b); });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    for (let i = 0; i < BODIES.length; i++) {
      for (const method of ['GET', 'HEAD']) {
        const a = await get(`${base}/express/${i}`, method);
        assert.deepEqual(await get(`${base}/fast/${i}`, method), a, `${method} body ${i}`);
        assert.deepEqual(await get(`${base}/bytes/${i}`, method), a, `${method} bytes body ${i}`);
        assert.deepEqual(await get(`${base}/typed/${i}`, method), await get(`${base}/typed-express/${i}`, method), `${method} typed body ${i}`);
        const etag = a.headers.find((h) => h.startsWith('ETag: '))?.slice(6);
        if (!etag) continue;
        for (const inm of [etag, `W/${etag}`, '"other"', '*']) {
          const want = await get(`${base}/express/${i}`, method, { 'If-None-Match': inm });
          assert.deepEqual(await get(`${base}/fast/${i}`, method, { 'If-None-Match': inm }), want, `${method} body ${i} If-None-Match ${inm}`);
          assert.deepEqual(await get(`${base}/bytes/${i}`, method, { 'If-None-Match': inm }), want, `${method} bytes body ${i} If-None-Match ${inm}`);
        }
      }
    }
  } finally {
    await new Promise((r) => server.close(r));
  }
});
