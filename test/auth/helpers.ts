/** Shared bits of the authentication tests: users made through the service, /api/homeforge requests, TOTP codes. */
import { TOTP, Secret } from 'otpauth';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { request, type ApiResponse, type RequestOpts, type TestHost } from '../helpers/host.ts';
import { createUser } from '../../server/services/user/users.ts';
import * as userStore from '../../server/store/users.ts';
import type { UserRecord } from '../../server/store/records.ts';

/** Sends a request below /api/homeforge. */
export const own = (h: TestHost, method: string, p: string, o: RequestOpts = {}): Promise<ApiResponse> =>
  request(h.url, method, `/api/homeforge${p}`, o);

/** Creates a local user with a password directly through the service (the set-up, not the thing under test). */
export async function makeUser(h: TestHost, name: string, password = `${name}-password-1`): Promise<UserRecord> {
  return createUser(h.app, { username: name, email: `${name}@example.com`, password });
}

/** Changes a stored user (to deactivate or prohibit it). */
export async function editUser(h: TestHost, name: string, change: (u: UserRecord) => void): Promise<void> {
  const u = await userStore.getByName(h.app.store, name);
  if (!u) throw new Error(`no user ${name}`);
  await userStore.update(h.app.store, u.id, change);
}

/** Signs in through the UI endpoint and returns the token. */
export async function signIn(h: TestHost, username: string, password: string, otp?: string): Promise<string> {
  const res = await own(h, 'POST', '/session', { body: { username, password, otp } });
  if (res.status !== 201) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return res.body.token as string;
}

/** The TOTP code for `secret` `steps` periods away from now. */
export function codeAt(secret: string, steps: number): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** Waits until the current 30 s step has at least `margin` seconds left, so codes computed now stay in step. */
export async function awayFromStepEdge(margin = 8): Promise<void> {
  const left = 30 - ((Date.now() / 1000) % 30);
  if (left < margin) await new Promise((r) => setTimeout(r, left * 1000 + 200));
}

/** Every file under the data dir's store, concatenated: to check what is kept at rest. */
export async function storeText(h: TestHost): Promise<string> {
  await h.app.store.engine.flush();
  const root = path.join(h.dataDir, 'store');
  const parts: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else parts.push(await readFile(p, 'utf8'));
    }
  };
  await walk(root);
  return parts.join('\n');
}
