/** Helpers for the organization tests: users made through the admin API, each with an all-scopes token. */
import assert from 'node:assert/strict';
import { ADMIN, type ApiResponse } from '../helpers/host.ts';

export { makeUser, pw } from '../helpers/host.ts';

export const ADMIN_AUTH: [string, string] = [ADMIN.username, ADMIN.password];

/** Asserts the status of a response, showing its body when it differs. */
export function expectStatus(res: ApiResponse, status: number): void {
  assert.equal(res.status, status, `${status} expected, got ${res.status}: ${res.text}`);
}
