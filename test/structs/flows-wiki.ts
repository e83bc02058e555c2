/** Exercises the wiki operations (create, get, list, edit, revisions, delete) through a checker. */
import { ADMIN } from '../helpers/host.ts';
import type { Checker } from './checked.ts';
import type { World } from './flows-accounts.ts';

const R = `/repos/${ADMIN.username}/wiki-demo/wiki`;
const b64 = (s: string): string => Buffer.from(s).toString('base64');

/** A wiki of two pages, read by its owner, a signed-in user and an anonymous visitor. */
export async function wiki(c: Checker, w: World): Promise<void> {
  const { admin, alice } = w;
  await c.v1('POST', '/user/repos', { auth: admin, body: { name: 'wiki-demo' } });
  await c.v1('POST', `${R}/new`, { auth: admin, body: { title: 'Home', content_base64: b64('# Home\n'), message: 'first page' } });
  await c.v1('POST', `${R}/new`, { auth: admin, body: { title: '_Sidebar', content_base64: b64('side') } });
  await c.v1('PATCH', `${R}/page/Home`, { auth: admin, body: { content_base64: b64('# Home again\n') } });
  await c.v1('POST', `${R}/new`, { auth: admin, body: { title: 'Old name', content_base64: b64('x') } });
  await c.v1('PATCH', `${R}/page/Old-name`, { auth: admin, body: { title: 'New name', content_base64: b64('y') } });
  for (const auth of [admin, alice, undefined]) {
    await c.v1('GET', `${R}/pages`, { auth });
    await c.v1('GET', `${R}/page/Home`, { auth });
    await c.v1('GET', `${R}/revisions/Home`, { auth });
  }
  await c.v1('DELETE', `${R}/page/New-name`, { auth: admin });
}
