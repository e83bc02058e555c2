// Notification jobs survive a host stopped before its queue ran them: each job's intent is in the journal on disk when
// the request answers, the next start runs the jobs (merged ones end every intent), and the threads appear.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHost, makeUser, createToken, pw, type TestHost, ok } from '../helpers/host.ts';
import { holdNotifications, notificationsIdle } from '../../server/services/notification/queue.ts';
import { NOTIFY_INTENT } from '../../server/services/notification/jobs.ts';
import { Journal } from '../../server/store/engine/journal.ts';

/** The intents on disk, as a new process would find them. */
const onDisk = (h: TestHost) => new Journal(path.join(h.dataDir, 'store')).pending();

test('notification jobs left unrun by a stopped host run at the next start', { timeout: 60_000 }, async () => {
  let h = await startHost({ keepData: true });
  const alice = await makeUser(h, 'alice');
  const bob = await makeUser(h, 'bob');
  await makeUser(h, 'dave');
  ok(await h.api('POST', '/user/repos', { auth: alice, body: { name: 'proj', auto_init: true } }), 201);
  ok(await h.api('POST', '/repos/alice/proj/issues', { auth: bob, body: { title: 'Crash', body: 'it dies' } }), 201);
  await notificationsIdle(h.app);
  ok(await h.api('POST', '/repos/alice/proj/issues/1/comments', { auth: bob, body: { body: 'one' } }), 201);
  await notificationsIdle(h.app);
  assert.deepEqual(await onDisk(h), [], 'a job that ran has ended its intent');

  // As a kill leaves them: the requests have answered, the queue never ran.
  holdNotifications(h.app);
  const first = ok(await h.api('POST', '/repos/alice/proj/issues/1/comments', { auth: alice, body: { body: 'looking' } }), 201) as { id: number };
  const second = ok(await h.api('POST', '/repos/alice/proj/issues/1/comments', { auth: alice, body: { body: 'cc @dave' } }), 201) as { id: number };
  const pending = await onDisk(h);
  assert.deepEqual(pending.map((i) => [i.kind, i.data.comment_id, i.data.mention_text]), [[NOTIFY_INTENT, first.id, 'looking'], [NOTIFY_INTENT, second.id, 'cc @dave']]);
  assert.equal((ok(await h.api('GET', '/notifications/new', { auth: bob })) as { new: number }).new, 0);
  await h.stop();

  h = await startHost({ dataDir: h.dataDir });
  try {
    await notificationsIdle(h.app);
    const bobNow = await createToken(h, 'bob', pw('bob'));
    const [t] = ok(await h.api('GET', '/notifications', { auth: bobNow })) as { subject: { title: string; latest_comment_url: string } }[];
    assert.equal(t?.subject.title, 'Crash');
    assert.equal(t.subject.latest_comment_url, `${h.url}/api/v1/repos/alice/proj/issues/comments/${second.id}`, 'the two jobs ran merged');
    const dave = await createToken(h, 'dave', pw('dave'));
    assert.equal((ok(await h.api('GET', '/notifications/new', { auth: dave })) as { new: number }).new, 1, 'the mention of the second job');
    assert.deepEqual(await onDisk(h), [], 'the merged job ended both intents');
  } finally {
    await h.stop();
  }
});
