/** Exercises releases, their attachments, tag protection and commit statuses through a checker. */
import { ADMIN } from '../helpers/host.ts';
import type { Checker } from './checked.ts';
import type { World } from './flows-accounts.ts';

const R = `/repos/${ADMIN.username}/demo`;

/** A multipart body with one `attachment` part, as tea and gitea-js send it. */
function multipart(name: string, text: string): { rawBody: string; headers: Record<string, string> } {
  const b = 'flowsboundary';
  return {
    rawBody: `--${b}\r\nContent-Disposition: form-data; name="attachment"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${b}--\r\n`,
    headers: { 'Content-Type': `multipart/form-data; boundary=${b}` },
  };
}

/** Releases (with a draft and a pre-release), assets, tag protection rules, statuses and the combined status. */
export async function releases(c: Checker, w: World): Promise<void> {
  const { admin, alice } = w;
  const rel = await c.v1('POST', `${R}/releases`, { auth: admin, body: { tag_name: 'flow-1', name: 'Flow one', body: 'notes', tag_message: 'tagged' } });
  await c.v1('POST', `${R}/releases`, { auth: admin, body: { tag_name: 'flow-2', draft: true } });
  await c.v1('POST', `${R}/releases`, { auth: admin, body: { tag_name: 'flow-3', prerelease: true } });
  const id = rel.body.id as number;
  const asset = await c.v1('POST', `${R}/releases/${id}/assets`, { auth: admin, ...multipart('notes.txt', 'hello') });
  await c.v1('PATCH', `${R}/releases/${id}/assets/${asset.body.id}`, { auth: admin, body: { name: 'NOTES.txt' } });
  await c.v1('PATCH', `${R}/releases/${id}`, { auth: admin, body: { body: 'more notes' } });
  for (const auth of [admin, alice, undefined]) {
    await c.v1('GET', `${R}/releases?limit=2`, { auth });
    await c.v1('GET', `${R}/releases/latest`, { auth });
    await c.v1('GET', `${R}/releases/${id}`, { auth });
    await c.v1('GET', `${R}/releases/tags/flow-1`, { auth });
    await c.v1('GET', `${R}/releases/${id}/assets`, { auth });
    await c.v1('GET', `${R}/releases/${id}/assets/${asset.body.id}`, { auth });
  }
  const rule = await c.v1('POST', `${R}/tag_protections`, { auth: admin, body: { name_pattern: 'locked-*', whitelist_usernames: ['alice'] } });
  await c.v1('GET', `${R}/tag_protections`, { auth: admin });
  await c.v1('GET', `${R}/tag_protections/${rule.body.id}`, { auth: admin });
  await c.v1('PATCH', `${R}/tag_protections/${rule.body.id}`, { auth: admin, body: { name_pattern: 'sealed-*' } });
  await c.v1('DELETE', `${R}/tag_protections/${rule.body.id}`, { auth: admin });
  await c.v1('POST', `${R}/statuses/main`, { auth: admin, body: { state: 'success', context: 'ci', target_url: 'https://ci.example/1', description: 'ok' } });
  await c.v1('POST', `${R}/statuses/main`, { auth: admin, body: { state: 'pending', context: 'lint' } });
  for (const auth of [admin, alice, undefined]) {
    await c.v1('GET', `${R}/statuses/main?sort=oldest`, { auth });
    await c.v1('GET', `${R}/commits/main/statuses?state=success`, { auth });
    await c.v1('GET', `${R}/commits/main/status`, { auth });
  }
  await c.v1('DELETE', `${R}/releases/${id}/assets/${asset.body.id}`, { auth: admin });
  await c.v1('DELETE', `${R}/releases/tags/flow-3`, { auth: admin });
  await c.v1('DELETE', `${R}/releases/${id}`, { auth: admin });
}
