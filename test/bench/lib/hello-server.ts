/** The API ceiling: a bare express app with one "hello" route. Run: node --import tsx test/bench/lib/hello-server.ts --port P */
import express from 'express';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { port: { type: 'string' } } });
const app = express();
app.disable('x-powered-by');
app.get('/hello', (_req, res) => { res.json({ hello: 'world' }); });
app.listen(Number(values.port ?? 0), '127.0.0.1');
