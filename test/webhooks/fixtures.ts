/** Shared pieces of the webhook tests: a push payload and hook creation through the API. */
import type { TestHost } from '../helpers/host.ts';

/** A Gitea PushPayload with one commit on `branch`. */
export function pushPayload(branch = 'main', n = 1): Record<string, unknown> {
  const commit = { id: 'a'.repeat(40), message: `commit ${n}\n`, url: 'http://h/root/proj/commit/aaa', author: { name: 'Root', email: 'r@x', username: 'root' }, committer: { name: 'Root', email: 'r@x', username: 'root' }, timestamp: '2024-01-01T00:00:00Z', added: [], removed: [], modified: ['README.md'] };
  return {
    ref: `refs/heads/${branch}`, before: '0'.repeat(40), after: 'a'.repeat(40), compare_url: 'http://h/root/proj/compare/x...y',
    commits: [commit], total_commits: 1, head_commit: commit,
    repository: { id: 1, full_name: 'root/proj', html_url: 'http://h/root/proj' }, pusher: { login: 'root' }, sender: { login: 'root', html_url: 'http://h/root' },
    n,
  };
}

/** Creates a hook through the API and returns its id. */
export async function makeHook(h: TestHost, token: string, path: string, body: Record<string, unknown>): Promise<number> {
  const res = await h.api('POST', path, { auth: token, body: { active: true, ...body } });
  if (res.status !== 201) throw new Error(`hook create failed: ${res.status} ${res.text}`);
  return res.body.id as number;
}
