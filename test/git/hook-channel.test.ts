// The pre-receive hook's channel: the host's socket inherited as file descriptor 3 (sh + cat, no node), the node
// client kept for where there is none, and a real push to the host that never starts the node client.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { Duplex } from 'node:stream';
import type { Request } from 'express';
import { HOOK_ENV, installHooks } from '../../server/git/hooks.ts';
import { parseQuestion, serveHookChannel, type HookQuestion } from '../../server/http/hook-channel.ts';
import { PreReceiveGate } from '../../server/http/pre-receive.ts';
import * as repoStore from '../../server/store/repos.ts';
import * as userStore from '../../server/store/users.ts';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials, makeRepo, commitFiles, type GitSandbox } from '../helpers/git.ts';

const TOKEN = 'ab'.repeat(32);
const A = '1'.repeat(40);
const B = '2'.repeat(40);
const C = '3'.repeat(64);

interface HookRun { code: number | null; stderr: string }

/** Runs `cmd` as receive-pack runs the hook: ref lines on stdin, the environment, and (when `serve` is given) fd 3. */
function runWith(cmd: string[], env: Record<string, string>, input: string, serve?: (socket: Duplex) => void): Promise<HookRun> {
  const child = spawn(cmd[0]!, cmd.slice(1), { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe', ...(serve ? ['pipe' as const] : [])] });
  if (serve) serve(child.stdio[3] as Duplex);
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => { stderr += c.toString(); });
  child.stderr!.on('data', (c: Buffer) => { stderr += c.toString(); });
  child.stdin!.end(input);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe('the hook and its channel, without a host', () => {
  let dir: string;
  let hook: string;
  // A node that cannot start: a hook that falls back to the node client fails loudly.
  const env = (extra: Record<string, string> = {}): Record<string, string> => ({
    [HOOK_ENV.mode]: 'check', [HOOK_ENV.token]: TOKEN, [HOOK_ENV.channel]: '3', [HOOK_ENV.node]: '/nonexistent/node', ...extra,
  });

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'homeforge-channel-'));
    await installHooks(dir);
    hook = path.join(dir, 'hooks', 'pre-receive');
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('the question carries the token, the quarantine variables and every ref line; "allow" lets the push through', async () => {
    const asked: (HookQuestion | null)[] = [];
    const quarantine = { GIT_OBJECT_DIRECTORY: '/r/objects/incoming-1', GIT_QUARANTINE_PATH: '/r/objects/incoming-1' };
    const r = await runWith([hook], env(quarantine), `${A} ${B} refs/heads/main\n${'0'.repeat(64)} ${C} refs/tags/v1\n`, (s) => serveHookChannel(s, async (q) => {
      asked.push(q);
      return null;
    }));
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(asked, [{
      token: TOKEN, quarantine,
      updates: [{ oldSha: A, newSha: B, ref: 'refs/heads/main' }, { oldSha: '0'.repeat(64), newSha: C, ref: 'refs/tags/v1' }],
    }]);
  });

  test('"refuse" prints the whole message (every line) and fails the hook', async () => {
    const r = await runWith([hook], env(), `${A} ${B} refs/heads/main\n`, (s) => serveHookChannel(s, async () => 'Not allowed to push to protected branch main\nsecond line'));
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'Not allowed to push to protected branch main\nsecond line\n');
  });

  test('a host that errs, or closes without an answer, refuses the push', async () => {
    const erred = await runWith([hook], env(), `${A} ${B} refs/heads/main\n`, (s) => serveHookChannel(s, async () => { throw new Error('store gone'); }));
    assert.equal(erred.code, 1);
    assert.match(erred.stderr, /the host could not check the push: store gone/);
    const closed = await runWith([hook], env(), `${A} ${B} refs/heads/main\n`, (s) => { s.on('data', () => s.end()); });
    assert.equal(closed.code, 1);
    assert.match(closed.stderr, /the host could not check the push/);
  });

  test('without the channel the hook uses the node client and its HTTP call, token in the header', async () => {
    const seen: { auth?: string; body: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString(); });
      req.on('end', () => {
        seen.push({ auth: req.headers.authorization, body });
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ allow: false, message: 'refused over http' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
      // The channel variable is set but no descriptor 3 is open: the hook must not hang or fail on it.
      const r = await runWith([hook], env({ [HOOK_ENV.node]: process.execPath, [HOOK_ENV.url]: url }), `${A} ${B} refs/heads/main\n`);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /refused over http/);
      assert.equal(seen.length, 1);
      assert.equal(seen[0]!.auth, `Bearer ${TOKEN}`);
      assert.deepEqual(JSON.parse(seen[0]!.body).updates, [{ oldSha: A, newSha: B, ref: 'refs/heads/main' }]);
    } finally {
      server.close();
    }
  });

  test('malformed questions are not read as ref updates', () => {
    const q = (lines: string[]): HookQuestion | null => parseQuestion(`${lines.join('\n')}\n`);
    const head = [`homeforge-pre-receive ${TOKEN}`, '', '', ''];
    assert.ok(q([...head, `${A} ${B} refs/heads/x`, 'end']));
    assert.deepEqual(q([...head, 'end'])?.updates, []);
    assert.equal(q([...head, `${A} ${B} refs/heads/x`]), null, 'no end line');
    assert.equal(q([...head, `${A} ${B} heads/x`, 'end']), null, 'not under refs/');
    assert.equal(q([...head, `${A} zz refs/heads/x`, 'end']), null, 'not a sha');
    assert.equal(q([...head, `${A} ${B} refs/heads/x extra`, 'end']), null, 'extra field');
    assert.equal(q(['hello', '', '', '', 'end']), null, 'no header');
  });
});

describe('the channel on a real host', () => {
  let h: TestHost;
  let g: GitSandbox;
  let token: string;
  let work: string;
  const remote = (): string => withCredentials(`${h.url}/root/chan.git`, ADMIN.username, token);
  const gitDir = async (): Promise<string> => {
    const repo = await repoStore.getByOwnerAndName(h.app.store, 1, 'chan');
    assert.ok(repo);
    return repoStore.gitDirOf(h.app.store, repo);
  };

  before(async () => {
    h = await startHost();
    g = await gitSandbox();
    token = await createToken(h, ADMIN.username, ADMIN.password);
    assert.equal((await h.api('POST', '/user/repos', { auth: token, body: { name: 'chan' } })).status, 201);
    work = path.join(g.dir, 'work');
    await makeRepo(g, work, { 'a.txt': 'a\n' });
    await g.ok(['push', remote(), 'main'], { cwd: work });
    // The node client is replaced by one that only says it ran: a push that reaches it shows that line.
    await writeFile(path.join(await gitDir(), 'hooks', 'homeforge-pre-receive.cjs'), "process.stderr.write('node client started\\n'); process.exit(1);\n");
  });
  after(async () => {
    await g.dispose();
    await h.stop();
  });

  test('a protected branch: the allowed push and the refused one are both answered over the channel', async () => {
    const rule = { rule_name: 'main', enable_push: true, enable_push_whitelist: true, push_whitelist_usernames: [ADMIN.username], protected_file_patterns: '*.lock' };
    assert.equal((await h.api('POST', '/repos/root/chan/branch_protections', { auth: token, body: rule })).status, 201);
    const allowed = await commitFiles(g, work, { 'b.txt': 'b\n' }, 'allowed');
    const ok = await g.run(['push', remote(), 'main'], { cwd: work });
    assert.equal(ok.code, 0, ok.stderr);
    assert.doesNotMatch(ok.stderr, /node client started/);
    assert.equal((await g.ok(['ls-remote', remote(), 'refs/heads/main'])).split('\t')[0], allowed);
    // The protected-file rule reads the pushed objects through the quarantine variables the hook passed on.
    await commitFiles(g, work, { 'yarn.lock': 'v2\n' }, 'lock');
    const refused = await g.run(['push', remote(), 'main'], { cwd: work });
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /remote: .*yarn\.lock/);
    assert.match(refused.stderr, /pre-receive hook declined/);
    assert.doesNotMatch(refused.stderr, /node client started/);
    assert.equal((await g.ok(['ls-remote', remote(), 'refs/heads/main'])).split('\t')[0], allowed);
  });

  test('the host\'s side refuses a question with another push\'s token', async () => {
    const repo = await repoStore.getByOwnerAndName(h.app.store, 1, 'chan');
    const doer = await userStore.getById(h.app.store, 1);
    assert.ok(repo && doer);
    const gate = new PreReceiveGate(h.app);
    const fakeReq = { socket: { localAddress: '127.0.0.1', localPort: 1 } } as unknown as Request;
    const opened = await gate.begin(fakeReq, repo, doer, await gitDir());
    try {
      assert.ok(opened.channel, 'this platform has the channel');
      const ask = `printf 'homeforge-pre-receive %s\\n\\n\\n\\n%s\\nend\\n' "$T" "${A} ${B} refs/heads/main" >&3; cat <&3`;
      const wrong = await runWith(['sh', '-c', ask], { T: 'cd'.repeat(32) }, '', opened.channel);
      assert.equal(wrong.stderr, 'refuse\nunknown push\n');
      const right = await runWith(['sh', '-c', ask], { T: opened.env[HOOK_ENV.token]! }, '', opened.channel);
      assert.match(right.stderr, /^(allow|refuse)\n/);
      assert.doesNotMatch(right.stderr, /unknown push/);
    } finally {
      opened.end();
    }
  });
});
