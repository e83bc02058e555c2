/** A host with alice (owner of the organization acme and of repositories), bob (a stranger) and carol (a write collaborator). */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ADMIN, createToken, startHost, type ApiResponse, type TestHost } from '../helpers/host.ts';

export interface SecretsWorld {
  h: TestHost;
  root: string;
  alice: string;
  bob: string;
  carol: string;
  /** ids of alice/app (private), alice/pub (public) and acme/tool (private). */
  repos: { app: number; pub: number; tool: number };
  orgId: number;
  aliceId: number;
}

/** Fails unless the answer has the status (with its text in the message). */
export const ok = (res: ApiResponse, status: number): ApiResponse => {
  assert.equal(res.status, status, `${status} expected: ${res.status} ${res.text}`);
  return res;
};

async function user(h: TestHost, root: string, name: string): Promise<string> {
  ok(await h.api('POST', '/admin/users', { auth: root, body: { username: name, email: `${name}@example.com`, password: `${name}-password-1`, must_change_password: false } }), 201);
  return createToken(h, name, `${name}-password-1`);
}

/** Starts a host and builds the world. */
export async function secretsWorld(): Promise<SecretsWorld> {
  const h = await startHost();
  const root = await createToken(h, ADMIN.username, ADMIN.password);
  const [alice, bob, carol] = [await user(h, root, 'alice'), await user(h, root, 'bob'), await user(h, root, 'carol')];
  const app = ok(await h.api('POST', '/user/repos', { auth: alice, body: { name: 'app', private: true } }), 201).body;
  const pub = ok(await h.api('POST', '/user/repos', { auth: alice, body: { name: 'pub', private: false } }), 201).body;
  ok(await h.api('PUT', '/repos/alice/app/collaborators/carol', { auth: alice, body: { permission: 'write' } }), 204);
  const org = ok(await h.api('POST', '/orgs', { auth: alice, body: { username: 'acme', visibility: 'private' } }), 201).body;
  const tool = ok(await h.api('POST', '/orgs/acme/repos', { auth: alice, body: { name: 'tool', private: true } }), 201).body;
  return { h, root, alice, bob, carol, repos: { app: app.id, pub: pub.id, tool: tool.id }, orgId: org.id, aliceId: app.owner.id };
}

/** Every file under `dir`, recursively. */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

/** The files under `dir` whose bytes contain `text`. */
export async function filesHolding(dir: string, text: string): Promise<string[]> {
  const hits: string[] = [];
  for (const f of await filesUnder(dir)) if ((await readFile(f)).includes(text)) hits.push(f);
  return hits;
}
