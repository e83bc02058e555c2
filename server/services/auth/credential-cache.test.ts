import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkOnce } from './credential-cache.ts';
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';

/** A check that counts its calls and answers when released. */
function heldCheck(answer: UserRecord | null) {
  let calls = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => { release = r; });
  return { check: async () => { calls += 1; await gate; return answer; }, calls: () => calls, release: () => release() };
}

test('checks of one login and password that arrive while one runs share it; a later check runs again', async () => {
  const app = {} as AppContext;
  const user = { id: 7 } as UserRecord;
  const held = heldCheck(user);
  const waiting = Array.from({ length: 32 }, () => checkOnce(app, 'Root', 'pw-1', held.check));
  held.release();
  const answers = await Promise.all(waiting);
  assert.equal(held.calls(), 1);
  assert.ok(answers.every((a) => a === user));
  const next = heldCheck(user);
  next.release();
  await checkOnce(app, 'Root', 'pw-1', next.check);
  assert.equal(next.calls(), 1, 'a finished check is not kept: the credential cache remembers results');
});

test('another password, another login or another host does not share a running check; a failure is shared, not kept', async () => {
  const app = {} as AppContext;
  const held = heldCheck(null);
  const others = [heldCheck(null), heldCheck(null), heldCheck(null)];
  const first = checkOnce(app, 'root', 'pw-1', held.check);
  const second = [
    checkOnce(app, 'root', 'pw-2', others[0]!.check),
    checkOnce(app, 'alice', 'pw-1', others[1]!.check),
    checkOnce({} as AppContext, 'root', 'pw-1', others[2]!.check),
  ];
  const same = checkOnce(app, 'root', 'pw-1', held.check);
  for (const o of others) o.release();
  held.release();
  assert.deepEqual(await Promise.all([first, same, ...second]), [null, null, null, null, null]);
  assert.equal(held.calls(), 1);
  assert.deepEqual(others.map((o) => o.calls()), [1, 1, 1]);
});

test('a check that throws rejects every request sharing it and is not kept', async () => {
  const app = {} as AppContext;
  let calls = 0;
  const failing = async (): Promise<UserRecord | null> => { calls += 1; await Promise.resolve(); throw new Error('directory down'); };
  const results = await Promise.allSettled([checkOnce(app, 'root', 'pw', failing), checkOnce(app, 'root', 'pw', failing)]);
  assert.deepEqual(results.map((r) => r.status), ['rejected', 'rejected']);
  assert.equal(calls, 1);
  await assert.rejects(checkOnce(app, 'root', 'pw', failing));
  assert.equal(calls, 2);
});
