/** Exercises reactions, subscriptions, the timeline and attachments of issues and comments through a checker. */
import { ADMIN, type TestHost } from '../helpers/host.ts';
import type { Checker } from './checked.ts';
import type { World } from './flows-accounts.ts';

const R = `/repos/${ADMIN.username}/demo`;

/** Uploads one file as a multipart form and checks the answer against the route's schema. */
async function upload(c: Checker, h: TestHost, token: string, p: string): Promise<Record<string, unknown>> {
  const form = new FormData();
  form.append('attachment', new Blob([Buffer.from('checked file\n')], { type: 'text/plain' }), 'checked.txt');
  const res = await fetch(`${h.url}/api/v1${p}`, { method: 'POST', body: form, headers: { Authorization: `token ${token}` } });
  const body = await res.json() as Record<string, unknown>;
  c.body('POST', `/api/v1${p}`, res.status, body);
  return body;
}

/** Reactions (issue and comment), subscriptions, the timeline with events and references, attachments, assignees and reviewers. */
export async function issueExtras(c: Checker, h: TestHost, w: World): Promise<void> {
  const { admin, alice } = w;
  const issue = await c.v1('POST', `${R}/issues`, { auth: admin, body: { title: 'Extras', body: 'first' } });
  const n = issue.body.number as number;
  await c.v1('POST', `${R}/issues`, { auth: alice, body: { title: 'Refers', body: `see #${n}` } });
  const comment = await c.v1('POST', `${R}/issues/${n}/comments`, { auth: alice, body: { body: 'a comment' } });
  const cid = comment.body.id as number;
  await c.v1('POST', `${R}/issues/${n}/reactions`, { auth: alice, body: { content: 'heart' } });
  await c.v1('POST', `${R}/issues/${n}/reactions`, { auth: alice, body: { content: 'heart' } });
  await c.v1('POST', `${R}/issues/comments/${cid}/reactions`, { auth: admin, body: { content: '+1' } });
  await c.v1('PUT', `${R}/issues/${n}/subscriptions/alice`, { auth: alice });
  await c.v1('PATCH', `${R}/issues/${n}`, { auth: admin, body: { title: 'Extras renamed', state: 'closed' } });
  const asset = await upload(c, h, admin, `${R}/issues/${n}/assets`);
  const commentAsset = await upload(c, h, alice, `${R}/issues/comments/${cid}/assets`);
  await c.v1('PATCH', `${R}/issues/${n}/assets/${String(asset.id)}`, { auth: admin, body: { name: 'renamed.txt' } });
  await c.v1('PATCH', `${R}/issues/comments/${cid}/assets/${String(commentAsset.id)}`, { auth: alice, body: { name: 'mine.txt' } });
  // who may be assigned or asked to review
  await c.v1('GET', `${R}/assignees`, { auth: alice });
  await c.v1('GET', `${R}/assignees/${ADMIN.username}`, { auth: alice });
  await c.v1('GET', `${R}/reviewers`, { auth: admin });
  for (const auth of [admin, alice, undefined]) {
    await c.v1('GET', `${R}/issues/${n}/reactions`, { auth });
    await c.v1('GET', `${R}/issues/comments/${cid}/reactions`, { auth });
    await c.v1('GET', `${R}/issues/${n}/subscriptions`, { auth });
    await c.v1('GET', `${R}/issues/${n}/timeline`, { auth });
    await c.v1('GET', `${R}/issues/${n}/assets`, { auth });
    await c.v1('GET', `${R}/issues/${n}/assets/${String(asset.id)}`, { auth });
    await c.v1('GET', `${R}/issues/comments/${cid}/assets`, { auth });
    await c.v1('GET', `${R}/issues/comments/${cid}/assets/${String(commentAsset.id)}`, { auth });
    await c.v1('GET', `${R}/issues/${n}`, { auth });
    await c.v1('GET', `${R}/issues/comments/${cid}`, { auth });
  }
  await c.v1('GET', `${R}/issues/${n}/subscriptions/check`, { auth: alice });
  await c.v1('DELETE', `${R}/issues/${n}/subscriptions/alice`, { auth: alice });
  await c.v1('DELETE', `${R}/issues/${n}/reactions`, { auth: alice, body: { content: 'heart' } });
  await c.v1('DELETE', `${R}/issues/comments/${cid}/reactions`, { auth: admin, body: { content: '+1' } });
  await c.v1('DELETE', `${R}/issues/comments/${cid}/assets/${String(commentAsset.id)}`, { auth: alice });
  await c.v1('DELETE', `${R}/issues/${n}/assets/${String(asset.id)}`, { auth: admin });
}

/** Issue templates and the issue config: a markdown template, an issue form and a config written through the contents API, then read. */
export async function issueTemplates(c: Checker, w: World): Promise<void> {
  const { admin, alice } = w;
  const put = (path: string, text: string) => c.v1('POST', `${R}/contents/${path}`, { auth: admin, body: { content: Buffer.from(text).toString('base64'), message: `add ${path}` } });
  await put('.gitea/ISSUE_TEMPLATE/bug.md', '---\nname: Bug\nabout: A bug\nlabels: bug\n---\nWhat happened?\n');
  await put('.gitea/ISSUE_TEMPLATE/form.yaml', 'name: Form\ndescription: A form\nbody:\n  - type: markdown\n    attributes: { value: hi }\n  - type: input\n    id: v\n    attributes: { label: Version }\n    validations: { required: true }\n  - type: checkboxes\n    id: c\n    attributes: { label: C, options: [{ label: ok, required: true }] }\n');
  await put('.gitea/ISSUE_TEMPLATE/config.yaml', 'blank_issues_enabled: false\ncontact_links:\n  - { name: Forum, url: "https://forum.example.com", about: Ask }\n');
  for (const auth of [admin, alice, undefined]) {
    await c.v1('GET', `${R}/issue_templates`, { auth });
    await c.v1('GET', `${R}/issue_config`, { auth });
    await c.v1('GET', `${R}/issue_config/validate`, { auth });
    await c.hf('GET', `${R}/issue_templates`, { auth });
  }
}
