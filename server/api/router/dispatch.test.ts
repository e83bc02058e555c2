import { test } from 'node:test';
import assert from 'node:assert/strict';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { pathDispatch, requestShape, routeShape, type PathRoute } from './dispatch.ts';

test('route and request shapes: first segment in lower case, segments, open ends', () => {
  assert.deepEqual(routeShape('/repos/:owner/:repo'), { first: 'repos', segments: 3, open: false });
  assert.deepEqual(routeShape('/repos/:owner/:repo/contents/*filepath'), { first: 'repos', segments: 4, open: true });
  assert.deepEqual(routeShape('/Version'), { first: 'version', segments: 1, open: false });
  assert.deepEqual(requestShape('/REPOS/a/b/'), { first: 'repos', segments: 3 });
  assert.deepEqual(requestShape('/repos/a//'), { first: 'repos', segments: 3 });
  assert.deepEqual(requestShape('/'), { first: '', segments: 1 });
  assert.deepEqual(routeShape('/:owner/:repo/raw/branch/*filepath'), { first: null, segments: 4, open: true });
});

/** The same routes mounted plainly and through the dispatcher must answer every path alike. */
test('the dispatcher answers as a plain express router over the same routes', async () => {
  const routes: PathRoute[] = [];
  const add = (method: PathRoute['method'], path: string): void => {
    routes.push({ method, path, handler: (req, res) => { res.json({ path, params: req.params, method: req.method }); } });
  };
  add('get', '/repos/search');
  add('get', '/repos/:owner/:repo');
  add('patch', '/repos/:owner/:repo');
  add('get', '/repos/:owner/:repo/contents/*filepath');
  add('get', '/repos/:owner/:repo/contents');
  add('get', '/repos/:owner/:repo/raw{/*filepath}');
  add('get', '/version');
  add('get', '/user');
  add('get', '/attachments/:uuid');
  add('get', '/:owner/:repo/raw/branch/*filepath');
  add('get', '/:owner/:repo/commit/:sha.:type');
  add('get', '/:owner/:repo/compare/*basehead.:type');
  const plain = express.Router();
  for (const r of routes) plain[r.method](r.path, r.handler);
  const serve = async (h: express.RequestHandler): Promise<string> => {
    const app = express();
    app.use(h);
    app.use((_req, res) => { res.status(404).json({ none: true }); });
    const srv = app.listen(0, '127.0.0.1');
    await new Promise((r) => srv.once('listening', r));
    after.push(() => srv.close());
    return `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  };
  const after: (() => void)[] = [];
  try {
    const [a, b] = [await serve(plain), await serve(pathDispatch(routes))];
    const paths = ['/version', '/VERSION/', '/repos/search', '/repos/o/r', '/Repos/o/r/', '/repos/o%2Fx/r', '/repos/o/r/contents', '/repos/o/r/contents/a/b%20c.md',
      '/repos/o/r/raw', '/repos/o/r/raw/x/y', '/repos//r', '/repos/o/r//', '/repos/o', '/user', '/users', '/', '/nothing/here', '/attachments/u-1', '/root/secret/raw/branch/main/README.md', '/user/x/raw/branch/a', '/o/r/commit/abc.diff',
      '/o/r/compare/main...dev.patch', '/repos/r/raw/branch/x', `/repos/o/r/contents/${'x/'.repeat(40)}z`];
    for (const p of paths) {
      for (const method of ['GET', 'HEAD', 'PATCH', 'OPTIONS', 'DELETE']) {
        const [ra, rb] = [await fetch(a + p, { method }), await fetch(b + p, { method })];
        assert.equal(rb.status, ra.status, `${method} ${p}`);
        assert.equal(await rb.text(), await ra.text(), `${method} ${p}`);
        assert.equal(rb.headers.get('allow'), ra.headers.get('allow'), `${method} ${p}`);
      }
    }
  } finally {
    for (const f of after) f();
  }
});
