/** Exercises the issue tracker's operations (issues, comments, labels, milestones) through a checker. */
import { ADMIN } from '../helpers/host.ts';
import type { Checker } from './checked.ts';
import type { World } from './flows-accounts.ts';

const R = `/repos/${ADMIN.username}/demo`;

/** Labels, milestones, issues with all their fields set, comments, search and the organization's labels. */
export async function issues(c: Checker, w: World): Promise<void> {
  const { admin, alice } = w;
  const label = await c.v1('POST', `${R}/labels`, { auth: admin, body: { name: 'prio/high', color: 'ff0000', exclusive: true } });
  const orgLabel = await c.v1('POST', '/orgs/acme/labels', { auth: admin, body: { name: 'team/web', color: '00ff00' } });
  const ms = await c.v1('POST', `${R}/milestones`, { auth: admin, body: { title: 'v1', due_on: '2031-01-01T00:00:00Z' } });
  const issue = await c.v1('POST', `${R}/issues`, {
    auth: admin,
    body: { title: 'Checked', body: 'cc @alice', labels: [label.body.id], milestone: ms.body.id, assignees: [ADMIN.username], due_date: '2031-02-01T00:00:00Z' },
  });
  const n = issue.body.number as number;
  await c.v1('POST', `${R}/issues`, { auth: alice, body: { title: 'Plain' } });
  await c.v1('PATCH', `${R}/issues/${n}`, { auth: admin, body: { title: 'Checked again' } });
  await c.v1('POST', `${R}/issues/${n}/deadline`, { auth: admin, body: { due_date: '2031-03-01T00:00:00Z' } });
  await c.v1('POST', `${R}/issues/${n}/assignees`, { auth: admin, body: { assignees: ['alice'] } });
  await c.v1('GET', `${R}/issues/${n}/assignees/alice`, { auth: admin });
  await c.v1('POST', `${R}/issues/${n}/labels`, { auth: admin, body: { labels: [label.body.id] } });
  await c.v1('PUT', `${R}/issues/${n}/labels`, { auth: admin, body: { labels: [label.body.id] } });
  const comment = await c.v1('POST', `${R}/issues/${n}/comments`, { auth: alice, body: { body: 'a comment' } });
  await c.v1('PATCH', `${R}/issues/comments/${comment.body.id}`, { auth: alice, body: { body: 'edited' } });
  await c.v1('POST', `${R}/issues/${n}/dependencies`, { auth: admin, body: { index: 2 } });
  const third = await c.v1('POST', `${R}/issues`, { auth: admin, body: { title: 'Third' } });
  await c.v1('POST', `${R}/issues/2/blocks`, { auth: admin, body: { index: third.body.number, owner: ADMIN.username, repo: 'demo' } });
  await c.v1('GET', `${R}/issues/2/blocks`, { auth: admin });
  await c.v1('GET', `${R}/issues/${n}/dependencies`, { auth: undefined });
  await c.v1('POST', `${R}/issues/${n}/pin`, { auth: admin });
  await c.v1('PUT', `${R}/issues/${n}/lock`, { auth: admin, body: { lock_reason: 'heated' } });
  await c.v1('DELETE', `${R}/issues/${n}/lock`, { auth: admin });
  await c.v1('GET', `${R}/issues/pinned`, { auth: alice });
  for (const auth of [admin, alice, undefined]) {
    await c.v1('GET', `${R}/issues?state=all&limit=5`, { auth });
    await c.v1('GET', `${R}/issues/${n}`, { auth });
    await c.v1('GET', `${R}/issues/${n}/labels`, { auth });
    await c.v1('GET', `${R}/issues/${n}/comments`, { auth });
    await c.v1('GET', `${R}/issues/comments`, { auth });
    await c.v1('GET', `${R}/issues/comments/${comment.body.id}`, { auth });
    await c.v1('GET', `${R}/labels`, { auth });
    await c.v1('GET', `${R}/labels/${label.body.id}`, { auth });
    await c.v1('GET', `${R}/milestones?state=all`, { auth });
    await c.v1('GET', `${R}/milestones/${ms.body.id}`, { auth });
    await c.v1('GET', '/repos/issues/search?q=checked', { auth });
    await c.v1('GET', '/orgs/acme/labels', { auth });
    await c.v1('GET', `/orgs/acme/labels/${orgLabel.body.id}`, { auth });
  }
  await c.v1('PATCH', `${R}/labels/${label.body.id}`, { auth: admin, body: { description: 'urgent' } });
  await c.v1('PATCH', `${R}/milestones/${ms.body.id}`, { auth: admin, body: { state: 'closed' } });
  await c.v1('PATCH', `/orgs/acme/labels/${orgLabel.body.id}`, { auth: admin, body: { description: 'web' } });
  const doomed = await c.v1('POST', `${R}/issues`, { auth: admin, body: { title: 'To delete' } });
  await c.v1('DELETE', `${R}/issues/${doomed.body.number}`, { auth: admin });
}
