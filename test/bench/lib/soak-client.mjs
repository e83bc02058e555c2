// One client of the soak benchmark, in its own process (plain node, no TypeScript loader, so it stays small).
// Usage: node soak-client.mjs <role> <json config>; prints one JSON line with its figures when its time is up.
// Roles: pusher (commit and push in a loop), cloner (full clones in a loop), api (paced API reads and writes),
// probe (GET /api/v1/version every 100 ms), receiver (the webhook target: counts deliveries by uuid).
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const [role, raw] = process.argv.slice(2);
const cfg = JSON.parse(raw ?? '{}');
const end = Date.now() + (cfg.ms ?? 0);
const gitEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0' };
const git = (args, cwd) => run('git', ['-c', 'user.name=Soak', '-c', 'user.email=soak@example.com', ...args], { cwd, env: gitEnv, maxBuffer: 1 << 26 });
// Exits once the line is written: a pipe takes 64 KiB at once, and the receiver's line is larger.
const done = (out) => { process.stdout.write(`${JSON.stringify({ role, ...out })}\n`, () => process.exit(0)); };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function pusher() {
  const dir = cfg.dir;
  await git(['clone', '-q', cfg.url, dir]);
  await git(['checkout', '-q', '-B', cfg.branch], dir);
  let n = 0;
  let failed = 0;
  let acked = null;
  while (Date.now() < end) {
    n += 1;
    writeFileSync(path.join(dir, `f${n % 20}.txt`), `${cfg.branch} ${n} ${'x'.repeat(2000 + (n % 7) * 300)}\n`);
    await git(['add', '-A'], dir);
    await git(['commit', '-q', '-m', `${cfg.branch} ${n}`], dir);
    const sha = (await git(['rev-parse', 'HEAD'], dir)).stdout.trim();
    try {
      await git(['push', '-q', 'origin', `HEAD:refs/heads/${cfg.branch}`], dir);
      acked = sha;
      cfg.pushes = (cfg.pushes ?? 0) + 1;
    } catch {
      failed += 1;
      await git(['fetch', '-q', 'origin'], dir).catch(() => undefined);
      await git(['reset', '-q', '--hard', acked ?? 'HEAD'], dir).catch(() => undefined);
    }
    await sleep(cfg.pauseMs ?? 0);
  }
  done({ branch: cfg.branch, repo: cfg.repo, pushes: cfg.pushes ?? 0, failed, acked });
}

async function cloner() {
  let clones = 0;
  let failed = 0;
  let i = 0;
  while (Date.now() < end) {
    const dir = path.join(cfg.dir, `c${i++}`);
    try {
      await git(['clone', '-q', '--bare', cfg.urls[i % cfg.urls.length], dir]);
      clones += 1;
    } catch {
      failed += 1;
    }
    rmSync(dir, { recursive: true, force: true });
    await sleep(cfg.pauseMs ?? 0);
  }
  done({ clones, failed });
}

async function apiClient() {
  const headers = { Authorization: cfg.auth, 'Content-Type': 'application/json' };
  const perSecond = new Map();
  const lat = [];
  let errors = 0;
  const issues = [];
  const gets = cfg.gets;
  let k = 0;
  const one = async () => {
    const i = k++;
    const t0 = performance.now();
    try {
      let res;
      if (i % 20 === 19) {
        res = await fetch(`${cfg.url}/api/v1/repos/${cfg.repo}/issues`, { method: 'POST', headers, body: JSON.stringify({ title: `soak ${cfg.name} ${i}` }) });
        if (res.status === 201) issues.push((await res.json()).number);
        else await res.arrayBuffer();
      } else {
        res = await fetch(`${cfg.url}${gets[i % gets.length]}`, { headers });
        await res.arrayBuffer();
      }
      if (res.status >= 400) errors += 1;
      const s = Math.floor((Date.now() - cfg.start) / 1000);
      perSecond.set(s, (perSecond.get(s) ?? 0) + 1);
      lat.push(performance.now() - t0);
    } catch {
      errors += 1;
    }
  };
  // Paced: a request every 1000/rate ms, at most `concurrency` in flight (a client that falls behind waits).
  const inFlight = new Set();
  let next = Date.now();
  while (Date.now() < end) {
    if (inFlight.size < (cfg.concurrency ?? 8)) {
      const p = one().finally(() => inFlight.delete(p));
      inFlight.add(p);
      next += 1000 / cfg.rate;
      const wait = next - Date.now();
      if (wait > 0) await sleep(wait);
      else next = Date.now();
    } else {
      await Promise.race(inFlight);
    }
  }
  await Promise.all(inFlight);
  done({ name: cfg.name, perSecond: [...perSecond.entries()], lat, errors, issues });
}

async function probe() {
  const samples = [];
  while (Date.now() < end) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${cfg.url}/api/v1/version`);
      await res.arrayBuffer();
      samples.push([Date.now(), performance.now() - t0, res.status]);
    } catch {
      samples.push([Date.now(), performance.now() - t0, 0]);
    }
    await sleep(100);
  }
  done({ samples });
}

function receiver() {
  const seen = new Map();
  let bodyBytes = 0;
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      bodyBytes += body.length;
      const uuid = String(req.headers['x-gitea-delivery'] ?? '');
      const event = String(req.headers['x-gitea-event'] ?? '');
      let ref = '';
      try { ref = JSON.parse(body.toString('utf8')).ref ?? ''; } catch { /* not JSON */ }
      seen.set(uuid, { n: (seen.get(uuid)?.n ?? 0) + 1, event, ref, bytes: body.length });
      res.end('ok');
    });
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`));
  // The parent asks for the figures by closing stdin.
  process.stdin.on('data', () => undefined);
  process.stdin.on('end', () => done({ deliveries: [...seen.entries()], bodyBytes }));
}

mkdirSync(cfg.dir ?? '.', { recursive: true });
const roles = { pusher, cloner, api: apiClient, probe, receiver };
await roles[role]();
