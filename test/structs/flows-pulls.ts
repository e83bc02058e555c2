/** Exercises forks and pull requests (create, list, get, edit, diff, files, commits, merge, update) through a checker. */
import { ADMIN } from '../helpers/host.ts';
import type { Checker } from './checked.ts';
import type { World } from './flows-accounts.ts';

const R = `/repos/${ADMIN.username}/demo`;
const b64 = (s: string): string => Buffer.from(s).toString('base64');

/** A fork by alice, pull requests from a branch and from the fork, their reads, an edit, an update and merges. */
export async function pulls(c: Checker, w: World): Promise<void> {
  const { admin, alice } = w;
  await c.v1('POST', `${R}/contents/pr-one.txt`, { auth: admin, body: { content: b64('one\n'), message: 'one', new_branch: 'pr-one' } });
  await c.v1('POST', `${R}/contents/pr-two.txt`, { auth: admin, body: { content: b64('two\n'), message: 'two', new_branch: 'pr-two' } });
  const fork = await c.v1('POST', `${R}/forks`, { auth: alice, body: {} });
  await c.v1('GET', `${R}/forks`, { auth: alice });
  await c.v1('POST', `/repos/alice/${fork.body.name}/contents/from-fork.txt`, { auth: alice, body: { content: b64('fork\n'), message: 'from the fork', new_branch: 'fix' } });
  const one = await c.v1('POST', `${R}/pulls`, { auth: admin, body: { head: 'pr-one', base: 'main', title: 'One', body: 'first' } });
  const two = await c.v1('POST', `${R}/pulls`, { auth: admin, body: { head: 'pr-two', base: 'main', title: 'Two' } });
  const three = await c.v1('POST', `${R}/pulls`, { auth: alice, body: { head: 'alice:fix', base: 'main', title: 'From the fork' } });
  for (const auth of [admin, alice, undefined]) {
    await c.v1('GET', `${R}/pulls?state=all&sort=recentupdate&limit=5`, { auth });
    await c.v1('GET', `${R}/pulls/${one.body.number}`, { auth });
    await c.v1('GET', `${R}/pulls/main/pr-one`, { auth });
    await c.v1('GET', `${R}/pulls/${one.body.number}/files`, { auth });
    await c.v1('GET', `${R}/pulls/${three.body.number}/commits`, { auth });
  }
  await c.v1('GET', `${R}/pulls/${one.body.number}.diff`, { auth: admin });
  await c.v1('GET', `${R}/pulls/${one.body.number}.patch`, { auth: alice });
  await c.v1('PATCH', `${R}/pulls/${two.body.number}`, { auth: admin, body: { title: 'Two, edited', assignees: [ADMIN.username] } });
  await c.v1('POST', `${R}/pulls/${one.body.number}/merge`, { auth: admin, body: { Do: 'merge' } });
  await c.v1('GET', `${R}/pulls/${one.body.number}/merge`, { auth: admin });
  await c.v1('POST', `${R}/pulls/${two.body.number}/update`, { auth: admin });
  await c.v1('POST', `${R}/pulls/${two.body.number}/merge`, { auth: admin, body: { Do: 'squash', delete_branch_after_merge: true } });
  await c.v1('POST', `${R}/pulls/${three.body.number}/merge`, { auth: admin, body: { Do: 'rebase' } });
}
