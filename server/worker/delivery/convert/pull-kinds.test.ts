/**
 * Pull-request events (opened, synchronized, closed as merged, label and assignee changes, comments) as every chat
 * kind words them: the pull request's number, title and link reach each body, a merge is said as such, and
 * packagist (push-only) sends its empty notice.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CONVERTERS } from './kinds.ts';

const R = 'http://localhost:3000/test/repo';
const sender = { login: 'user1', html_url: 'http://localhost:3000/user1' };
const repository = { full_name: 'test/repo', html_url: R };
const pr = (merged = false) => ({ number: 8, title: 'Fix the parser', body: 'it was broken', html_url: `${R}/pulls/8`, merged });
const EVENTS: [string, Record<string, unknown>, RegExp][] = [
  ['pull_request', { action: 'opened', number: 8, pull_request: pr(), repository, sender }, /Pull request opened/],
  ['pull_request_sync', { action: 'synchronized', number: 8, pull_request: pr(), repository, sender }, /Pull request synchronized/],
  ['pull_request', { action: 'closed', number: 8, pull_request: pr(true), repository, sender }, /Pull request merged/],
  ['pull_request_label', { action: 'label_updated', number: 8, pull_request: pr(), repository, sender }, /Pull request labels updated/],
  ['pull_request_assign', { action: 'assigned', number: 8, pull_request: pr(), repository, sender }, /Pull request assigned/],
  ['pull_request_milestone', { action: 'milestoned', number: 8, pull_request: pr(), repository, sender }, /Pull request milestoned/],
  ['pull_request_comment', { action: 'created', issue: pr(), comment: { body: 'nice', html_url: `${R}/pulls/8#c1`, pull_request_url: `${R}/pulls/8` }, is_pull: true, repository, sender }, /New comment on pull request/],
];

describe('pull-request events in every chat kind', () => {
  for (const kind of Object.keys(CONVERTERS)) {
    for (const [eventType, payload, words] of EVENTS) {
      test(`${kind} ${eventType} ${String(payload.action)}`, () => {
        const body = CONVERTERS[kind]!({ eventType, payload, meta: { channel: '#dev' }, url: 'https://chat.example/hook', secret: 's', now: 1_700_000_000_000 }).body;
        const text = JSON.stringify(body);
        if (kind === 'packagist') {
          assert.deepEqual(body, { repository: { url: '' } });
          return;
        }
        assert.match(text, words);
        assert.match(text, /#8/);
        assert.match(text, /Fix the parser/);
      });
    }
  }
});
