/**
 * A webhook target in a process of its own, for the delivery-rate runs: it answers every request (after `--delay`
 * ms) and counts them, keeping no bodies. The parent talks to it over the IPC channel: it is told the port, asks to
 * hear when `n` requests have arrived, and can have the waiting answers sent at once.
 * Run: node test/bench/lib/receiver-server.mjs --delay MS (with an IPC channel).
 */
import http from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { delay: { type: 'string', default: '0' } } });
let delayMs = Number(values.delay);
let count = 0;
/** Answers not yet sent (a delayed target), each with its timer. */
const waiting = new Map();
/** Requests to be told when the count reaches n: [n, id]. */
let asks = [];

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    count++;
    if (asks.length) {
      const due = asks.filter(([n]) => count >= n);
      asks = asks.filter(([n]) => count < n);
      for (const [, id] of due) process.send({ type: 'reached', id });
    }
    const answer = () => { waiting.delete(res); res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok'); };
    if (delayMs > 0) waiting.set(res, setTimeout(answer, delayMs));
    else answer();
  });
});

process.on('message', (m) => {
  if (m.type === 'wait') {
    if (count >= m.n) process.send({ type: 'reached', id: m.id });
    else asks.push([m.n, m.id]);
  } else if (m.type === 'release') {
    delayMs = 0;
    for (const [res, timer] of waiting) { clearTimeout(timer); res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok'); }
    waiting.clear();
    process.send({ type: 'released' });
  }
});
process.on('disconnect', () => process.exit(0));
server.listen(0, '127.0.0.1', () => process.send({ type: 'listening', port: server.address().port }));
