/** Shared set-up of the issue tests: a host, users with tokens, gitea-js clients, and a failure reader. */
import { giteaApi, type Api } from 'gitea-js';
import { createToken, ADMIN, type TestHost } from '../helpers/host.ts';

/** The status and Gitea message of a gitea-js call that must fail. */
export async function failure(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await p;
  } catch (err) {
    const res = err as Response & { error: { message?: string } };
    return { status: res.status, message: res.error?.message ?? '' };
  }
  throw new Error('the call succeeded');
}

/** A gitea-js client for a token. */
export const client = (h: TestHost, token: string): Api<unknown> => giteaApi(h.url, { token });

/** Creates a user (by the admin) and returns a token of theirs with `scopes`. */
export async function makeUser(h: TestHost, name: string, scopes = ['all']): Promise<string> {
  const password = `${name}-password-1`;
  const res = await h.api('POST', '/admin/users', {
    auth: [ADMIN.username, ADMIN.password], body: { username: name, email: `${name}@example.com`, password, must_change_password: false },
  });
  if (res.status !== 201) throw new Error(`user create failed: ${res.status} ${res.text}`);
  return createToken(h, name, password, scopes);
}
