/** Helpers for the organization tests: users made through the admin API, each with an all-scopes token. */
import assert from 'node:assert/strict';
import { ADMIN, createToken, type ApiResponse, type TestHost } from '../helpers/host.ts';

export const ADMIN_AUTH: [string, string] = [ADMIN.username, ADMIN.password];

/** The password makeUser gives a user. */
export const pw = (name: string): string => `${name}-password-1`;

/** Creates a local user through POST /admin/users and returns a token of it with every scope. */
export async function makeUser(h: TestHost, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await h.api('POST', '/admin/users', {
    auth: ADMIN_AUTH,
    body: { username: name, email: `${name}@example.com`, password: pw(name), must_change_password: false, ...extra },
  });
  assert.equal(res.status, 201, res.text);
  return createToken(h, name, pw(name), ['all']);
}

/** Asserts the status of a response, showing its body when it differs. */
export function expectStatus(res: ApiResponse, status: number): void {
  assert.equal(res.status, status, `${status} expected, got ${res.status}: ${res.text}`);
}
