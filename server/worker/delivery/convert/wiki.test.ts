// The wiki event in every chat kind: Gitea's sentence per action (created, edited, deleted) and Homeforge's
// `renamed`, the page linked to the wiki, the comment shown except for a deletion; packagist sends its empty body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CONVERTERS } from './kinds.ts';
import { generalInfo } from './summary.ts';
import { PLAIN, render } from './markup.ts';

const R = 'http://localhost:3000/test/repo';
const repository = { full_name: 'test/repo', html_url: R };
const sender = { login: 'user1', full_name: '', html_url: 'http://localhost:3000/user1', avatar_url: '' };
const payload = (action: string) => ({ action, repository, sender, page: 'Meeting-notes', comment: 'Wiki change comment' });

test('the wording of each action, as Gitea writes it', () => {
  const text = (action: string) => render(PLAIN, generalInfo('wiki', payload(action), false).text);
  assert.equal(text('created'), "[test/repo] New wiki page 'Meeting-notes' (Wiki change comment) by user1");
  assert.equal(text('edited'), "[test/repo] Wiki page 'Meeting-notes' edited (Wiki change comment) by user1");
  assert.equal(text('renamed'), "[test/repo] Wiki page 'Meeting-notes' renamed (Wiki change comment) by user1");
  assert.equal(text('deleted'), "[test/repo] Wiki page 'Meeting-notes' deleted by user1");
  assert.equal(generalInfo('wiki', payload('edited'), true).url, `${R}/wiki/Meeting-notes`);
});

test('every kind converts every wiki action', () => {
  for (const [kind, convert] of Object.entries(CONVERTERS)) {
    for (const action of ['created', 'edited', 'renamed', 'deleted']) {
      const body = JSON.stringify(convert({ eventType: 'wiki', payload: payload(action), meta: { channel: '#dev' }, url: 'https://chat.example/x', secret: 's', now: 1_700_000_000_000 }).body);
      if (kind === 'packagist') {
        assert.equal(body, '{"repository":{"url":""}}');
        continue;
      }
      assert.ok(body.includes('Meeting-notes'), `${kind} ${action}: ${body}`);
      assert.ok(body.includes(action === 'created' ? 'New wiki page' : action), `${kind} ${action}: ${body}`);
    }
  }
});
